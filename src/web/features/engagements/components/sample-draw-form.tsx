import { useId, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { type AuditSample, drawSampleInputSchema } from '../../../../shared/schemas/engagements.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormField, fieldControlProps } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { inputResolver } from '../../../lib/form-resolver.ts';
import { setServerFormErrors } from '../../../lib/server-form-errors.ts';
import { useDrawSample } from '../api/engagements-api.ts';

interface SampleDrawFields {
  sampleSize: string;
  seed: string;
}
const FIELDS = ['sampleSize', 'seed'] as const;

/** The auditor draws a sample of a chosen size from a population, once; an empty seed lets the server choose and record one. */
export function SampleDrawForm({ engagementId, sample }: { engagementId: string; sample: AuditSample }) {
  const id = useId();
  const draw = useDrawSample(engagementId);
  const resolver = useMemo(
    () =>
      inputResolver(
        drawSampleInputSchema.superRefine((input, context) => {
          if (input.sampleSize > sample.populationSize) {
            context.addIssue({ code: 'custom', path: ['sampleSize'], message: `The population has ${sample.populationSize} rows` });
          }
        }),
        ({ sampleSize, seed }: SampleDrawFields) => ({ sampleSize, seed: seed.trim() === '' ? undefined : seed }),
      ),
    [sample.populationSize],
  );
  const form = useForm({
    resolver,
    defaultValues: { sampleSize: '', seed: '' },
  });
  const errors = { sampleSize: form.formState.errors.sampleSize?.message, seed: form.formState.errors.seed?.message };

  const submit = form.handleSubmit(async (input) => {
    try {
      const drawn = await draw.mutateAsync({ sampleId: sample.id, input });
      toast({ title: 'Sample drawn', description: `${drawn.sampleSize} rows drawn with seed ${drawn.seed}.` });
    } catch (error) {
      setServerFormErrors(form, error, FIELDS, error instanceof Error ? error.message : '');
    }
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={`Draw a sample from ${sample.name}`} className="space-y-3">
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField
          id={`${id}-size`}
          label="Sample size"
          description={`At most ${sample.populationSize}.`}
          error={errors.sampleSize}
          required
        >
          <Input
            {...fieldControlProps(`${id}-size`, { error: errors.sampleSize, description: 'max' })}
            type="number"
            inputMode="numeric"
            min={1}
            max={sample.populationSize}
            {...form.register('sampleSize')}
          />
        </FormField>
        <FormField
          id={`${id}-seed`}
          label="Seed (optional)"
          description="Leave empty for a random seed; it is recorded."
          error={errors.seed}
        >
          <Input
            {...fieldControlProps(`${id}-seed`, { error: errors.seed, description: 'seed' })}
            maxLength={100}
            {...form.register('seed')}
          />
        </FormField>
      </div>
      {draw.error && !(draw.error instanceof ApiError && draw.error.issues.length > 0) ? (
        <Alert variant="destructive" role="alert">
          {draw.error.message}
        </Alert>
      ) : null}
      <Button type="submit" disabled={draw.isPending}>
        {draw.isPending ? 'Drawing…' : 'Draw sample'}
      </Button>
    </form>
  );
}
