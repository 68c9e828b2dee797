import { DEFAULT_ROI_INPUT, type RoiInput } from '../../../../shared/rules/roi.ts';
import { FormField, fieldControlProps } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { NativeSelect } from '../../../components/ui/native-select.tsx';

interface NumberFieldSpec {
  name: Exclude<keyof RoiInput, 'frameworks'>;
  label: string;
  description: string;
  prefix?: string;
  step: number;
}

const FIELDS: NumberFieldSpec[] = [
  { name: 'employees', label: 'Employees', description: 'Everyone on the payroll, full-time equivalent.', step: 1 },
  {
    name: 'hoursPerMonth',
    label: 'Hours a month on compliance',
    description: 'All staff time: evidence, policies, questionnaires, audit prep.',
    step: 1,
  },
  {
    name: 'hourlyCostUsd',
    label: 'Loaded hourly cost',
    description: 'Salary, benefits and overhead per hour of that time.',
    prefix: '$',
    step: 1,
  },
  {
    name: 'auditFeesUsdPerYear',
    label: 'Audit fees a year',
    description: 'What your certifying auditors charge (SOC 2, ISO 27001 …).',
    prefix: '$',
    step: 1000,
  },
  {
    name: 'consultantSpendUsdPerYear',
    label: 'Compliance consultants a year',
    description: 'Readiness, policy and advisory work; leave out penetration tests.',
    prefix: '$',
    step: 1000,
  },
];

const FRAMEWORK_OPTIONS = [1, 2, 3, 4, 5, 6, 7, 8];

/** Each field's first problem, by field name. */
export type RoiErrors = Partial<Record<keyof RoiInput, string>>;

/** The six things a company knows about its compliance cost; numbers only, validated as you type. */
export function RoiInputs({ errors }: { errors: RoiErrors }) {
  const [first, ...rest] = FIELDS;
  const renderField = (spec: NumberFieldSpec) => {
    const id = `roi-${spec.name}`;
    const error = errors[spec.name];
    return (
      <FormField key={spec.name} id={id} label={spec.label} description={spec.description} error={error}>
        <div className="relative">
          {spec.prefix ? (
            <span className="pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-sm text-muted-foreground" aria-hidden>
              {spec.prefix}
            </span>
          ) : null}
          <Input
            {...fieldControlProps(id, { error, description: spec.description })}
            type="number"
            inputMode="decimal"
            min={0}
            step={spec.step}
            className={spec.prefix ? 'pl-7' : undefined}
            name={spec.name}
            defaultValue={DEFAULT_ROI_INPUT[spec.name]}
          />
        </div>
      </FormField>
    );
  };
  const frameworksError = errors.frameworks;
  const frameworksDescription = 'SOC 2, ISO 27001, HIPAA, GDPR … that you run or plan this year.';
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      {first ? renderField(first) : null}
      <FormField id="roi-frameworks" label="Frameworks pursued" description={frameworksDescription} error={frameworksError}>
        <NativeSelect
          {...fieldControlProps('roi-frameworks', { error: frameworksError, description: frameworksDescription })}
          name="frameworks"
          defaultValue={DEFAULT_ROI_INPUT.frameworks}
        >
          {FRAMEWORK_OPTIONS.map((count) => (
            <option key={count} value={count}>
              {count === 1 ? '1 framework' : `${count} frameworks`}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      {rest.map(renderField)}
    </div>
  );
}
