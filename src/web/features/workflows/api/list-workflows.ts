import { useQuery } from '@tanstack/react-query';
import { workflowListResponseSchema } from '../../../../shared/schemas/workflows.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { workflowKeys } from './workflow-keys.ts';

export function useWorkflows() {
  return useQuery({ queryKey: workflowKeys.list(), queryFn: () => apiFetch('/api/v1/workflows', { schema: workflowListResponseSchema }) });
}
