import { useId, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { uploadPopulationInputSchema } from '../../../../shared/schemas/engagements.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormField, fieldControlProps } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { inputResolver } from '../../../lib/form-resolver.ts';
import { setServerFormErrors } from '../../../lib/server-form-errors.ts';
import { useUploadSamplePopulation } from '../api/engagements-api.ts';

interface PopulationFields {
  name: string;
  csv: FileList | null;
}
const FIELDS = ['name', 'csv'] as const;

/** The chosen file's text is what the server checks; no file is an empty CSV. */
const resolver = inputResolver(uploadPopulationInputSchema, async ({ name, csv }: PopulationFields) => ({
  name,
  csv: (await csv?.[0]?.text()) ?? '',
}));

/** The client (or staff) provides a population as CSV: a header row, then one row per item (at most 5,000). */
export function PopulationUploadForm({ engagementId }: { engagementId: string }) {
  const id = useId();
  const upload = useUploadSamplePopulation(engagementId);
  const formElement = useRef<HTMLFormElement>(null);
  const form = useForm({ resolver, defaultValues: { name: '', csv: null } });
  const errors = { name: form.formState.errors.name?.message, csv: form.formState.errors.csv?.message };

  const submit = form.handleSubmit(async (input) => {
    try {
      const sample = await upload.mutateAsync({ name: input.name, csv: input.csv });
      toast({ title: 'Population uploaded', description: `${sample.name}: ${sample.populationSize} rows.` });
      form.reset();
      formElement.current?.reset();
    } catch (error) {
      setServerFormErrors(form, error, FIELDS, error instanceof Error ? error.message : '');
    }
  });

  return (
    <form
      ref={formElement}
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label="Upload a population"
      className="space-y-3 rounded-lg border p-3"
    >
      <h4 className="font-medium">Provide a population</h4>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField id={`${id}-name`} label="Population name" error={errors.name} required>
          <Input
            {...fieldControlProps(`${id}-name`, { error: errors.name })}
            maxLength={120}
            placeholder="New hires of the period"
            {...form.register('name')}
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
            type="file"
            accept=".csv,text/csv"
            {...form.register('csv')}
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
