import { Check, Copy, TriangleAlert } from 'lucide-react';
import { type ReactNode, useId, useRef, useState } from 'react';
import { Alert, AlertTitle } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { DialogFooter } from '../../../components/ui/dialog.tsx';
import { Label } from '../../../components/ui/label.tsx';

interface SecretShownOnceProps {
  label: string;
  /** Nothing to show (a Slack or Teams webhook): `children` say why instead. */
  secret: string | null;
  warning: string;
  /** The Done button of the dialog's footer. */
  onDone: () => void;
  children?: ReactNode;
}

/**
 * The end of a create dialog whose result holds a secret the server returns once (an API key, a
 * signing secret): the secret and its warning, then the footer's Done.
 */
export function SecretShownOnce({ label, secret, warning, onDone, children }: SecretShownOnceProps) {
  return (
    <>
      {secret === null ? children : <SecretField label={label} secret={secret} warning={warning} />}
      <DialogFooter>
        <Button type="button" onClick={onDone}>
          Done
        </Button>
      </DialogFooter>
    </>
  );
}

/**
 * The secret in a read-only field with a Copy button and a warning that it will not be shown again.
 * Where the clipboard is refused (an insecure origin, a denied permission) the field is selected so
 * the person can copy it by hand.
 */
function SecretField({ label, secret, warning }: { label: string; secret: string; warning: string }) {
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied('yes');
    } catch {
      field.current?.select();
      setCopied('no');
    }
  };

  return (
    <div className="grid gap-3">
      <Alert variant="warning">
        <AlertTitle className="flex items-center gap-2">
          <TriangleAlert className="size-4 shrink-0" aria-hidden /> Copy it now
        </AlertTitle>
        <p className="mt-1">{warning}</p>
      </Alert>
      <div className="grid gap-2">
        <Label htmlFor={id}>{label}</Label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <input
            ref={field}
            id={id}
            readOnly
            value={secret}
            onFocus={(event) => event.currentTarget.select()}
            className="h-10 min-w-0 flex-1 rounded-md border border-border bg-muted px-3 font-mono text-sm"
          />
          <Button type="button" variant="outline" onClick={() => void copy()}>
            {copied === 'yes' ? <Check aria-hidden /> : <Copy aria-hidden />}
            {copied === 'yes' ? 'Copied' : 'Copy'}
          </Button>
        </div>
        <p className="text-xs text-muted-foreground" aria-live="polite">
          {copied === 'yes'
            ? 'Copied to the clipboard.'
            : copied === 'no'
              ? 'The clipboard is not available here: press Ctrl+C (⌘C) to copy the selected text.'
              : ''}
        </p>
      </div>
    </div>
  );
}
