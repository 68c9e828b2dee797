import { useQuery } from '@tanstack/react-query';
import { workflowTemplateDetailSchema } from '../../../../shared/schemas/workflows.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { workflowKeys } from './workflow-keys.ts';

export function useWorkflow(id: string) {
  return useQuery({
    queryKey: workflowKeys.detail(id),
    queryFn: () => apiFetch(`/api/v1/workflows/${id}`, { schema: workflowTemplateDetailSchema }),
  });
}
