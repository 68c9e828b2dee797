import { FileText, X } from 'lucide-react';
import { useState } from 'react';
import { TASK_ATTACHMENTS_MAX } from '../../../../shared/schemas/task-requests.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Progress } from '../../../components/ui/progress.tsx';
import { formatBytes } from '../task-labels.ts';
import type { AttachmentUploads } from './use-attachment-uploads.ts';

/** Choose files to attach; each one's upload progress or error is shown beside it. */
export function AttachmentPicker({ id, uploads }: { id: string; uploads: AttachmentUploads }) {
  const [notice, setNotice] = useState<string | null>(null);
  const isFull = uploads.uploads.length >= TASK_ATTACHMENTS_MAX;
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>Attachments</Label>
      <Input
        id={id}
        type="file"
        multiple
        disabled={isFull}
        aria-describedby={`${id}-description`}
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          const left = uploads.add(files);
          setNotice(
            left > 0 ? `Only ${TASK_ATTACHMENTS_MAX} files can be attached; ${left} ${left === 1 ? 'was' : 'were'} left out.` : null,
          );
          event.target.value = '';
        }}
      />
      <p id={`${id}-description`} className="text-xs text-muted-foreground">
        Up to {TASK_ATTACHMENTS_MAX} files: the policy to update, the vendor’s report, the questionnaire to answer.
      </p>
      {notice ? (
        <p role="status" className="text-xs font-medium text-amber-800 dark:text-amber-300">
          {notice}
        </p>
      ) : null}
      {uploads.uploads.length > 0 ? (
        <ul className="grid gap-2" aria-label="Attached files">
          {uploads.uploads.map((upload) => (
            <li key={upload.key} className="grid gap-1.5 rounded-md border border-border p-2.5 text-sm">
              <div className="flex items-center gap-2">
                <FileText className="size-4 shrink-0 text-muted-foreground" aria-hidden />
                <span className="min-w-0 flex-1 truncate">{upload.fileName}</span>
                <span className="text-xs text-muted-foreground">{formatBytes(upload.sizeBytes)}</span>
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
              </div>
              {upload.status === 'uploading' ? (
                <Progress value={Math.round(upload.progress * 100)} aria-label={`Uploading ${upload.fileName}`} className="h-1.5" />
              ) : null}
              {upload.status === 'done' ? <p className="text-xs text-emerald-700 dark:text-emerald-400">Uploaded</p> : null}
              {upload.status === 'failed' ? (
                <p role="alert" className="text-xs font-medium text-red-700 dark:text-red-400">
                  {upload.error} Remove it to continue.
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
