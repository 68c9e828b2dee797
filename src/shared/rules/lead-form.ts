import { EMAIL_INVALID_MESSAGE, isValidEmail } from './email.ts';
import { securityError, sanitizeInput } from './input-security.ts';

/**
 * The validation of product.md §5 shared by the consultation dialog and the contact form: the required
 * fields, the e-mail pattern and the security checks. Each problem names its field so the server
 * can answer field-level issues and the contact form can list the messages in order.
 */

export const LEAD_FORM_MESSAGES = {
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  emailRequired: 'Email is required',
  companyRequired: 'Company is required',
  emailInvalid: EMAIL_INVALID_MESSAGE,
  spam: 'Spam detection triggered',
} as const;

export const CONTACT_ERRORS_HEADING = 'Please correct the following:';

export interface LeadFormValues {
  firstName: string;
  lastName: string;
  email: string;
  company: string;
  message?: string | null;
  honeypot?: string | null;
}

export type LeadField = 'firstName' | 'lastName' | 'email' | 'company' | 'message' | 'honeypot';

export interface LeadFormProblem {
  field: LeadField;
  message: string;
}

const REQUIRED: readonly [LeadField & keyof LeadFormValues, string][] = [
  ['firstName', LEAD_FORM_MESSAGES.firstNameRequired],
  ['lastName', LEAD_FORM_MESSAGES.lastNameRequired],
  ['email', LEAD_FORM_MESSAGES.emailRequired],
  ['company', LEAD_FORM_MESSAGES.companyRequired],
];

const SECURITY_CHECKED: readonly (LeadField & keyof LeadFormValues)[] = ['firstName', 'lastName', 'email', 'company', 'message'];

/**
 * Every problem, in the order a visitor reads the form: required fields, the e-mail pattern,
 * the security check of each text field, then the honeypot.
 */
export function validateLeadForm(values: LeadFormValues): LeadFormProblem[] {
  const problems: LeadFormProblem[] = [];
  for (const [field, message] of REQUIRED) {
    if (!String(values[field] ?? '').trim()) problems.push({ field, message });
  }
  if (values.email.trim() && !isValidEmail(values.email.trim())) {
    problems.push({ field: 'email', message: LEAD_FORM_MESSAGES.emailInvalid });
  }
  for (const field of SECURITY_CHECKED) {
    const error = securityError(String(values[field] ?? ''));
    if (error) problems.push({ field, message: error });
  }
  if (isHoneypotFilled(values.honeypot)) problems.push({ field: 'honeypot', message: LEAD_FORM_MESSAGES.spam });
  return problems;
}

/** The hidden field people never see: anything in it came from a bot. */
export function isHoneypotFilled(honeypot: string | null | undefined): boolean {
  return Boolean(honeypot && honeypot.length > 0);
}

/** The distinct messages for the contact form's list, in order (two fields can fail alike). */
export function problemMessages(problems: readonly LeadFormProblem[]): string[] {
  return [...new Set(problems.map((problem) => problem.message))];
}

/** product.md §5: sanitise every string value before it is sent. */
export function sanitizeLeadForm<T extends Record<string, unknown>>(values: T): T {
  return Object.fromEntries(
    Object.entries(values).map(([key, value]) => [key, typeof value === 'string' ? sanitizeInput(value) : value]),
  ) as T;
}
