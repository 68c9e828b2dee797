import { type FormEvent, useRef, useState } from 'react';
import { DEFAULT_ROI_INPUT, type RoiInput, calculateRoi } from '../../../../shared/rules/roi.ts';
import { firstMessageByField } from '../../../lib/use-plain-form.ts';
import { RoiFormula } from './roi-formula.tsx';
import { type RoiErrors, RoiInputs } from './roi-inputs.tsx';
import { type ConsultationHref, RoiResults } from './roi-results.tsx';

// The input rules (zod) load when the visitor first focuses a field; the first estimate needs none.
const loadRoiSchema = () => import('../../../../shared/rules/roi-schema.ts').then((module) => module.roiInputSchema);

const FIELD_NAMES = Object.keys(DEFAULT_ROI_INPUT) as (keyof RoiInput)[];

/** The fields as numbers; an empty field is NaN, which the rules call "must be a number". */
function readNumbers(form: HTMLFormElement): Record<keyof RoiInput, number> {
  const data = new FormData(form);
  const read = (name: keyof RoiInput) => {
    const value = data.get(name);
    return typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
  };
  return Object.fromEntries(FIELD_NAMES.map((name) => [name, read(name)])) as Record<keyof RoiInput, number>;
}

/**
 * The calculator: inputs on the left, results on the right, the formula underneath. Results
 * follow every keystroke; while a field is empty or out of range they keep the last valid figures
 * and the field says what is wrong. 'Book Demo' links to the consultation dialog through
 * `consultationHref`, which the route hands in (the link's format is the leads feature's).
 *
 * A plain form whose fields hold their own values, read on every change and checked with the
 * shared rules (roi-schema.ts), as the landing page's contact form does (decision 008): the page
 * then starts without react-hook-form and zod (docs/decisions/012-half-the-weight.md).
 */
export function RoiCalculator({ consultationHref }: { consultationHref: ConsultationHref }) {
  const [input, setInput] = useState<RoiInput>(DEFAULT_ROI_INPUT);
  const [errors, setErrors] = useState<RoiErrors>({});
  // Only the latest change may set the figures (the rules load asynchronously the first time).
  const latestCheck = useRef(0);

  async function check(form: HTMLFormElement) {
    const values = readNumbers(form);
    const run = ++latestCheck.current;
    const schema = await loadRoiSchema();
    if (run !== latestCheck.current) return;
    const parsed = schema.safeParse(values);
    if (parsed.success) {
      setInput(parsed.data);
      setErrors({});
      return;
    }
    setErrors(firstMessageByField<keyof RoiInput>(parsed.error.issues));
  }

  const result = calculateRoi(input);
  return (
    <div className="grid gap-8">
      <div className="grid gap-8 lg:grid-cols-[1fr_1fr] lg:items-start">
        <form
          onFocus={() => void loadRoiSchema().catch(() => undefined)}
          // A failed import of the rules keeps the last figures; the next change tries again.
          onChange={(event) => void check(event.currentTarget).catch(() => undefined)}
          onSubmit={(event: FormEvent) => event.preventDefault()}
          aria-labelledby="roi-inputs-heading"
          className="rounded-2xl border border-border bg-card p-6 shadow-sm"
          noValidate
        >
          <h2 id="roi-inputs-heading" className="text-xl font-semibold">
            Your compliance today
          </h2>
          <p className="mb-6 mt-2 text-sm text-muted-foreground">Rough numbers are fine. Results update as you type.</p>
          <RoiInputs errors={errors} />
        </form>
        <RoiResults input={input} result={result} consultationHref={consultationHref} />
      </div>
      <RoiFormula input={input} result={result} />
    </div>
  );
}
