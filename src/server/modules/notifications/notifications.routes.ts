import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  markNotificationsReadResultSchema,
  markNotificationsReadSchema,
  notificationListQuerySchema,
  notificationListSchema,
  notificationPreferencesSchema,
} from '../../../shared/schemas/notifications.ts';
import { requireUser } from '../../plugins/authenticate.ts';
import { requestTenant } from '../../platform/tenancy/tenant.ts';
import {
  getNotificationPreferences,
  listNotifications,
  markNotificationsRead,
  updateNotificationPreferences,
} from './notifications.service.ts';
import { noStore } from '../../platform/http/no-store.ts';

/** /api/v1/notifications…: the caller's own notifications (the bell) and e-mail preferences. docs/notifications.md. */
export function registerNotificationRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = { tags: ['notifications'], security: [{ bearerAuth: [] }] };
  const config = { access: 'signedIn' } as const;

  api.get(
    '/api/v1/notifications',
    {
      config: { ...config, readCache: true },
      schema: {
        ...tags,
        operationId: 'listNotifications',
        summary: 'The caller’s notifications, newest first, with the unread count (the bell)',
        querystring: notificationListQuerySchema,
        response: { 200: notificationListSchema },
      },
    },
    async (request, reply) =>
      reply.headers(noStore).send(await listNotifications(await requestTenant(request), requireUser(request).userId, request.query)),
  );

  api.post(
    '/api/v1/notifications/read',
    {
      config: { ...config, rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        ...tags,
        operationId: 'markNotificationsRead',
        summary: 'Marks the named notifications (or all of the caller’s) read; answers the unread count left',
        body: markNotificationsReadSchema,
        response: { 200: markNotificationsReadResultSchema },
      },
    },
    async (request, reply) =>
      reply.headers(noStore).send(await markNotificationsRead(await requestTenant(request), requireUser(request).userId, request.body)),
  );

  api.get(
    '/api/v1/notifications/preferences',
    {
      config,
      schema: {
        ...tags,
        operationId: 'getNotificationPreferences',
        summary: 'Which notifications also come by e-mail, and whether at once or in a daily digest',
        response: { 200: notificationPreferencesSchema },
      },
    },
    async (request, reply) => reply.headers(noStore).send(await getNotificationPreferences(app.database.db, requireUser(request).userId)),
  );

  api.put(
    '/api/v1/notifications/preferences',
    {
      config: { ...config, rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        ...tags,
        operationId: 'updateNotificationPreferences',
        summary: 'Chooses which notifications also come by e-mail: at once, in a daily digest (07:00 UTC), or not at all',
        body: notificationPreferencesSchema,
        response: { 200: notificationPreferencesSchema },
      },
    },
    async (request, reply) =>
      reply.headers(noStore).send(await updateNotificationPreferences(app.database.db, requireUser(request).userId, request.body)),
  );
}
