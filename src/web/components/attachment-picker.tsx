import { FileText, X } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { formatBytes } from '../lib/format-bytes.ts';
import { Button } from './ui/button.tsx';
import { Input } from './ui/input.tsx';
import { Label } from './ui/label.tsx';
import { Progress } from './ui/progress.tsx';

/** One chosen file as its upload hook tracks it; size and progress are shown when the hook knows them. */
export interface PickedAttachment {
  key: string;
  fileName: string;
  status: 'uploading' | 'done' | 'failed';
  error?: string;
  sizeBytes?: number;
  /** 0 to 1. */
  progress?: number;
}

/** What the picker needs of an upload hook (useAttachmentUploads, useSupportUploads). */
export interface AttachmentPickerUploads {
  uploads: readonly PickedAttachment[];
  /** Starts uploading what fits; returns how many files were left out. */
  add: (files: File[]) => number;
  remove: (key: string) => void;
}

interface AttachmentPickerProps {
  id: string;
  uploads: AttachmentPickerUploads;
  /** How many files fit. */
  max: number;
  /** The hint under the field. */
  description: ReactNode;
}

/** Choose files to attach; each one's state (progress or uploading, uploaded, refused and why) beside it. */
export function AttachmentPicker({ id, uploads, max, description }: AttachmentPickerProps) {
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>Attachments</Label>
      <Input
        id={id}
        type="file"
        multiple
        disabled={uploads.uploads.length >= max}
        aria-describedby={`${id}-description`}
        onChange={(event) => {
          const left = uploads.add(Array.from(event.target.files ?? []));
          setNotice(left > 0 ? `Only ${max} files can be attached; ${left} ${left === 1 ? 'was' : 'were'} left out.` : null);
          event.target.value = '';
        }}
      />
      <p id={`${id}-description`} className="text-xs text-muted-foreground">
        {description}
      </p>
      {notice ? (
        <p role="status" className="text-xs font-medium text-amber-800 dark:text-amber-300">
          {notice}
        </p>
      ) : null}
      {uploads.uploads.length > 0 ? (
        <ul className="grid gap-2" aria-label="Attached files">
          {uploads.uploads.map((upload) => (
            <AttachmentRow key={upload.key} upload={upload} onRemove={() => uploads.remove(upload.key)} />
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function AttachmentRow({ upload, onRemove }: { upload: PickedAttachment; onRemove: () => void }) {
  return (
    <li className="grid gap-1.5 rounded-md border border-border p-2.5 text-sm">
      <div className="flex items-center gap-2">
        <FileText className="size-4 shrink-0 text-muted-foreground" aria-hidden />
        <span className="min-w-0 flex-1 truncate">{upload.fileName}</span>
        {upload.sizeBytes === undefined ? null : <span className="text-xs text-muted-foreground">{formatBytes(upload.sizeBytes)}</span>}
        <Button type="button" variant="ghost" size="icon" className="size-7" aria-label={`Remove ${upload.fileName}`} onClick={onRemove}>
          <X aria-hidden />
        </Button>
      </div>
      <AttachmentState upload={upload} />
    </li>
  );
}

function AttachmentState({ upload }: { upload: PickedAttachment }) {
  if (upload.status === 'uploading') {
    return upload.progress === undefined ? (
      <p className="text-xs text-muted-foreground">Uploading…</p>
    ) : (
      <Progress value={Math.round(upload.progress * 100)} aria-label={`Uploading ${upload.fileName}`} className="h-1.5" />
    );
  }
  if (upload.status === 'done') return <p className="text-xs text-emerald-700 dark:text-emerald-400">Uploaded</p>;
  return (
    <p role="alert" className="text-xs font-medium text-red-700 dark:text-red-400">
      {upload.error ?? 'The upload failed.'} Remove it to continue.
    </p>
  );
}
