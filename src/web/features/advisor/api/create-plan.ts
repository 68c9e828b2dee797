import { type CreatePlanInput, type Plan, planSchema } from '../../../../shared/schemas/assistant-plans.ts';
import { apiFetch } from '../../../lib/api-client.ts';

/** 'Use plan': the suggestion becomes a draft plan with its first step (POST /api/v1/plans). */
export function createPlanFromSuggestion(input: CreatePlanInput): Promise<Plan> {
  return apiFetch('/api/v1/plans', { method: 'POST', body: input, schema: planSchema });
}
