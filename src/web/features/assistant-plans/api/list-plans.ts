import { useQuery } from '@tanstack/react-query';
import { planListResponseSchema } from '../../../../shared/schemas/assistant-plans.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { planKeys } from './plan-keys.ts';

export function usePlans() {
  return useQuery({ queryKey: planKeys.list(), queryFn: () => apiFetch('/api/v1/plans', { schema: planListResponseSchema }) });
}
