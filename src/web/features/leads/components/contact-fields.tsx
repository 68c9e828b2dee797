import { INTEREST_LABELS, INTEREST_OPTIONS } from '../../../../shared/constants.ts';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { NativeSelect } from '../../../components/ui/native-select.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';

/** The contact form's values as its fields hold them (a select left on its placeholder holds ''). */
export type ContactValues = {
  firstName: string;
  lastName: string;
  email: string;
  company: string;
  interest: string;
  message: string;
  honeypot: string;
};

export const contactFieldId = (formId: string, name: keyof ContactValues) => `${formId}-${name}`;

/**
 * The contact form's inputs. Browser validation is off (the form lists every problem itself,
 * product.md §5), so `required` here only tells assistive technology which fields are mandatory.
 */
export function ContactFields({ id, hasErrors }: { id: string; hasErrors: boolean }) {
  const describedBy = hasErrors ? `${id}-errors` : undefined;
  const required = (name: 'firstName' | 'lastName' | 'email' | 'company') => ({
    id: contactFieldId(id, name),
    name,
    'aria-required': true as const,
    'aria-describedby': describedBy,
  });
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={contactFieldId(id, 'firstName')} label="First Name" required>
          <Input autoComplete="given-name" {...required('firstName')} />
        </FormField>
        <FormField id={contactFieldId(id, 'lastName')} label="Last Name" required>
          <Input autoComplete="family-name" {...required('lastName')} />
        </FormField>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={contactFieldId(id, 'email')} label="Email" required>
          <Input type="email" autoComplete="email" {...required('email')} />
        </FormField>
        <FormField id={contactFieldId(id, 'company')} label="Company" required>
          <Input autoComplete="organization" {...required('company')} />
        </FormField>
      </div>
      <FormField id={contactFieldId(id, 'interest')} label="Interest">
        <NativeSelect id={contactFieldId(id, 'interest')} name="interest" defaultValue="">
          <option value="">Select a plan (optional)</option>
          {INTEREST_OPTIONS.map((option) => (
            <option key={option} value={option}>
              {INTEREST_LABELS[option]}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField id={contactFieldId(id, 'message')} label="Message">
        <Textarea
          id={contactFieldId(id, 'message')}
          name="message"
          rows={5}
          placeholder="How can we help?"
          aria-describedby={describedBy}
        />
      </FormField>
      {/* Invisible to people, tempting to bots: anything typed here is spam (product.md §5). */}
      <div className="absolute -left-[9999px] size-px overflow-hidden" aria-hidden>
        <label htmlFor={contactFieldId(id, 'honeypot')}>Website</label>
        <input id={contactFieldId(id, 'honeypot')} name="honeypot" type="text" tabIndex={-1} autoComplete="off" />
      </div>
    </>
  );
}
