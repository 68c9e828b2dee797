import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { auditTrailSchema, chainVerificationSchema } from '../../../../shared/schemas/audit.ts';
import { apiDownload, apiFetch } from '../../../lib/api-client.ts';

/** The Audit Trail Viewer's reads (docs/audit.md). */
export interface TrailFilters {
  organizationId?: string;
  engagementId?: string;
  actorId?: string;
  entityType?: string;
  action?: string;
  from?: string;
  to?: string;
  cursor?: number;
}

const clean = (filters: TrailFilters) =>
  Object.fromEntries(Object.entries(filters).map(([key, value]) => [key, value === '' || value === undefined ? undefined : String(value)]));

/** GET /api/v1/audit-trail (listAuditTrail) */
export function useAuditTrail(filters: TrailFilters, enabled = true) {
  return useQuery({
    queryKey: ['audit-trail', filters],
    queryFn: ({ signal }) => apiFetch('/api/v1/audit-trail', { query: clean(filters), schema: auditTrailSchema, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** GET /api/v1/audit-trail/verify (verifyAuditTrail): on demand, from the Verify button. */
export function useVerifyAuditTrail() {
  return useMutation({
    mutationFn: (filters: Pick<TrailFilters, 'organizationId' | 'engagementId'>) =>
      apiFetch('/api/v1/audit-trail/verify', { query: clean(filters), schema: chainVerificationSchema }),
  });
}

/** GET /api/v1/audit-trail/export.csv (exportAuditTrail), saved as a file. */
export function useExportAuditTrail() {
  return useMutation({
    mutationFn: async (filters: TrailFilters) => {
      const { cursor: _cursor, ...rest } = filters;
      const { blob, fileName } = await apiDownload('/api/v1/audit-trail/export.csv', { query: clean(rest) });
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = fileName ?? 'audit-trail.csv';
      link.hidden = true;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    },
  });
}
