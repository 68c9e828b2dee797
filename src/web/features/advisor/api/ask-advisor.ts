import {
  type TaskChatAssistantRequest,
  type TaskChatAssistantResponse,
  taskChatAssistantResponseSchema,
} from '../../../../shared/schemas/advisor.ts';
import { apiFetch } from '../../../lib/api-client.ts';

/** POST /functions/v1/task-chat-assistant with the session's bearer token (product.md §7). */
export function askAdvisor(body: TaskChatAssistantRequest): Promise<TaskChatAssistantResponse> {
  return apiFetch('/functions/v1/task-chat-assistant', { method: 'POST', body, schema: taskChatAssistantResponseSchema });
}
