import { and, isNotNull, lte, ne, notInArray, or, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { vendors } from '../../db/schema/vendors.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import type { Jobs } from '../../platform/jobs/job-types.ts';
import { withTenant } from '../../platform/tenancy/tenant.ts';
import { runVendorDocumentExpiry } from './documents/vendor-document-expiry.ts';
import { markVendorReviewDue } from './vendor-records.ts';

/**
 * Reviews on a clock (issue 35 item 5): each tier's cadence sets a vendor's next review; once a day this
 * pass sends `vendor.review_due` (a workflow trigger and a webhook event) for every active vendor whose
 * next review is today or past and whose date was not announced yet. Each date is sent once.
 */

export const VENDOR_REVIEW_CLOCK_CRON = '15 6 * * *';
const system = { kind: 'all', userId: null } as const;

export async function runVendorReviewClock(db: Db, jobs: Jobs, now = new Date()): Promise<{ due: number }> {
  const today = now.toISOString().slice(0, 10);
  return withTenant(db, system, async (tx) => {
    const rows = await tx
      .select()
      .from(vendors)
      .where(
        and(
          isNotNull(vendors.nextReviewOn),
          lte(vendors.nextReviewOn, today),
          notInArray(vendors.status, ['offboarded', 'rejected']),
          or(isNull(vendors.reviewDueSentFor), ne(vendors.reviewDueSentFor, vendors.nextReviewOn)),
        ),
      )
      .for('update', { skipLocked: true });
    for (const row of rows) await markVendorReviewDue(tx, jobs, row, now);
    return { due: rows.length };
  });
}

export async function startVendorReviewClockWorker(jobs: JobQueue, db: Db): Promise<void> {
  await jobs.work('vendor-review-clock', { pollingIntervalSeconds: 30 }, async () => {
    await runVendorReviewClock(db, jobs);
    // The same daily pass checks the confirmed documents' expiry (idempotent: each date is sent once).
    await runVendorDocumentExpiry(db, jobs);
  });
}
