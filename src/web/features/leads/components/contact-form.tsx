import { CheckCircle2, Send } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { CONTACT_ERRORS_HEADING, problemMessages, sanitizeLeadForm, validateLeadForm } from '../../../../shared/rules/lead-form.ts';
import { Alert, AlertTitle } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { track, useFormTracking } from '../../analytics/analytics.ts';
import { useSendContactForm } from '../api/send-contact-form.ts';
import { CONTACT_COPY } from '../contact-copy.ts';
import { type ContactValues, ContactFields, contactFieldId } from './contact-fields.tsx';

/** What the form holds now, read from its fields (also what was typed before the app started). */
function readValues(form: HTMLFormElement): ContactValues {
  const data = new FormData(form);
  const read = (name: keyof ContactValues) => {
    const value = data.get(name);
    return typeof value === 'string' ? value : '';
  };
  return {
    firstName: read('firstName'),
    lastName: read('lastName'),
    email: read('email'),
    company: read('company'),
    interest: read('interest'),
    message: read('message'),
    honeypot: read('honeypot'),
  };
}

const countFilled = (values: ContactValues) =>
  [values.firstName, values.lastName, values.email, values.company, values.message].filter((value) => value.trim()).length;

/**
 * The contact form (product.md §4, §5): every problem listed under 'Please correct the following:',
 * cleared by any edit; values sanitised before sending; 'Sending...' with the fields disabled;
 * then the 'Message Sent!' screen, or a toast with the form kept.
 *
 * A plain form whose fields hold their own values, read when it is sent: it sits on the landing
 * page, where react-hook-form's code and its synchronous re-render while the page hydrates cost
 * more than it gives a form that only validates on submit (docs/decisions/008).
 */
// eslint-disable-next-line max-lines-per-function -- a plain uncontrolled form (docs/decisions/008) whose labelled fields are flat JSX read top to bottom
export function ContactForm() {
  const id = useId();
  const [errors, setErrors] = useState<string[]>([]);
  const [isSent, setSent] = useState(false);
  const send = useSendContactForm();
  const tracking = useFormTracking('contact');
  const alertRef = useRef<HTMLDivElement>(null);
  const sentRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (errors.length > 0) alertRef.current?.focus();
  }, [errors]);

  useEffect(() => {
    if (isSent) sentRef.current?.focus();
  }, [isSent]);

  function onEdit(event: FormEvent<HTMLFormElement>) {
    setErrors((current) => (current.length > 0 ? [] : current));
    const form = event.currentTarget;
    const { name, value } = event.target as HTMLInputElement;
    if (name) tracking.onFieldEdit(name, value, () => countFilled(readValues(form)));
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const values = readValues(event.currentTarget);
    const messages = problemMessages(validateLeadForm(values));
    if (messages.length > 0) {
      setErrors(messages);
      track({ event: 'form_validation_error', form_name: 'contact', error_count: messages.length, errors: messages });
      return;
    }
    track({ event: 'form_submission', form_name: 'contact' });
    try {
      // The schema (and zod) load when the form is sent, not with the landing page.
      const { contactFormSchema } = await import('../../../../shared/schemas/leads.ts');
      const payload = contactFormSchema.parse(sanitizeLeadForm(values));
      const receipt = await send.mutateAsync(payload);
      tracking.markSubmitted();
      track({ event: 'form_completion', form_name: 'contact', interest: payload.interest });
      track({
        event: 'lead_qualification',
        form_name: 'contact',
        interest: payload.interest,
        interest_level: receipt.interestLevel,
        urgency: receipt.urgency,
      });
      setSent(true);
      toast({ ...CONTACT_COPY.sent, variant: 'success' });
    } catch (error) {
      // The server (or the network) said no: the visitor can retry. Anything else is a bug.
      const copy = error instanceof ApiError ? CONTACT_COPY.failed : CONTACT_COPY.unexpected;
      toast({ ...copy, variant: 'destructive' });
    }
  }

  if (isSent) {
    return (
      <div className="grid justify-items-center gap-4 py-10 text-center">
        <CheckCircle2 className="size-12 text-emerald-600" aria-hidden />
        <h3 ref={sentRef} tabIndex={-1} className="text-2xl font-semibold outline-none">
          {CONTACT_COPY.sent.title}
        </h3>
        <p className="max-w-sm text-muted-foreground">{CONTACT_COPY.sent.description}</p>
        <Button
          variant="outline"
          onClick={() => {
            setSent(false);
            tracking.reset();
            // The form comes back empty; the visitor starts again at the first field.
            window.requestAnimationFrame(() => document.getElementById(contactFieldId(id, 'firstName'))?.focus());
          }}
        >
          Send Another Message
        </Button>
      </div>
    );
  }

  const isSending = send.isPending;
  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      onChange={onEdit}
      onFocus={send.preload}
      className="relative grid gap-4"
      aria-label="Contact form"
    >
      {errors.length > 0 ? (
        <Alert variant="destructive" role="alert" ref={alertRef} tabIndex={-1} id={`${id}-errors`} className="outline-none">
          <AlertTitle>{CONTACT_ERRORS_HEADING}</AlertTitle>
          <ul className="mt-2 list-disc pl-5">
            {errors.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        </Alert>
      ) : null}
      <fieldset disabled={isSending} className="grid gap-4">
        <legend className="sr-only">Your details and message</legend>
        <ContactFields id={id} hasErrors={errors.length > 0} />
      </fieldset>
      <Button type="submit" disabled={isSending} size="lg" className="w-full sm:w-auto sm:justify-self-start">
        <Send aria-hidden /> {isSending ? 'Sending...' : 'Send Message'}
      </Button>
    </form>
  );
}
