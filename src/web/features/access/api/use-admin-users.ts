import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type AdminUserListQuery, adminUserListSchema } from '../../../../shared/schemas/access.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { adminKeys } from './admin-keys.ts';

/** GET /api/v1/admin/users */
export function useAdminUsers(query: Pick<AdminUserListQuery, 'q' | 'limit' | 'offset'>) {
  return useQuery({
    queryKey: adminKeys.users(query),
    queryFn: ({ signal }) =>
      apiFetch('/api/v1/admin/users', {
        query: { q: query.q || undefined, limit: query.limit, offset: query.offset },
        schema: adminUserListSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
