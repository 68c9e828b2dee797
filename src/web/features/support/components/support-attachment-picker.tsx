import { FileText, X } from 'lucide-react';
import { useState } from 'react';
import { SUPPORT_ATTACHMENTS_MAX } from '../../../../shared/schemas/support.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import type { SupportUploads } from './use-support-uploads.ts';

/** Choose files for a support message; each one's state (uploading, uploaded, refused and why) beside it. */
export function SupportAttachmentPicker({ id, uploads }: { id: string; uploads: SupportUploads }) {
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>Attachments</Label>
      <Input
        id={id}
        type="file"
        multiple
        disabled={uploads.uploads.length >= SUPPORT_ATTACHMENTS_MAX}
        aria-describedby={`${id}-description`}
        onChange={(event) => {
          const left = uploads.add(Array.from(event.target.files ?? []));
          setNotice(
            left > 0 ? `Only ${SUPPORT_ATTACHMENTS_MAX} files can be attached; ${left} ${left === 1 ? 'was' : 'were'} left out.` : null,
          );
          event.target.value = '';
        }}
      />
      <p id={`${id}-description`} className="text-xs text-muted-foreground">
        Up to {SUPPORT_ATTACHMENTS_MAX} files of 10 MB: PDF, PNG, JPEG, text, CSV, Word or Excel.
      </p>
      {notice ? (
        <p role="status" className="text-xs font-medium text-amber-800 dark:text-amber-300">
          {notice}
        </p>
      ) : null}
      {uploads.uploads.length > 0 ? (
        <ul className="grid gap-2" aria-label="Attached files">
          {uploads.uploads.map((upload) => (
            <li key={upload.key} className="flex flex-wrap items-center gap-2 rounded-md border border-border p-2 text-sm">
              <FileText className="size-4 shrink-0 text-muted-foreground" aria-hidden />
              <span className="min-w-0 flex-1 truncate">{upload.fileName}</span>
              <span className="text-xs" role={upload.status === 'failed' ? 'alert' : undefined}>
                {upload.status === 'uploading'
                  ? 'Uploading…'
                  : upload.status === 'done'
                    ? 'Uploaded'
                    : `${upload.error ?? 'Failed.'} Remove it to continue.`}
              </span>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                className="size-7"
                aria-label={`Remove ${upload.fileName}`}
                onClick={() => uploads.remove(upload.key)}
              >
                <X aria-hidden />
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
