import { useId, useState } from 'react';
import type { VendorDocumentRead } from '../../../../../shared/schemas/vendor-document-extraction.ts';
import {
  type ConfirmVendorDocumentInput,
  fieldValueProblem,
  VENDOR_DOCUMENT_FIELD_LABELS,
  type VendorDocumentExtraction,
} from '../../../../../shared/schemas/vendor-documents.ts';
import { Button } from '../../../../components/ui/button.tsx';
import { FormError } from '../../../../components/ui/form-error.tsx';
import { Input } from '../../../../components/ui/input.tsx';
import { LoadFailed } from '../../../../components/ui/load-states.tsx';
import { Spinner } from '../../../../components/ui/spinner.tsx';
import { ApiError } from '../../../../lib/api-client.ts';
import { ConfirmedDocument } from './document-consequences.tsx';
import { useConfirmVendorDocument, useVendorDocumentExtraction } from '../../api/vendor-documents-api.ts';

/**
 * One document's extraction (getVendorDocumentExtraction): what the reader found, each field with its
 * page and the line it quotes; a reviewer confirms or corrects each field and keeps or drops each listed
 * item (confirmVendorDocumentExtraction); once confirmed, what it set in motion.
 */

interface FieldDraft {
  key: VendorDocumentRead['fields'][number]['key'];
  value: string;
  page: string;
  quote: string;
  checked: boolean;
}

const pageOf = (text: string) => Number.parseInt(text, 10);

function FieldRow({ field, onChange }: { field: FieldDraft; onChange: (next: FieldDraft) => void }) {
  const id = useId();
  const label = VENDOR_DOCUMENT_FIELD_LABELS[field.key];
  const problem = fieldValueProblem(field.key, field.value.trim()) ?? (pageOf(field.page) >= 1 ? null : 'A page number');
  return (
    <li className="grid gap-2 rounded-md border border-border p-3">
      <div className="grid gap-2 sm:grid-cols-[1fr_6rem]">
        <div className="grid gap-1">
          <label htmlFor={`${id}-value`} className="text-sm font-medium">
            {label}
          </label>
          <Input
            id={`${id}-value`}
            value={field.value}
            aria-invalid={problem ? true : undefined}
            aria-describedby={`${id}-quote`}
            onChange={(event) => onChange({ ...field, value: event.target.value })}
          />
        </div>
        <div className="grid gap-1">
          <label htmlFor={`${id}-page`} className="text-sm font-medium">
            Page
          </label>
          <Input
            id={`${id}-page`}
            inputMode="numeric"
            value={field.page}
            onChange={(event) => onChange({ ...field, page: event.target.value.replace(/\D/g, '') })}
          />
        </div>
      </div>
      <p id={`${id}-quote`} className="break-words text-xs text-muted-foreground">
        Read from: “{field.quote}”
      </p>
      {problem ? <p className="text-xs text-red-700 dark:text-red-400">{problem}</p> : null}
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={field.checked} onChange={(event) => onChange({ ...field, checked: event.target.checked })} />
        Checked against page {field.page || '?'}
      </label>
    </li>
  );
}

