import { LoaderCircle, Send } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { MAX_INPUT_LENGTH } from '../../../../shared/constants.ts';
import type { DsarFormValues, DsarInput, DsarReceipt } from '../../../../shared/schemas/dsar.ts';
import { DSAR_REQUEST_TYPES, DSAR_REQUEST_TYPE_LABELS } from '../../../../shared/rules/dsar.ts';
import { Alert, AlertTitle } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormField, fieldControlProps } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { type FieldErrors, lazySchema, readFormValues, usePlainForm } from '../../../lib/use-plain-form.ts';
import { useSubmitDsar } from '../api/submit-dsar.ts';

// The form's rules (zod, the schema the server applies) load when the visitor focuses the form.
const schema = lazySchema<DsarFormValues, DsarInput>(() =>
  import('../../../../shared/schemas/dsar.ts').then((module) => module.dsarInputSchema),
);

const radioCard =
  'flex cursor-pointer gap-3 rounded-xl border border-border bg-card p-4 text-sm has-[:checked]:border-primary has-[:checked]:ring-2 has-[:checked]:ring-primary has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring';

type DsarErrors = FieldErrors<keyof DsarFormValues & string>;

/** What the visitor asks us to do: one card per request type. */
function RequestTypeFieldset({ disabled, errors }: { disabled: boolean; errors: DsarErrors }) {
  return (
    <fieldset disabled={disabled} aria-describedby={errors.requestType ? 'request-type-error' : undefined}>
      <legend className="text-lg font-semibold">What would you like us to do?</legend>
      <div className="mt-4 grid gap-3 sm:grid-cols-2">
        {DSAR_REQUEST_TYPES.map((type) => (
          <label key={type} className={radioCard}>
            <input
              type="radio"
              value={type}
              className="mt-0.5 size-4 shrink-0 accent-[var(--color-primary)]"
              name="requestType"
              defaultChecked={type === 'access'}
            />
            <span>
              <span className="block font-medium">{DSAR_REQUEST_TYPE_LABELS[type].label}</span>
              <span className="mt-0.5 block text-muted-foreground">{DSAR_REQUEST_TYPE_LABELS[type].description}</span>
            </span>
          </label>
        ))}
      </div>
      {errors.requestType ? (
        <p id="request-type-error" className="mt-2 text-xs font-medium text-red-700 dark:text-red-400">
          {errors.requestType}
        </p>
      ) : null}
    </fieldset>
  );
}

/** Who is asking: for themselves or as an agent (then for whom), how to reach them, where they live, their account. */
function IdentityFieldset({ disabled, errors, isAgent }: { disabled: boolean; errors: DsarErrors; isAgent: boolean }) {
  return (
    <fieldset disabled={disabled} className="grid gap-5 sm:grid-cols-2">
      <legend className="mb-4 text-lg font-semibold">Who you are</legend>
      <fieldset className="grid gap-3 sm:col-span-2">
        <legend className="mb-3 text-sm font-medium">I am making this request</legend>
        {(
          [
            ['self', 'For myself'],
            ['authorized_agent', 'As an authorised agent for someone else'],
          ] as const
        ).map(([value, label]) => (
          <label key={value} className="flex items-center gap-3 text-sm">
            <input
              type="radio"
              name="relationship"
              value={value}
              defaultChecked={value === 'self'}
              className="size-4 accent-[var(--color-primary)]"
            />
            {label}
          </label>
        ))}
      </fieldset>
      <FormField id="dsar-full-name" label="Your full name" required error={errors.fullName}>
        <Input {...fieldControlProps('dsar-full-name', { error: errors.fullName })} autoComplete="name" required name="fullName" />
      </FormField>
      <FormField id="dsar-email" label="Your email" required error={errors.email} description="We reply here.">
        <Input
          {...fieldControlProps('dsar-email', { error: errors.email, description: 'We reply here.' })}
          type="email"
          autoComplete="email"
          required
          name="email"
        />
      </FormField>
      {isAgent ? (
        <FormField id="dsar-subject-name" label="Name of the person you act for" required error={errors.subjectName}>
          <Input {...fieldControlProps('dsar-subject-name', { error: errors.subjectName })} required name="subjectName" />
        </FormField>
      ) : null}
      <FormField id="dsar-country" label="Country or state of residence" required error={errors.country}>
        <Input {...fieldControlProps('dsar-country', { error: errors.country })} autoComplete="country-name" required name="country" />
      </FormField>
      <FormField
        id="dsar-account-email"
        label="Account email, if different"
        description="The address you use to sign in, if you have an account."
        error={errors.accountEmail}
      >
        <Input
          {...fieldControlProps('dsar-account-email', {
            error: errors.accountEmail,
            description: 'The address you use to sign in, if you have an account.',
          })}
          type="email"
          name="accountEmail"
        />
      </FormField>
    </fieldset>
  );
}

