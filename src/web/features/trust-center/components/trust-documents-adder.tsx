import { Upload } from 'lucide-react';
import { useId, useState } from 'react';
import type { TrustCenterSettings } from '../../../../shared/schemas/trust-center.ts';
import { Button } from '../../../components/ui/button.tsx';
import { FormError } from '../../../components/ui/form-error.tsx';
import { NativeSelect } from '../../../components/ui/native-select.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useAddTrustDocument, useUploadTrustDocument } from '../api/trust-center-settings.ts';

const messageOf = (error: unknown) => (error instanceof ApiError ? error.message : 'That did not work. Try again.');

/** Adds documents: a file uploaded through the files platform, or an approved deliverable or reviewed evidence file. Both start restricted. */
export function TrustDocumentsAdder({ settings, organizationId }: { settings: TrustCenterSettings; organizationId: string | undefined }) {
  const id = useId();
  const upload = useUploadTrustDocument(organizationId);
  const add = useAddTrustDocument(organizationId);
  const [picked, setPicked] = useState('');
  const options = [
    ...settings.available.deliverables.map((item) => ({ value: `deliverable:${item.id}`, label: `Deliverable: ${item.title}` })),
    ...settings.available.evidence.map((item) => ({ value: `evidence:${item.id}`, label: `Evidence: ${item.title}` })),
  ];
  const error = upload.error ?? add.error;
  return (
    <div className="grid gap-4">
      <div className="grid gap-2">
        <label htmlFor={`${id}-file`} className="text-sm font-medium">
          Upload a document (PDF, Word, text; up to 10 MB)
        </label>
        <input
          id={`${id}-file`}
          type="file"
          className="text-sm"
          accept=".pdf,.docx,.txt,.csv,.xlsx,.png,.jpg"
          disabled={upload.isPending}
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) upload.mutate(file, { onSettled: () => (event.target.value = '') });
          }}
        />
        {upload.isPending ? (
          <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
            <Upload className="size-4" aria-hidden /> Uploading…
          </p>
        ) : null}
      </div>
      {options.length > 0 ? (
        <form
          className="flex flex-col gap-2 sm:flex-row sm:items-end"
          onSubmit={(event) => {
            event.preventDefault();
            const [source, sourceId] = picked.split(':');
            if ((source === 'deliverable' || source === 'evidence') && sourceId)
              add.mutate({ source, sourceId, visibility: 'restricted' }, { onSuccess: () => setPicked('') });
          }}
        >
          <div className="grid flex-1 gap-1">
            <label htmlFor={`${id}-pick`} className="text-sm font-medium">
              Or pick an approved deliverable or reviewed evidence
            </label>
            <NativeSelect id={`${id}-pick`} value={picked} onChange={(event) => setPicked(event.target.value)}>
              <option value="">Choose…</option>
              {options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </NativeSelect>
          </div>
          <Button type="submit" variant="outline" disabled={!picked || add.isPending}>
            Add
          </Button>
        </form>
      ) : null}
      <FormError message={error ? messageOf(error) : null} />
    </div>
  );
}
