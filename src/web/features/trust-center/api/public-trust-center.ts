import { useMutation, useQuery } from '@tanstack/react-query';
import {
  type PublicTrustCenter,
  type RequestTrustAccessInput,
  publicTrustCenterSchema,
  trustAccessReceiptSchema,
} from '../../../../shared/schemas/trust-center.ts';
import { apiFetch, retryUnlessRefused } from '../../../lib/api-client.ts';
import { trustCenterKeys } from './trust-center-keys.ts';
import { trustCenterApiBase as base } from './trust-document-url.ts';

/**
 * GET /api/v1/trust-centers/:slug (getTrustCenter): no sign-in, a prospect reads it. `initialData` is what
 * the server rendered the page with (routes/marketing/trust-center.tsx), fresh for the same minute as a fetch.
 */
export function usePublicTrustCenter(slug: string, initialData?: PublicTrustCenter) {
  return useQuery({
    initialData,
    queryKey: trustCenterKeys.page(slug),
    queryFn: () => apiFetch(base(slug), { schema: publicTrustCenterSchema, token: null }),
    retry: retryUnlessRefused(2),
    staleTime: 60_000,
  });
}

/** POST /api/v1/trust-centers/:slug/access-requests (requestTrustAccess). */
export function useRequestTrustAccess(slug: string) {
  return useMutation({
    mutationFn: (input: RequestTrustAccessInput) =>
      apiFetch(`${base(slug)}/access-requests`, { method: 'POST', body: input, schema: trustAccessReceiptSchema, token: null }),
  });
}
