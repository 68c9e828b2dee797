import { Download, FileText } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import {
  VENDOR_DOCUMENT_KIND_LABELS,
  VENDOR_DOCUMENT_STATUS_LABELS,
  VENDOR_DOCUMENT_UPLOAD_MAX_BYTES,
  type VendorDocument,
  type VendorDocumentStatus,
} from '../../../../../shared/schemas/vendor-documents.ts';
import { Badge } from '../../../../components/ui/badge.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { FormError } from '../../../../components/ui/form-error.tsx';
import { EmptyState, LoadFailed } from '../../../../components/ui/load-states.tsx';
import { Progress } from '../../../../components/ui/progress.tsx';
import { Spinner } from '../../../../components/ui/spinner.tsx';
import { formatUtcDay, parseUtcDay } from '../../../../lib/utc-dates.ts';
import { serverFormErrors } from '../../../../lib/server-form-errors.ts';
import { useDownloadVendorDocument, useUploadVendorDocument, useVendorDocuments } from '../../api/vendor-documents-api.ts';
import { DocumentReview } from './document-review.tsx';

/** A vendor's documents in its detail: upload, each one's status, and the review of what was read. */

const TONES: Record<VendorDocumentStatus, 'neutral' | 'info' | 'green' | 'yellow' | 'red'> = {
  reading: 'info',
  read: 'yellow',
  confirmed: 'green',
  scanned: 'red',
  encrypted: 'red',
  corrupt: 'red',
  not_pdf: 'red',
  too_large: 'red',
  failed: 'red',
};

function UploadForm({ vendorId }: { vendorId: string }) {
  const id = useId();
  const upload = useUploadVendorDocument(vendorId);
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const file = new FormData(form).get('file');
    if (!(file instanceof File) || file.size === 0) {
      setFailure('Choose the document (a PDF).');
      return;
    }
    setFailure(null);
    setProgress(0);
    try {
      await upload.mutateAsync({ file, onProgress: setProgress });
      form.reset();
    } catch (error) {
      const found = serverFormErrors(error, ['file'], 'The document could not be uploaded. Try again.');
      setFailure(found.fields.file ?? found.message);
    } finally {
      setProgress(null);
    }
  };
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-2 rounded-md border border-border p-3">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="grid flex-1 gap-1">
          <label htmlFor={id} className="text-sm font-medium">
            Document
          </label>
          <input
            id={id}
            name="file"
            type="file"
            accept="application/pdf,.pdf"
            className="min-w-0 text-sm"
            aria-describedby={`${id}-hint`}
          />
          <p id={`${id}-hint`} className="text-xs text-muted-foreground">
            A SOC 2 report, ISO 27001 certificate, pen-test summary or DPA as a PDF, at most {VENDOR_DOCUMENT_UPLOAD_MAX_BYTES / 1_048_576}{' '}
            MB. It is read after upload; every field keeps the page it came from.
          </p>
        </div>
        <Button type="submit" disabled={upload.isPending}>
          {upload.isPending ? 'Uploading…' : 'Upload'}
        </Button>
      </div>
      {progress !== null ? <Progress value={Math.round(progress * 100)} aria-label="Upload progress" /> : null}
      <FormError message={failure} />
    </form>
  );
}

function DocumentItem({ vendorId, document, canWrite }: { vendorId: string; document: VendorDocument; canWrite: boolean }) {
  // Opens by itself once the document waits for this reviewer (it may have been `reading` at first render).
  const [chosen, setOpen] = useState<boolean | null>(null);
  const isOpen = chosen ?? (document.status === 'read' && canWrite);
  const panelId = useId();
  const download = useDownloadVendorDocument(vendorId);
  const canOpen = document.status === 'read' || document.status === 'confirmed';
  return (
    <li className="grid gap-3 rounded-md border border-border p-3">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid min-w-0 gap-1">
          <p className="break-words text-sm font-medium">{document.fileName}</p>
          <p className="text-xs text-muted-foreground">
            {document.kind ? VENDOR_DOCUMENT_KIND_LABELS[document.kind] : 'Not read yet'}
            {document.pageCount ? ` · ${document.pageCount} pages` : ''}
            {document.expiresOn ? ` · counts until ${formatUtcDay(parseUtcDay(document.expiresOn))}` : ''}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone={TONES[document.status]}>{VENDOR_DOCUMENT_STATUS_LABELS[document.status]}</Badge>
          <Button
            type="button"
            size="sm"
            variant="outline"
            disabled={download.isPending}
            aria-label={`Download ${document.fileName}`}
            onClick={() => download.mutate({ documentId: document.id, fallbackName: document.fileName })}
          >
            <Download aria-hidden /> File
          </Button>
          {canOpen ? (
            <Button
              type="button"
              size="sm"
              variant="outline"
              aria-expanded={isOpen}
              aria-controls={panelId}
              onClick={() => setOpen(!isOpen)}
            >
              {isOpen ? 'Hide' : document.status === 'read' && canWrite ? 'Review' : 'Show'}
            </Button>
          ) : null}
        </div>
      </div>
      {document.status === 'reading' ? <Spinner className="justify-start p-0" label="Reading the document…" /> : null}
      {download.isError ? <FormError message="The file could not be downloaded. Try again." /> : null}
      {document.message ? (
        <p className="text-sm" role={document.status === 'reading' ? undefined : 'note'}>
          {document.message}
        </p>
      ) : null}
      {isOpen && canOpen ? (
        <div id={panelId}>
          <DocumentReview vendorId={vendorId} documentId={document.id} canConfirm={canWrite} onConfirmed={() => setOpen(true)} />
        </div>
      ) : null}
    </li>
  );
}

export function VendorDocuments({ vendorId, canWrite }: { vendorId: string; canWrite: boolean }) {
  const documents = useVendorDocuments(vendorId);
  return (
    <section className="grid gap-3" aria-labelledby={`${vendorId}-documents`}>
      <h3 id={`${vendorId}-documents`} className="text-base font-semibold">
        Documents
      </h3>
      {canWrite ? <UploadForm vendorId={vendorId} /> : null}
      {documents.isPending ? (
        <Spinner label="Loading the documents" />
      ) : documents.isError ? (
        <LoadFailed title="The documents could not be loaded" onRetry={() => void documents.refetch()} />
      ) : documents.data.documents.length === 0 ? (
        <EmptyState icon={FileText} title="No documents yet">
          Upload the vendor’s SOC 2 report or certificate: its fields are read with their pages for you to confirm.
        </EmptyState>
      ) : (
        <ul className="grid gap-3" aria-label="Vendor documents">
          {documents.data.documents.map((document) => (
            <DocumentItem key={document.id} vendorId={vendorId} document={document} canWrite={canWrite} />
          ))}
        </ul>
      )}
    </section>
  );
}
