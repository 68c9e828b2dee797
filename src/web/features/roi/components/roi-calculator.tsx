import { zodResolver } from '@hookform/resolvers/zod';
import { useRef } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { DEFAULT_ROI_INPUT, type RoiInput, calculateRoi, roiInputSchema } from '../../../../shared/rules/roi.ts';
import { RoiFormula } from './roi-formula.tsx';
import { RoiInputs } from './roi-inputs.tsx';
import { type ConsultationHref, RoiResults } from './roi-results.tsx';

/**
 * The calculator: inputs on the left, results on the right, the formula underneath. Results
 * follow every keystroke; while a field is empty or out of range they keep the last valid figures
 * and the field says what is wrong. 'Book Demo' links to the consultation dialog through
 * `consultationHref`, which the route hands in (the link's format is the leads feature's).
 */
export function RoiCalculator({ consultationHref }: { consultationHref: ConsultationHref }) {
  const {
    register,
    control,
    formState: { errors },
  } = useForm<RoiInput>({
    resolver: zodResolver(roiInputSchema),
    mode: 'onChange',
    defaultValues: DEFAULT_ROI_INPUT,
  });
  const values = useWatch({ control });
  // Idempotent during render: the same values always store the same input.
  const lastValid = useRef<RoiInput>(DEFAULT_ROI_INPUT);
  const parsed = roiInputSchema.safeParse(values);
  if (parsed.success) lastValid.current = parsed.data;
  const input = parsed.success ? parsed.data : lastValid.current;
  const result = calculateRoi(input);

  return (
    <div className="grid gap-8">
      <div className="grid gap-8 lg:grid-cols-[1fr_1fr] lg:items-start">
        <form
          aria-labelledby="roi-inputs-heading"
          className="rounded-2xl border border-border bg-card p-6 shadow-sm"
          onSubmit={(event) => event.preventDefault()}
          noValidate
        >
          <h2 id="roi-inputs-heading" className="text-xl font-semibold">
            Your compliance today
          </h2>
          <p className="mb-6 mt-2 text-sm text-muted-foreground">Rough numbers are fine. Results update as you type.</p>
          <RoiInputs register={register} errors={errors} />
        </form>
        <RoiResults input={input} result={result} consultationHref={consultationHref} />
      </div>
      <RoiFormula input={input} result={result} />
    </div>
  );
}