function KeptList<T>({
  title,
  items,
  kept,
  describe,
  onToggle,
}: {
  title: string;
  items: readonly T[];
  kept: readonly boolean[];
  describe: (item: T) => string;
  onToggle: (index: number, keep: boolean) => void;
}) {
  if (items.length === 0) return null;
  return (
    <fieldset className="grid gap-2">
      <legend className="text-sm font-semibold">
        {title} ({kept.filter(Boolean).length} of {items.length} kept)
      </legend>
      <ul className="grid gap-1">
        {items.map((item, index) => (
          <li key={index}>
            <label className="flex items-start gap-2 text-sm">
              <input
                type="checkbox"
                className="mt-1"
                checked={kept[index] ?? true}
                onChange={(event) => onToggle(index, event.target.checked)}
              />
              <span className="break-words">{describe(item)}</span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

type ListName = 'exceptions' | 'cuecs' | 'subserviceOrganizations';

/** What a refused confirmation says; `stale` when reloading is the way on (confirmed elsewhere, or changed since read). */
function failureOf(error: unknown): { message: string; stale: boolean } {
  const code = error instanceof ApiError ? error.code : null;
  return {
    message: error instanceof ApiError ? error.message : 'The confirmation could not be saved. Try again.',
    stale: code === 'VENDOR_DOCUMENT_ALREADY_CONFIRMED' || code === 'CONFLICT',
  };
}

/** The reviewer's body: every field as left (confirmed or corrected), the listed items kept. */
function confirmInput(
  expectedUpdatedAt: string,
  reading: VendorDocumentRead,
  fields: readonly FieldDraft[],
  kept: Record<ListName, boolean[]>,
): ConfirmVendorDocumentInput {
  const keptOf = <T,>(list: ListName, items: readonly T[]) => items.filter((_item, index) => kept[list][index]);
  return {
    expectedUpdatedAt,
    kind: reading.kind,
    fields: fields.map((field) => ({ key: field.key, value: field.value.trim(), page: pageOf(field.page) })),
    exceptions: keptOf('exceptions', reading.exceptions),
    cuecs: keptOf('cuecs', reading.cuecs),
    subserviceOrganizations: keptOf('subserviceOrganizations', reading.subserviceOrganizations),
  };
}

function ReviewForm({
  vendorId,
  data,
  onConfirmed,
}: {
  vendorId: string;
  data: VendorDocumentExtraction & { extraction: VendorDocumentRead };
  onConfirmed: () => void;
}) {
  const reading = data.extraction;
  const confirm = useConfirmVendorDocument(vendorId, data.document.id);
  const [fields, setFields] = useState<FieldDraft[]>(() =>
    reading.fields.map((field) => ({ key: field.key, value: field.value, page: String(field.page), quote: field.quote, checked: false })),
  );
  const [kept, setKept] = useState<Record<ListName, boolean[]>>(() => ({
    exceptions: reading.exceptions.map(() => true),
    cuecs: reading.cuecs.map(() => true),
    subserviceOrganizations: reading.subserviceOrganizations.map(() => true),
  }));
  const [failure, setFailure] = useState<{ message: string; stale: boolean } | null>(null);
  const checked = fields.filter((field) => field.checked).length;
  const invalid = fields.some((field) => fieldValueProblem(field.key, field.value.trim()) !== null || !(pageOf(field.page) >= 1));
  const toggle = (list: ListName) => (index: number, keep: boolean) =>
    setKept((current) => ({ ...current, [list]: current[list].map((value, at) => (at === index ? keep : value)) }));

  const submit = async () => {
    setFailure(null);
    try {
      await confirm.mutateAsync(confirmInput(data.document.updatedAt, reading, fields, kept));
      onConfirmed();
    } catch (error) {
      setFailure(failureOf(error));
    }
  };

  return (
    <form
      className="grid gap-4"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <p className="text-sm text-muted-foreground">
        Check each field against its page of the PDF, correct what the reader got wrong, and untick any listed item that is not in the
        document. Only a confirmed extraction counts.
      </p>
      {fields.length === 0 ? (
        <p className="text-sm">The reader found no fields in this document.</p>
      ) : (
        <ul className="grid gap-2" aria-label="Extracted fields">
          {fields.map((field, index) => (
            <FieldRow
              key={field.key}
              field={field}
              onChange={(next) => setFields((current) => current.map((item, at) => (at === index ? next : item)))}
            />
          ))}
        </ul>
      )}
      <KeptList
        title="Exceptions"
        items={reading.exceptions}
        kept={kept.exceptions}
        describe={(item) => `${item.criterion || 'No criterion'}: ${item.description} (page ${item.page})`}
        onToggle={toggle('exceptions')}
      />
      <KeptList
        title="Complementary user entity controls"
        items={reading.cuecs}
        kept={kept.cuecs}
        describe={(item) => `${item.text} (${item.criteria.join(', ') || 'no criterion'}; page ${item.page})`}
        onToggle={toggle('cuecs')}
      />
      <KeptList
        title="Subservice organizations"
        items={reading.subserviceOrganizations}
        kept={kept.subserviceOrganizations}
        describe={(item) => `${item.name} (${item.method === 'carved_out' ? 'carved out' : 'inclusive'}; page ${item.page})`}
        onToggle={toggle('subserviceOrganizations')}
      />
      <FormError message={failure?.message ?? null} />
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <Button type="submit" disabled={confirm.isPending || checked < fields.length || invalid}>
          {confirm.isPending ? 'Confirming…' : 'Confirm the extraction'}
        </Button>
        <span className="text-sm text-muted-foreground" aria-live="polite">
          {checked} of {fields.length} fields checked
        </span>
        {failure?.stale ? (
          <Button type="button" variant="outline" onClick={() => window.location.reload()}>
            Reload
          </Button>
        ) : null}
      </div>
    </form>
  );
}

export function DocumentReview({
  vendorId,
  documentId,
  canConfirm,
  onConfirmed,
}: {
  vendorId: string;
  documentId: string;
  canConfirm: boolean;
  /** The reviewer confirmed: the list keeps the document open to show what it set in motion. */
  onConfirmed: () => void;
}) {
  const extraction = useVendorDocumentExtraction(vendorId, documentId);
  if (extraction.isPending) return <Spinner label="Loading what the reader found" />;
  if (extraction.isError) return <LoadFailed title="The extraction could not be loaded" onRetry={() => void extraction.refetch()} />;
  const data = extraction.data;
  if (data.document.status === 'confirmed') return <ConfirmedDocument data={data} />;
  if (data.document.status !== 'read' || !data.extraction)
    return <p className="text-sm">{data.document.message ?? 'Nothing was read yet.'}</p>;
  if (!canConfirm) return <p className="text-sm">Waiting for a reviewer with the right to change vendors to confirm it.</p>;
  return <ReviewForm vendorId={vendorId} data={{ ...data, extraction: data.extraction }} onConfirmed={onConfirmed} />;
}
