import {
  type GenerateWorkflowInput,
  type WorkflowTemplateDetail,
  workflowTemplateDetailSchema,
} from '../../../../shared/schemas/workflows.ts';
import { apiFetch } from '../../../lib/api-client.ts';

/** 'Generate workflow': a private five-node workflow built from the suggestion. */
export function generateWorkflow(input: GenerateWorkflowInput): Promise<WorkflowTemplateDetail> {
  return apiFetch('/api/v1/workflows/generate', { method: 'POST', body: input, schema: workflowTemplateDetailSchema });
}
