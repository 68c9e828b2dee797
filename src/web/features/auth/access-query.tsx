import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { MeAccess } from '../../../shared/schemas/access.ts';
import { ApiError, apiFetch } from '../../lib/api-client.ts';

/** Every cached access answer starts with this key (invalidate or drop them all with it). */
export const ACCESS_QUERY_ROOT = ['access'] as const;
export const accessQueryKey = (userId: string | null) => [...ACCESS_QUERY_ROOT, 'me', userId] as const;

export interface AccessQueryResult {
  userId: string;
  status: 'loading' | 'ready' | 'error';
  access: MeAccess | null;
  /** The server no longer knows this session (signed out elsewhere, revoked). */
  isDeadSession: boolean;
}

/**
 * The signed-in user's roles and permissions (/api/v1/me/access) through TanStack Query, so the
 * workspace's mutations can invalidate them. The AuthProvider mounts it (lazily, with the query
 * client) only while someone is signed in: a signed-out visitor's page loads no TanStack Query.
 * It renders nothing; it reports each state to `onChange`, and drops the cached access on unmount
 * (signed out).
 */
export function AccessQuery({ userId, onChange }: { userId: string; onChange: (result: AccessQueryResult) => void }) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: accessQueryKey(userId),
    queryFn: async ({ signal }) => {
      // Loaded on first use, like every schema of the auth client (see loadPublicConfig).
      const { meAccessSchema } = await import('../../../shared/schemas/access.ts');
      return apiFetch('/api/v1/me/access', { schema: meAccessSchema, signal });
    },
    staleTime: 60_000,
    retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 2,
  });
  const status = query.isPending ? 'loading' : query.isError ? 'error' : 'ready';
  const access = status === 'ready' ? (query.data ?? null) : null;
  const isDeadSession = query.error instanceof ApiError && query.error.code === 'UNAUTHENTICATED';
  useEffect(() => onChange({ userId, status, access, isDeadSession }), [onChange, userId, status, access, isDeadSession]);
  useEffect(() => () => queryClient.removeQueries({ queryKey: ACCESS_QUERY_ROOT }), [queryClient]);
  return null;
}
