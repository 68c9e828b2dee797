import { useQuery } from '@tanstack/react-query';
import { planSchema } from '../../../../shared/schemas/assistant-plans.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { planKeys } from './plan-keys.ts';

export function usePlan(id: string) {
  return useQuery({ queryKey: planKeys.detail(id), queryFn: () => apiFetch(`/api/v1/plans/${id}`, { schema: planSchema }) });
}
