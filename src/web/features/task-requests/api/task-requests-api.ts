import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ENDPOINT_ACCESS } from '../../../../shared/permissions.ts';
import {
  type ClassifyTaskRequestInput,
  type CreateTaskRequestInput,
  type TaskRequestList,
  type TaskStatus,
  classifyTaskRequestResponseSchema,
  taskCommentListSchema,
  taskCommentSchema,
  taskRequestDetailSchema,
  taskRequestListSchema,
  taskSummarySchema,
} from '../../../../shared/schemas/task-requests.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { useAccessDecision } from '../../auth/access.ts';
import { taskRequestKeys } from './task-request-keys.ts';

/** How often an unsettled request is asked about again, so its status moves without a reload. */
export const LIVE_REFRESH_MS = 5_000;
const SETTLED: readonly TaskStatus[] = ['delivered', 'cancelled'];
export const isSettled = (status: TaskStatus) => SETTLED.includes(status);

/** 'loading' until the access data is in; a role without tasks:read never sends the request. */
export function useTaskReadAccess(): 'loading' | 'allowed' | 'denied' {
  const { state } = useAccessDecision(ENDPOINT_ACCESS.readTasks);
  if (state === 'allowed') return 'allowed';
  return state === 'denied' ? 'denied' : 'loading';
}

export function useCanCreateTasks(): boolean {
  return useAccessDecision(ENDPOINT_ACCESS.createTasks).state === 'allowed';
}

/** GET /api/v1/task-requests (listTaskRequests), refreshed every few seconds while any is still moving. */
export function useTaskRequests(filters: { status?: TaskStatus; q?: string }) {
  const isAllowed = useTaskReadAccess() === 'allowed';
  return useQuery({
    queryKey: taskRequestKeys.list(filters),
    queryFn: () => apiFetch('/api/v1/task-requests', { query: { ...filters, limit: 50 }, schema: taskRequestListSchema }),
    enabled: isAllowed,
    placeholderData: keepPreviousData,
    refetchInterval: (query) => {
      const data: TaskRequestList | undefined = query.state.data;
      return data?.requests.some((request) => !isSettled(request.status)) ? LIVE_REFRESH_MS : false;
    },
  });
}

/** GET /api/v1/task-requests/:id (getTaskRequest), live while the request is not settled. */
export function useTaskRequest(id: string) {
  const isAllowed = useTaskReadAccess() === 'allowed';
  return useQuery({
    queryKey: taskRequestKeys.detail(id),
    queryFn: () => apiFetch(`/api/v1/task-requests/${id}`, { schema: taskRequestDetailSchema }),
    enabled: isAllowed,
    refetchInterval: (query) => (query.state.data && !isSettled(query.state.data.status) ? LIVE_REFRESH_MS : false),
  });
}

/** POST /api/v1/task-requests/classify (classifyTaskRequest): the wizard's step 2. */
export function useClassifyTaskRequest() {
  return useMutation({
    mutationFn: (input: ClassifyTaskRequestInput) =>
      apiFetch('/api/v1/task-requests/classify', { method: 'POST', body: input, schema: classifyTaskRequestResponseSchema }),
  });
}

/** POST /api/v1/task-requests (createTaskRequest). One Idempotency-Key per wizard, so a retried submit never makes two. */
export function useCreateTaskRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: { input: CreateTaskRequestInput; idempotencyKey: string }) =>
      apiFetch('/api/v1/task-requests', {
        method: 'POST',
        body: input,
        headers: { 'idempotency-key': idempotencyKey },
        schema: taskRequestDetailSchema,
      }),
    onSuccess: (request) => {
      queryClient.setQueryData(taskRequestKeys.detail(request.id), request);
      return queryClient.invalidateQueries({ queryKey: taskRequestKeys.all });
    },
  });
}

/** POST /api/v1/task-requests/:id/cancel (cancelTaskRequest) */
export function useCancelTaskRequest(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch(`/api/v1/task-requests/${id}/cancel`, { method: 'POST', schema: taskRequestDetailSchema }),
    onSuccess: (request) => {
      queryClient.setQueryData(taskRequestKeys.detail(id), request);
      return queryClient.invalidateQueries({ queryKey: taskRequestKeys.all });
    },
  });
}

/** POST /api/v1/task-requests/:id/revision (submitTaskRevision): the client sends delivered work back with notes. */
export function useRequestTaskRevision(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (notes: string) =>
      apiFetch(`/api/v1/task-requests/${id}/revision`, { method: 'POST', body: { notes }, schema: taskRequestDetailSchema }),
    onSuccess: (request) => {
      queryClient.setQueryData(taskRequestKeys.detail(id), request);
      return queryClient.invalidateQueries({ queryKey: taskRequestKeys.all });
    },
  });
}

/** POST /api/v1/task-requests/:id/retry (retryTaskRequest): staff queue a failed request for its agent again. */
export function useRetryTaskRequest(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch(`/api/v1/task-requests/${id}/retry`, { method: 'POST', schema: taskRequestDetailSchema }),
    onSuccess: (request) => {
      queryClient.setQueryData(taskRequestKeys.detail(id), request);
      return queryClient.invalidateQueries({ queryKey: taskRequestKeys.all });
    },
  });
}

/** GET /api/v1/task-requests/:id/comments (listTaskComments), refreshed with the request. */
export function useTaskComments(id: string, isLive: boolean) {
  const isAllowed = useTaskReadAccess() === 'allowed';
  return useQuery({
    queryKey: taskRequestKeys.comments(id),
    queryFn: () => apiFetch(`/api/v1/task-requests/${id}/comments`, { schema: taskCommentListSchema }),
    enabled: isAllowed,
    refetchInterval: isLive ? LIVE_REFRESH_MS : false,
  });
}

/** POST /api/v1/task-requests/:id/comments (createTaskComment) */
export function useCreateTaskComment(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) =>
      apiFetch(`/api/v1/task-requests/${id}/comments`, { method: 'POST', body: { body }, schema: taskCommentSchema }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: taskRequestKeys.comments(id) }),
        queryClient.invalidateQueries({ queryKey: taskRequestKeys.detail(id) }),
      ]),
  });
}

/** GET /api/v1/task-summary (getTaskSummary): the Overview's figures, live while work is moving. */
export function useTaskSummary(since: string | null) {
  const isAllowed = useTaskReadAccess() === 'allowed';
  return useQuery({
    queryKey: taskRequestKeys.summary(since),
    queryFn: () => apiFetch('/api/v1/task-summary', { query: { since: since ?? undefined }, schema: taskSummarySchema }),
    enabled: isAllowed,
    refetchInterval: (query) => (query.state.data && query.state.data.queue.length > 0 ? LIVE_REFRESH_MS : false),
  });
}
