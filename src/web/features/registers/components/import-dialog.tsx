import { Upload } from 'lucide-react';
import { type Dispatch, type SetStateAction, useId, useState } from 'react';
import type { ImportableRegister } from '../../../../shared/schemas/programme-statuses.ts';
import { IMPORT_FIELDS, type ImportResult } from '../../../../shared/schemas/registers.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../../components/ui/dialog.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { NativeSelect } from '../../../components/ui/native-select.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useImportRegister } from '../api/registers-api.ts';
import { csvHeaders, guessMapping } from '../csv-headers.ts';
import { ImportPreview } from './import-preview.tsx';

const NAMES: Record<ImportableRegister, string> = { controls: 'controls', risks: 'risks', vendors: 'vendors', people: 'people' };
/** 'ownerEmail' → 'Owner email': the server's field names, readable in the mapping form. */
const fieldLabel = (field: string) => {
  const words = field.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};
const sameMapping = (a: Record<string, string>, b: Record<string, string>) =>
  JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());

/** Which field each CSV column fills (or ignore it). */
function ColumnMapping({
  id,
  headers,
  fields,
  mapping,
  onChange,
}: {
  id: string;
  headers: string[];
  fields: string[];
  mapping: Record<string, string>;
  onChange: Dispatch<SetStateAction<Record<string, string>>>;
}) {
  return (
    <fieldset className="grid gap-3 sm:grid-cols-2">
      <legend className="mb-2 text-sm font-medium">Map your columns</legend>
      {headers.map((header, index) => (
        <FormField key={`${header}-${index}`} id={`${id}-column-${index}`} label={header || `Column ${index + 1}`}>
          <NativeSelect
            id={`${id}-column-${index}`}
            value={mapping[header] ?? ''}
            onChange={(event) =>
              onChange((current) => {
                const next = { ...current };
                if (event.target.value) next[header] = event.target.value;
                else delete next[header];
                return next;
              })
            }
          >
            <option value="">Ignore this column</option>
            {fields.map((field) => (
              <option key={field} value={field}>
                {fieldLabel(field)}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      ))}
    </fieldset>
  );
}

/** What the import would change, and why nothing is applied while a row has an error. */
function DryRunPreview({ result, isCurrent }: { result: ImportResult; isCurrent: boolean }) {
  return (
    <section aria-label="Dry run preview" className="grid gap-2">
      <h3 className="text-sm font-semibold">Dry run: nothing has changed yet{isCurrent ? '' : ' (the mapping changed: preview again)'}</h3>
      <ImportPreview result={result} />
      {result.summary.error > 0 ? (
        <p className="text-sm text-red-700 dark:text-red-400">
          {result.summary.error === 1 ? 'One row has' : `${result.summary.error} rows have`} an error: correct the file and choose it again,
          or ignore the column at fault. Nothing is applied while a row has an error.
        </p>
      ) : null}
    </section>
  );
}

function ImportForm({
  register,
  organizationId,
  onDone,
}: {
  register: ImportableRegister;
  organizationId: string | undefined;
  onDone: () => void;
}) {
  const id = useId();
  const importer = useImportRegister(register);
  const [csv, setCsv] = useState('');
  const [headers, setHeaders] = useState<string[]>([]);
  const [fields, setFields] = useState<string[]>([]);
  const [mapping, setMapping] = useState<Record<string, string>>({});
  const [preview, setPreview] = useState<{ result: ImportResult; mapping: Record<string, string> } | null>(null);
  const [error, setError] = useState<string | null>(null);

  const run = (text: string, nextMapping: Record<string, string>, dryRun: boolean) => {
    setError(null);
    importer.mutate(
      { organizationId, csv: text, mapping: nextMapping, dryRun },
      {
        onSuccess: (result) => {
          setFields(result.fields);
          if (!result.dryRun) {
            if (result.applied) {
              toast({
                title: 'Import applied',
                description: `${result.summary.create} created, ${result.summary.update} updated.`,
                variant: 'success',
              });
              return onDone();
            }
            setError('Nothing was imported: fix the rows marked Error and preview again.');
          }
          // The first preview also tells us the fields; map the headers to them if nothing was mapped yet.
          const mapped = Object.keys(nextMapping).length === 0 ? guessMapping(csvHeaders(text), result.fields) : nextMapping;
          setMapping(mapped);
          if (sameMapping(mapped, nextMapping)) setPreview({ result, mapping: nextMapping });
          else run(text, mapped, true);
        },
        onError: (failure) => {
          setError(failure instanceof ApiError ? failure.message : 'The file could not be read. Try again.');
          // Without a first answer, offer the fields the register is documented to take.
          if (fields.length === 0) {
            setFields([...IMPORT_FIELDS[register]]);
            setMapping(guessMapping(csvHeaders(text), [...IMPORT_FIELDS[register]]));
          }
        },
      },
    );
  };

  const choose = async (file: File | undefined) => {
    setPreview(null);
    if (!file) return;
    const text = await file.text();
    setCsv(text);
    setHeaders(csvHeaders(text));
    setMapping({});
    run(text, {}, true);
  };
  const isPreviewCurrent = preview !== null && sameMapping(preview.mapping, mapping);
  const canApply =
    isPreviewCurrent && preview.result.summary.error === 0 && preview.result.summary.create + preview.result.summary.update > 0;

  return (
    <div className="grid gap-4">
      <FormField id={`${id}-file`} label="CSV file" description="Comma separated, the first row the column names.">
        <Input
          id={`${id}-file`}
          aria-describedby={`${id}-file-description`}
          type="file"
          accept=".csv,text/csv"
          className="h-auto py-1.5"
          onChange={(event) => void choose(event.target.files?.[0])}
        />
      </FormField>
      {headers.length > 0 && fields.length > 0 ? (
        <ColumnMapping id={id} headers={headers} fields={fields} mapping={mapping} onChange={setMapping} />
      ) : null}
      {preview ? <DryRunPreview result={preview.result} isCurrent={isPreviewCurrent} /> : null}
      {error ? (
        <Alert role="alert" variant="destructive">
          {error}
        </Alert>
      ) : null}
      <DialogFooter>
        <Button type="button" variant="outline" disabled={!csv || importer.isPending} onClick={() => run(csv, mapping, true)}>
          Preview changes
        </Button>
        <Button type="button" disabled={!canApply || importer.isPending} onClick={() => run(csv, mapping, false)}>
          {importer.isPending ? 'Working…' : 'Apply import'}
        </Button>
      </DialogFooter>
    </div>
  );
}

/** Import controls or risks from CSV: map the columns, see a dry run of what would change, then apply. */
export function ImportDialog({ register, organizationId }: { register: ImportableRegister; organizationId: string | undefined }) {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <Dialog open={isOpen} onOpenChange={setIsOpen}>
      <DialogTrigger asChild>
        <Button type="button" variant="outline" size="sm">
          <Upload aria-hidden /> Import {NAMES[register]}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>Import {NAMES[register]} from CSV</DialogTitle>
          <DialogDescription>
            {register === 'controls'
              ? 'Rows update your controls by control id: status, owner (by e-mail), whether it applies and why.'
              : 'Rows with a known reference update that risk; rows without one add a risk.'}{' '}
            Nothing changes until you apply the import, and nothing at all if a row has an error.
          </DialogDescription>
        </DialogHeader>
        {isOpen ? <ImportForm register={register} organizationId={organizationId} onDone={() => setIsOpen(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}
