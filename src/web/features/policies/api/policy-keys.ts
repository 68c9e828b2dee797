import { PROGRAMME_ROOT } from '../../../lib/query-roots.ts';

/** Query keys of the policy center, one factory so invalidation cannot miss a variant. */
export const policyKeys = {
  all: [...PROGRAMME_ROOT, 'policies'] as const,
  list: (organizationId: string | undefined) => [...PROGRAMME_ROOT, 'policies', 'list', organizationId ?? 'mine'] as const,
  detail: (policyId: string) => [...PROGRAMME_ROOT, 'policies', 'detail', policyId] as const,
};
