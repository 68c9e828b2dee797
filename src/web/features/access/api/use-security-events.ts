import { useInfiniteQuery } from '@tanstack/react-query';
import { type SecurityEventType, securityEventListSchema } from '../../../../shared/schemas/access.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { adminKeys } from './admin-keys.ts';

const PAGE_SIZE = 25;

/** GET /api/v1/admin/security-events, newest first, page after page. */
export function useSecurityEvents(type: SecurityEventType | 'all') {
  return useInfiniteQuery({
    queryKey: adminKeys.securityEvents(type),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      apiFetch('/api/v1/admin/security-events', {
        query: { type: type === 'all' ? undefined : type, limit: PAGE_SIZE, before: pageParam ?? undefined },
        schema: securityEventListSchema,
        signal,
      }),
    getNextPageParam: (page) => page.nextBefore,
  });
}
