import { Alert } from './ui/alert.tsx';
import { Button } from './ui/button.tsx';
import { DialogFooter } from './ui/dialog.tsx';

interface DialogFormFooterProps {
  /** The error that belongs to no field (the server refused, the network failed). */
  error: string | undefined;
  isPending: boolean;
  submitLabel: string;
  /** What the submit button says while the request runs, e.g. “Creating…”. */
  pendingLabel: string;
  onCancel: () => void;
}

/** The end of a dialog's form: its form-level error, then Cancel and the submit button. */
export function DialogFormFooter({ error, isPending, submitLabel, pendingLabel, onCancel }: DialogFormFooterProps) {
  return (
    <>
      {error ? (
        <Alert role="alert" variant="destructive">
          {error}
        </Alert>
      ) : null}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={isPending}>
          {isPending ? pendingLabel : submitLabel}
        </Button>
      </DialogFooter>
    </>
  );
}
