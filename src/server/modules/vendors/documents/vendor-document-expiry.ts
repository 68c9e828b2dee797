import { and, eq, gt, isNotNull, isNull, lte, ne, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client.ts';
import { vendorDocuments, vendors } from '../../../db/schema/vendors.ts';
import type { Jobs } from '../../../platform/jobs/job-types.ts';
import { withTenant } from '../../../platform/tenancy/tenant.ts';
import { openRenewalTask } from './vendor-document-consequences.ts';
import { markVendorDocumentExpiring } from './vendor-document-records.ts';

/**
 * The daily check of confirmed documents (docs/vendor-documents.md): for each one that expires within
 * EXPIRING_WITHIN_DAYS, or expired, and is not replaced by a later confirmed document of the same kind
 * for the vendor, `vendor.document_expiring` (a workflow trigger and a webhook event) once when it comes
 * within the window and once more when it expires (`expired: true`), when it also gets a renewal task on
 * the vendor's owner unless it has one. Runs in the vendor clock's daily job.
 */

export const EXPIRING_WITHIN_DAYS = 30;
const system = { kind: 'all', userId: null } as const;

export async function runVendorDocumentExpiry(db: Db, jobs: Jobs, now = new Date()): Promise<{ expiring: number; renewals: number }> {
  const today = now.toISOString().slice(0, 10);
  const horizon = new Date(now.getTime() + EXPIRING_WITHIN_DAYS * 86_400_000).toISOString().slice(0, 10);
  const later = alias(vendorDocuments, 'later');
  return withTenant(db, system, async (tx) => {
    const rows = await tx
      .select({ document: vendorDocuments, vendor: vendors })
      .from(vendorDocuments)
      .innerJoin(vendors, eq(vendors.id, vendorDocuments.vendorId))
      .leftJoin(
        later,
        and(
          eq(later.vendorId, vendorDocuments.vendorId),
          eq(later.kind, vendorDocuments.kind),
          eq(later.status, 'confirmed'),
          gt(later.expiresOn, vendorDocuments.expiresOn),
        ),
      )
      .where(
        and(
          eq(vendorDocuments.status, 'confirmed'),
          isNotNull(vendorDocuments.expiresOn),
          lte(vendorDocuments.expiresOn, horizon),
          or(
            // Not announced for this date yet, or expired since it was announced and without a renewal task.
            isNull(vendorDocuments.expiringSentFor),
            ne(vendorDocuments.expiringSentFor, vendorDocuments.expiresOn),
            and(lte(vendorDocuments.expiresOn, today), isNull(vendorDocuments.renewalTaskRequestId)),
          ),
          ne(vendors.status, 'offboarded'),
          isNull(later.id),
        ),
      )
      .for('update', { of: vendorDocuments, skipLocked: true });
    let renewals = 0;
    for (const { document, vendor } of rows) {
      const expired = document.expiresOn !== null && document.expiresOn <= today;
      let renewal: string | null = null;
      if (expired && !document.renewalTaskRequestId && document.kind && document.expiresOn) {
        renewal = await openRenewalTask({ tx, jobs, vendor, actorId: vendor.createdBy, now }, document.kind, document.expiresOn);
        renewals += 1;
      }
      await markVendorDocumentExpiring(tx, jobs, document, vendor, renewal, now);
    }
    return { expiring: rows.length, renewals };
  });
}
