import type { DeliverableStatus } from '../../../../shared/schemas/deliverables.ts';

/** What the deliverables section filters by (listDeliverables' query, the rest left to its defaults). */
export interface DeliverableFilters {
  q?: string;
  status?: DeliverableStatus;
  tag?: string;
}

/** Query keys of deliverables, one factory so invalidation cannot miss a variant. */
export const deliverableKeys = {
  all: ['deliverables'] as const,
  list: (query: DeliverableFilters) => ['deliverables', 'list', query] as const,
  detail: (id: string) => ['deliverables', 'detail', id] as const,
};
