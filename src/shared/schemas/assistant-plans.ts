import { z } from 'zod';
import { AI_SUGGESTION_DEFAULTS, MAX_INPUT_LENGTH } from '../constants.ts';
import { MAX_INPUT_LENGTH_MESSAGE, prioritySchema } from './advisor.ts';

/**
 * Assistant plans and their steps (product.md §3, §4): a plan is created as draft with its first step
 * pending; the user edits the steps, then submits it. Field names are the spec's column names.
 */

/**
 * draft → submitted → approved, or changes_requested → (edited) → submitted again. Only a staff
 * member with the approver flag decides (product.md §6: approval is allowed only with is_approver).
 */
export const PLAN_STATUSES = ['draft', 'submitted', 'approved', 'changes_requested'] as const;
export type PlanStatus = (typeof PLAN_STATUSES)[number];

/** The owner may change a plan's steps while it is a draft or after a reviewer asked for changes. */
export const EDITABLE_PLAN_STATUSES: readonly PlanStatus[] = ['draft', 'changes_requested'];
export const isPlanEditable = (status: PlanStatus) => EDITABLE_PLAN_STATUSES.includes(status);

export const STEP_STATUSES = ['pending', 'in_progress', 'completed'] as const;
export type StepStatus = (typeof STEP_STATUSES)[number];

export const MAX_PLAN_STEPS = 50;

const title = z.string().trim().min(1, 'Title is required').max(200, 'Title must be at most 200 characters');
const description = z.string().trim().max(MAX_INPUT_LENGTH, MAX_INPUT_LENGTH_MESSAGE);
const category = z.string().trim().min(1, 'Category is required').max(60);

export const planStepSchema = z.object({
  id: z.uuid(),
  plan_id: z.uuid(),
  order_index: z.number().int(),
  title: z.string(),
  description: z.string(),
  category: z.string(),
  priority: z.number().int(),
  status: z.enum(STEP_STATUSES),
});
export type PlanStep = z.infer<typeof planStepSchema>;

export const planSummarySchema = z.object({
  id: z.uuid(),
  subscription_id: z.uuid(),
  user_id: z.uuid(),
  title: z.string(),
  description: z.string(),
  status: z.enum(PLAN_STATUSES),
  source_mode: z.string(),
  raw_message: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  submitted_at: z.string().nullable(),
  reviewed_at: z.string().nullable(),
  review_note: z.string().nullable(),
  step_count: z.number().int(),
});
export type PlanSummary = z.infer<typeof planSummarySchema>;

export const planSchema = planSummarySchema.extend({ steps: z.array(planStepSchema) });
export type Plan = z.infer<typeof planSchema>;

export const planListResponseSchema = z.object({ plans: z.array(planSummarySchema) });

/** 'Use plan': the suggestion becomes the plan and its first step. */
export const createPlanInputSchema = z.object({
  title,
  description: description.default(''),
  category: category.default(AI_SUGGESTION_DEFAULTS.category),
  priority: prioritySchema.default(AI_SUGGESTION_DEFAULTS.priority),
  source_mode: z.string().trim().min(1).max(50).default('general'),
  raw_message: z.string().max(MAX_INPUT_LENGTH, MAX_INPUT_LENGTH_MESSAGE).default(''),
});
export type CreatePlanInput = z.input<typeof createPlanInputSchema>;

export const stepInputSchema = z.object({
  title,
  description: description.default(''),
  category: category.default(AI_SUGGESTION_DEFAULTS.category),
  priority: prioritySchema.default(AI_SUGGESTION_DEFAULTS.priority),
});
export type StepInput = z.input<typeof stepInputSchema>;
/** The form's own type: every field present, as react-hook-form holds it. */
export type StepFormValues = z.output<typeof stepInputSchema>;

export const updateStepInputSchema = z
  .object({ title, description, category, priority: prioritySchema, status: z.enum(STEP_STATUSES) })
  .partial()
  .refine((value) => Object.keys(value).length > 0, 'Nothing to change');
export type UpdateStepInput = z.input<typeof updateStepInputSchema>;

export const reorderStepsInputSchema = z.object({
  step_ids: z
    .array(z.uuid())
    .min(1)
    .max(MAX_PLAN_STEPS)
    .refine((ids) => new Set(ids).size === ids.length, 'Each step may appear once'),
});
export type ReorderStepsInput = z.infer<typeof reorderStepsInputSchema>;

export const planParamsSchema = z.object({ id: z.uuid({ message: 'Not a plan id' }) });
export const stepParamsSchema = z.object({ id: z.uuid(), stepId: z.uuid() });

/** `/task-requests?plan=<id>`: an unusable id reads as "no plan selected". */
export const taskRequestsSearchSchema = z.object({
  plan: z.uuid().optional().catch(undefined),
  review: z.uuid().optional().catch(undefined),
});

export const REVIEW_DECISIONS = ['approve', 'request_changes'] as const;
export const REVIEW_NOTE_MAX_LENGTH = 2000;

/** POST /api/v1/reviews/plans/:id/decision: approve, or send back with what to change. */
export const reviewDecisionInputSchema = z
  .object({
    decision: z.enum(REVIEW_DECISIONS),
    note: z.string().trim().max(REVIEW_NOTE_MAX_LENGTH, `The note must be at most ${REVIEW_NOTE_MAX_LENGTH} characters`).default(''),
  })
  .refine((input) => input.decision === 'approve' || input.note.length > 0, {
    message: 'Say what should change, so the requester knows what to do.',
    path: ['note'],
  });
export type ReviewDecisionInput = z.input<typeof reviewDecisionInputSchema>;

/** A submitted plan in the review queue: the plan and who asked for it. */
export const reviewPlanSummarySchema = planSummarySchema.extend({ requester_email: z.string().nullable() });
export type ReviewPlanSummary = z.infer<typeof reviewPlanSummarySchema>;
export const reviewPlanSchema = planSchema.extend({ requester_email: z.string().nullable() });
export type ReviewPlan = z.infer<typeof reviewPlanSchema>;

export const reviewQueueQuerySchema = z.object({ status: z.enum(PLAN_STATUSES).exclude(['draft']).default('submitted') });
export const reviewQueueResponseSchema = z.object({ plans: z.array(reviewPlanSummarySchema) });
