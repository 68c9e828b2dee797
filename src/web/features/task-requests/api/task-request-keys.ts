import type { TaskStatus } from '../../../../shared/schemas/task-requests.ts';

/** Query keys of the task-requests domain (one factory, so every cache entry is found the same way). */
export const taskRequestKeys = {
  all: ['task-requests'] as const,
  list: (filters: { status?: TaskStatus; q?: string }) => [...taskRequestKeys.all, 'list', filters] as const,
  detail: (id: string) => [...taskRequestKeys.all, 'detail', id] as const,
  comments: (id: string) => [...taskRequestKeys.all, 'comments', id] as const,
  summary: (since: string | null) => [...taskRequestKeys.all, 'summary', since] as const,
};
