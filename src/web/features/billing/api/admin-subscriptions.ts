import { useQuery } from '@tanstack/react-query';
import { adminSubscriptionListSchema } from '../../../../shared/schemas/billing.ts';
import { apiFetch } from '../../../lib/api-client.ts';

/** GET /api/v1/admin/billing/subscriptions: every subscription with its organisation and invoices (administrators). */
export function useAdminSubscriptions() {
  return useQuery({
    queryKey: ['admin', 'subscriptions'] as const,
    queryFn: ({ signal }) => apiFetch('/api/v1/admin/billing/subscriptions', { schema: adminSubscriptionListSchema, signal }),
  });
}
