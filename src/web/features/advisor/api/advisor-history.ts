import { type AdvisorHistoryResponse, advisorHistoryResponseSchema } from '../../../../shared/schemas/advisor.ts';
import { apiFetch } from '../../../lib/api-client.ts';

/** The user's earlier conversation, oldest first. */
export function fetchAdvisorHistory(limit = 30): Promise<AdvisorHistoryResponse> {
  return apiFetch('/api/v1/advisor/messages', { query: { limit }, schema: advisorHistoryResponseSchema });
}
