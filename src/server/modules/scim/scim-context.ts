import type { AuditOrigin } from '../../platform/audit/record-audit.ts';
import type { Jobs } from '../../platform/jobs/job-types.ts';
import type { Tenant } from '../../platform/tenancy/tenant.ts';

/**
 * One SCIM request's organization (its bearer token's), the tenant guard bound to it, and where its
 * resources live (`<origin>/scim/v2`), for `meta.location` and `$ref`.
 */
export interface ScimContext {
  organizationId: string;
  tenant: Tenant;
  origin: AuditOrigin;
  baseUrl: string;
  now: Date;
  /** For the mails a change sends in its transaction (a group's new member joining an open campaign). */
  jobs: Jobs;
}

export const SCIM_SOURCE = 'scim' as const;
