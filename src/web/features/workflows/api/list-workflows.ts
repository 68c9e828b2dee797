import { useQuery } from '@tanstack/react-query';
import { ENDPOINT_ACCESS } from '../../../../shared/permissions.ts';
import { workflowListResponseSchema } from '../../../../shared/schemas/workflows.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { useAccessDecision } from '../../auth/access.ts';
import { workflowKeys } from './workflow-keys.ts';

/** Whether the user's role reads workflows; screens ask only once it is 'allowed' (see usePlanReadAccess). */
export function useWorkflowReadAccess(): 'loading' | 'allowed' | 'denied' {
  const { state } = useAccessDecision(ENDPOINT_ACCESS.readWorkflows);
  if (state === 'allowed') return 'allowed';
  return state === 'denied' ? 'denied' : 'loading';
}

export function useWorkflows() {
  const isAllowed = useWorkflowReadAccess() === 'allowed';
  return useQuery({
    queryKey: workflowKeys.list(),
    queryFn: () => apiFetch('/api/v1/workflows', { schema: workflowListResponseSchema }),
    enabled: isAllowed,
  });
}