/** The request in their words, with a character count, and the confirmation that it is accurate. */
function DetailsFieldset({ disabled, errors, detailsLength }: { disabled: boolean; errors: DsarErrors; detailsLength: number }) {
  const detailsHint = 'What data, which product or period, and for a correction what it should say.';
  return (
    <fieldset disabled={disabled} className="grid gap-5">
      <legend className="mb-4 text-lg font-semibold">Details</legend>
      <FormField id="dsar-details" label="Tell us about your request" description={detailsHint} error={errors.details}>
        <Textarea
          {...fieldControlProps('dsar-details', { error: errors.details, description: detailsHint })}
          rows={5}
          maxLength={MAX_INPUT_LENGTH}
          name="details"
        />
      </FormField>
      <p className="-mt-3 text-right text-xs text-muted-foreground">
        {detailsLength.toLocaleString('en-US')} / {MAX_INPUT_LENGTH.toLocaleString('en-US')}
      </p>
      <div className="grid gap-2">
        <label htmlFor="dsar-confirm" className="flex items-start gap-3 text-sm">
          <input
            id="dsar-confirm"
            type="checkbox"
            className="mt-0.5 size-4 shrink-0 accent-[var(--color-primary)]"
            aria-invalid={errors.confirmAccurate ? true : undefined}
            aria-describedby={errors.confirmAccurate ? 'dsar-confirm-error' : undefined}
            name="confirmAccurate"
          />
          <span>
            I confirm the information above is accurate and that I am the person it concerns, or authorised to act for them. We may ask for
            proof of identity before we act.
          </span>
        </label>
        {errors.confirmAccurate ? (
          <p id="dsar-confirm-error" className="text-xs font-medium text-red-700 dark:text-red-400">
            {errors.confirmAccurate}
          </p>
        ) : null}
      </div>
    </fieldset>
  );
}

/**
 * The Privacy Request form, validated with the schema the server applies: on send, then on every
 * edit once it has been sent with problems; the first field with a problem takes the focus.
 *
 * A plain form whose fields hold their own values, read when it changes or is sent, like the
 * contact form (docs/decisions/008, 012): react-hook-form no longer loads with /dsar.
 */
export function DsarForm({ onFiled }: { onFiled: (receipt: DsarReceipt) => void }) {
  const submit = useSubmitDsar();
  const [isAgent, setAgent] = useState(false);
  const [detailsLength, setDetailsLength] = useState(0);
  const { errors, isSubmitting, formProps, showServerErrors } = usePlainForm(schema, async (input, form) => {
    try {
      onFiled(await submit.mutateAsync(input));
    } catch (error) {
      if (error instanceof ApiError && error.code === 'VALIDATION_FAILED') {
        showServerErrors(form, error, error.message);
      }
    }
  });
  const isBusy = isSubmitting || submit.isPending;

  function onEdit(event: FormEvent<HTMLFormElement>) {
    const values = readFormValues(event.currentTarget);
    setAgent(values.relationship === 'authorized_agent');
    setDetailsLength(typeof values.details === 'string' ? values.details.length : 0);
    formProps.onChange(event);
  }

  const failure = submit.error instanceof ApiError && submit.error.code !== 'VALIDATION_FAILED' ? submit.error : null;
  return (
    <form
      {...formProps}
      onFocus={() => {
        formProps.onFocus();
        submit.preload();
      }}
      onChange={onEdit}
      className="grid gap-10"
      aria-label="Privacy request"
    >
      <RequestTypeFieldset disabled={isBusy} errors={errors} />

      <IdentityFieldset disabled={isBusy} errors={errors} isAgent={isAgent} />

      <DetailsFieldset disabled={isBusy} errors={errors} detailsLength={detailsLength} />

      {failure ? (
        <Alert variant="destructive" role="alert">
          <AlertTitle>Your request was not sent</AlertTitle>
          <p className="mt-1">{failure.message}</p>
        </Alert>
      ) : null}
      <div>
        <Button type="submit" size="lg" disabled={isBusy}>
          {isBusy ? <LoaderCircle className="animate-spin motion-reduce:animate-none" aria-hidden /> : <Send aria-hidden />}
          {isBusy ? 'Sending…' : 'Send privacy request'}
        </Button>
      </div>
    </form>
  );
}
