import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ENDPOINT_ACCESS } from '../../../../shared/permissions.ts';
import {
  type CreateSupportRequestInput,
  type ListSupportQueueQuery,
  type ReplyToSupportRequestInput,
  type SupportRequestDetail,
  type SupportStatus,
  supportRequestDetailSchema,
  supportRequestListSchema,
} from '../../../../shared/schemas/support.ts';
import { apiFetch, retryUnlessRefused } from '../../../lib/api-client.ts';
import { useAccessDecision } from '../../auth/access.ts';

/** Query keys of the support domain. */
export const supportKeys = {
  all: ['support'] as const,
  mine: () => [...supportKeys.all, 'mine'] as const,
  queue: (filters: ListSupportQueueQuery) => [...supportKeys.all, 'queue', filters] as const,
  detail: (id: string) => [...supportKeys.all, 'detail', id] as const,
};

/** The SLA clock moves: lists and threads are asked again every minute. */
const REFRESH_MS = 60_000;

export type SupportView = 'loading' | 'queue' | 'requests' | 'denied';

/** Staff holding support:answer work the queue; clients follow their own requests. */
export function useSupportView(): SupportView {
  const answer = useAccessDecision(ENDPOINT_ACCESS.answerSupport).state;
  const read = useAccessDecision(ENDPOINT_ACCESS.readSupport).state;
  if (answer === 'allowed') return 'queue';
  if (answer === 'loading' || read === 'loading') return 'loading';
  return read === 'allowed' ? 'requests' : 'denied';
}

/** GET /api/v1/support-requests (listSupportRequests). */
export function useMySupportRequests(isEnabled: boolean) {
  return useQuery({
    queryKey: supportKeys.mine(),
    queryFn: () => apiFetch('/api/v1/support-requests', { schema: supportRequestListSchema }),
    enabled: isEnabled,
    refetchInterval: REFRESH_MS,
    retry: retryUnlessRefused(2),
  });
}

/** GET /api/v1/support-queue (listSupportQueue). */
export function useSupportQueue(filters: ListSupportQueueQuery, isEnabled: boolean) {
  return useQuery({
    queryKey: supportKeys.queue(filters),
    queryFn: () => apiFetch('/api/v1/support-queue', { query: { ...filters }, schema: supportRequestListSchema }),
    enabled: isEnabled,
    placeholderData: keepPreviousData,
    refetchInterval: REFRESH_MS,
    retry: retryUnlessRefused(2),
  });
}

/** GET /api/v1/support-requests/:id (getSupportRequest). */
export function useSupportRequest(id: string) {
  return useQuery({
    queryKey: supportKeys.detail(id),
    queryFn: () => apiFetch(`/api/v1/support-requests/${id}`, { schema: supportRequestDetailSchema }),
    refetchInterval: REFRESH_MS,
    retry: retryUnlessRefused(2),
  });
}

function useSettle() {
  const client = useQueryClient();
  return (detail: SupportRequestDetail) => {
    client.setQueryData(supportKeys.detail(detail.id), detail);
    void client.invalidateQueries({ queryKey: [...supportKeys.all, 'mine'] });
    void client.invalidateQueries({ queryKey: [...supportKeys.all, 'queue'] });
  };
}

/** POST /api/v1/support-requests (createSupportRequest). */
export function useCreateSupportRequest() {
  const settle = useSettle();
  return useMutation({
    mutationFn: (input: CreateSupportRequestInput) =>
      apiFetch('/api/v1/support-requests', { method: 'POST', body: input, schema: supportRequestDetailSchema }),
    onSuccess: settle,
  });
}

/** POST /api/v1/support-requests/:id/messages (replyToSupportRequest). */
export function useReplyToSupportRequest(id: string) {
  const settle = useSettle();
  return useMutation({
    mutationFn: (input: ReplyToSupportRequestInput) =>
      apiFetch(`/api/v1/support-requests/${id}/messages`, { method: 'POST', body: input, schema: supportRequestDetailSchema }),
    onSuccess: settle,
  });
}

/** POST /api/v1/support-requests/:id/status (updateSupportRequestStatus). */
export function useUpdateSupportRequestStatus(id: string) {
  const settle = useSettle();
  return useMutation({
    mutationFn: (status: SupportStatus) =>
      apiFetch(`/api/v1/support-requests/${id}/status`, { method: 'POST', body: { status }, schema: supportRequestDetailSchema }),
    onSuccess: settle,
  });
}
