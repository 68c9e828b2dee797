import { z } from 'zod';
import { classifyTaskRequestInputSchema } from '../../../../shared/schemas/task-requests.ts';

/**
 * The wizard's form: the server's own schema, plus the client organization staff pick (a client's
 * request always goes to their own organization, so theirs stays empty).
 */
export const wizardFormSchema = classifyTaskRequestInputSchema.extend({ organizationId: z.string() });
export type WizardFormInput = z.input<typeof wizardFormSchema>;
export type WizardFormValues = z.output<typeof wizardFormSchema>;

export const EMPTY_WIZARD_FORM: WizardFormInput = {
  title: '',
  description: '',
  department: '' as WizardFormInput['department'],
  deadline: '',
  frameworks: [],
  organizationId: '',
};

export const WIZARD_STEP_NAMES = { 1: 'Details', 2: 'AI classification', 3: 'Review' } as const;
export type WizardStepNumber = keyof typeof WIZARD_STEP_NAMES;

/** product.md §4: progress is the step times 33.33. */
export const WIZARD_PROGRESS_PER_STEP = 33.33;
