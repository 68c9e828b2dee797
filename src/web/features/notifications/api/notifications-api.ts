import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  markNotificationsReadResultSchema,
  notificationListSchema,
  notificationPreferencesSchema,
  type NotificationPreferences,
} from '../../../../shared/schemas/notifications.ts';
import { apiFetch } from '../../../lib/api-client.ts';

const ROOT = ['notifications'] as const;
export const notificationKeys = {
  list: [...ROOT, 'list'] as const,
  preferences: [...ROOT, 'preferences'] as const,
};

/** GET /api/v1/notifications (listNotifications): the bell's list and unread count, refreshed every minute. */
export function useNotifications(enabled: boolean) {
  return useQuery({
    queryKey: notificationKeys.list,
    queryFn: ({ signal }) => apiFetch('/api/v1/notifications', { query: { limit: 30 }, schema: notificationListSchema, signal }),
    enabled,
    refetchInterval: 60_000,
    refetchOnWindowFocus: true,
  });
}

/** POST /api/v1/notifications/read (markNotificationsRead): some ids, or all. */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { ids: string[] } | { all: true }) =>
      apiFetch('/api/v1/notifications/read', { method: 'POST', body: input, schema: markNotificationsReadResultSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.list }),
  });
}

/** GET /api/v1/notifications/preferences (getNotificationPreferences) */
export function useNotificationPreferences(enabled: boolean) {
  return useQuery({
    queryKey: notificationKeys.preferences,
    queryFn: ({ signal }) => apiFetch('/api/v1/notifications/preferences', { schema: notificationPreferencesSchema, signal }),
    enabled,
  });
}

/** PUT /api/v1/notifications/preferences (updateNotificationPreferences) */
export function useSaveNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NotificationPreferences) =>
      apiFetch('/api/v1/notifications/preferences', { method: 'PUT', body: input, schema: notificationPreferencesSchema }),
    onSuccess: (saved) => queryClient.setQueryData(notificationKeys.preferences, saved),
  });
}
