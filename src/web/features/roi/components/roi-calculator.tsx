import { useCallback, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { DEFAULT_ROI_INPUT, type RoiInput, calculateRoi } from '../../../../shared/rules/roi.ts';
import { lazyZodResolver } from '../../../lib/lazy-zod-resolver.ts';
import { RoiFormula } from './roi-formula.tsx';
import { RoiInputs } from './roi-inputs.tsx';
import { type ConsultationHref, RoiResults } from './roi-results.tsx';

// The input rules (zod) load when the visitor first focuses a field; the first estimate needs none.
const roiResolver = lazyZodResolver<RoiInput>(() =>
  import('../../../../shared/rules/roi-schema.ts').then((module) => module.roiInputSchema),
);

/**
 * The calculator: inputs on the left, results on the right, the formula underneath. Results
 * follow every keystroke; while a field is empty or out of range they keep the last valid figures
 * and the field says what is wrong. 'Book Demo' links to the consultation dialog through
 * `consultationHref`, which the route hands in (the link's format is the leads feature's).
 */
export function RoiCalculator({ consultationHref }: { consultationHref: ConsultationHref }) {
  // The last input that passed the rules: every change is checked against the whole form.
  const [input, setInput] = useState<RoiInput>(DEFAULT_ROI_INPUT);
  const resolver = useCallback<Resolver<RoiInput>>(async (values, context, options) => {
    const checked = await roiResolver(values, context, options);
    if (Object.keys(checked.errors).length === 0) setInput(checked.values as RoiInput);
    return checked;
  }, []);
  const {
    register,
    formState: { errors },
  } = useForm<RoiInput>({ resolver, mode: 'onChange', defaultValues: DEFAULT_ROI_INPUT });
  const result = calculateRoi(input);

  return (
    <div className="grid gap-8">
      <div className="grid gap-8 lg:grid-cols-[1fr_1fr] lg:items-start">
        <form
          onFocus={roiResolver.preload}
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
