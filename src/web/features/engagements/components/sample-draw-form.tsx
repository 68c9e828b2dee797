import { useId, useState } from 'react';
import { type AuditSample, drawSampleInputSchema } from '../../../../shared/schemas/engagements.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormField, fieldControlProps } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useDrawSample } from '../api/engagements-api.ts';

type Errors = Partial<Record<'sampleSize' | 'seed', string>>;

/** The auditor draws a sample of a chosen size from a population, once; an empty seed lets the server choose and record one. */
export function SampleDrawForm({ engagementId, sample }: { engagementId: string; sample: AuditSample }) {
  const id = useId();
  const draw = useDrawSample(engagementId);
  const [sampleSize, setSampleSize] = useState('');
  const [seed, setSeed] = useState('');
  const [errors, setErrors] = useState<Errors>({});

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const input = { sampleSize, seed: seed.trim() === '' ? undefined : seed };
    const parsed = drawSampleInputSchema.safeParse(input);
    const next: Errors = parsed.success
      ? {}
      : Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message]));
    if (parsed.success && parsed.data.sampleSize > sample.populationSize) {
      next.sampleSize = `The population has ${sample.populationSize} rows`;
    }
    setErrors(next);
    if (!parsed.success || Object.keys(next).length > 0) return;
    try {
      const drawn = await draw.mutateAsync({ sampleId: sample.id, input: parsed.data });
      toast({ title: 'Sample drawn', description: `${drawn.sampleSize} rows drawn with seed ${drawn.seed}.` });
    } catch (error) {
      if (error instanceof ApiError && error.issues.length > 0) {
        setErrors(Object.fromEntries(error.issues.map((issue) => [issue.path.replace(/^body\./, '').split('.')[0] ?? '', issue.message])));
      }
    }
  }

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
            value={sampleSize}
            onChange={(event) => setSampleSize(event.target.value)}
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
            value={seed}
            maxLength={100}
            onChange={(event) => setSeed(event.target.value)}
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
