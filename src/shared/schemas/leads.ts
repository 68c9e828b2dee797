import { z } from 'zod';
import { INTEREST_OPTIONS } from '../constants.ts';
import { LEAD_INTEREST_LEVELS, LEAD_URGENCIES } from '../rules/lead-qualification.ts';
import { type LeadFormValues, validateLeadForm } from '../rules/lead-form.ts';

/**
 * The consultation request and the contact form (product.md §3), validated by the same rules in the
 * browser and on the server (product.md §5). The honeypot is not a validation rule here: the server
 * answers it with its own code, and the contact form lists it with the other messages.
 */

/** A select left on its placeholder sends ''; both mean "no interest chosen". */
const interestField = z
  .union([z.enum(INTEREST_OPTIONS), z.literal('')])
  .nullish()
  .transform((value) => value || null);

const leadShape = {
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  company: z.string(),
  interest: interestField,
  message: z.string().nullish(),
  honeypot: z.string().nullish(),
};

function withLeadRules<T extends LeadFormValues>(values: T, ctx: z.RefinementCtx) {
  for (const problem of validateLeadForm({ ...values, honeypot: null })) {
    ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
  }
}

function trimmed<T extends LeadFormValues & { interest: (typeof INTEREST_OPTIONS)[number] | null }>(values: T) {
  return {
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    email: values.email.trim(),
    company: values.company.trim(),
    interest: values.interest,
    message: values.message?.trim() ?? '',
    honeypot: values.honeypot ?? '',
  };
}

/** Both forms carry the same fields and rules (product.md §3, §5). */
const leadFormSchema = z.object(leadShape).superRefine(withLeadRules).transform(trimmed);

export const consultationRequestSchema = leadFormSchema;
export type ConsultationRequestInput = z.input<typeof consultationRequestSchema>;
export type ConsultationRequest = z.output<typeof consultationRequestSchema>;

export const contactFormSchema = leadFormSchema;
export type ContactFormInput = z.input<typeof contactFormSchema>;
export type ContactForm = z.output<typeof contactFormSchema>;

export const leadReceiptSchema = z.object({
  success: z.literal(true),
  id: z.uuid(),
  interestLevel: z.enum(LEAD_INTEREST_LEVELS),
  urgency: z.enum(LEAD_URGENCIES),
});
export type LeadReceipt = z.infer<typeof leadReceiptSchema>;
