import { useId, useRef, useState } from 'react';
import { uploadPopulationInputSchema } from '../../../../shared/schemas/engagements.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormField, fieldControlProps } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useUploadSamplePopulation } from '../api/engagements-api.ts';

type Errors = Partial<Record<'name' | 'csv', string>>;

/** The client (or staff) provides a population as CSV: a header row, then one row per item (at most 5,000). */
export function PopulationUploadForm({ engagementId }: { engagementId: string }) {
  const id = useId();
  const upload = useUploadSamplePopulation(engagementId);
  const fileInput = useRef<HTMLInputElement>(null);
  const [name, setName] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Errors>({});

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const csv = file ? await file.text() : '';
    const parsed = uploadPopulationInputSchema.safeParse({ name, csv });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
      return;
    }
    setErrors({});
    try {
      const sample = await upload.mutateAsync({ name: parsed.data.name, csv: parsed.data.csv });
      toast({ title: 'Population uploaded', description: `${sample.name}: ${sample.populationSize} rows.` });
      setName('');
      setFile(null);
      if (fileInput.current) fileInput.current.value = '';
    } catch (error) {
      if (error instanceof ApiError && error.issues.length > 0) {
        setErrors(Object.fromEntries(error.issues.map((issue) => [issue.path.replace(/^body\./, '').split('.')[0] ?? '', issue.message])));
      }
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Upload a population" className="space-y-3 rounded-lg border p-3">
      <h4 className="font-medium">Provide a population</h4>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField id={`${id}-name`} label="Population name" error={errors.name} required>
          <Input
            {...fieldControlProps(`${id}-name`, { error: errors.name })}
            value={name}
            maxLength={120}
            placeholder="New hires of the period"
            onChange={(event) => setName(event.target.value)}
          />
        </FormField>
        <FormField
          id={`${id}-csv`}
          label="Population CSV"
          description="A header row, then one row per item (at most 5,000 rows, 1 MB)."
          error={errors.csv}
          required
        >
          <Input
            {...fieldControlProps(`${id}-csv`, { error: errors.csv, description: 'csv' })}
            ref={fileInput}
            type="file"
            accept=".csv,text/csv"
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          />
        </FormField>
      </div>
      {upload.error && !(upload.error instanceof ApiError && upload.error.issues.length > 0) ? (
        <Alert variant="destructive" role="alert">
          {upload.error.message}
        </Alert>
      ) : null}
      <Button type="submit" disabled={upload.isPending}>
        {upload.isPending ? 'Uploading…' : 'Upload population'}
      </Button>
    </form>
  );
}
