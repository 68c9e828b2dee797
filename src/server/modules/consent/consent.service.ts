import { and, desc, eq } from 'drizzle-orm';
import type { RecordConsentInput, StoredConsent } from '../../../shared/schemas/consent.ts';
import type { Db } from '../../db/client.ts';
import { cookieConsents } from '../../db/schema/consent.ts';

const HISTORY_LIMIT = 50;
const USER_AGENT_MAX = 512;

function toStored(row: typeof cookieConsents.$inferSelect): StoredConsent {
  return {
    id: row.id,
    essential: row.essential,
    functional: row.functional,
    analytics: row.analytics,
    marketing: row.marketing,
    timestamp: row.consentedAt.toISOString(),
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * Appends one choice; rows are never updated, so the history is the evidence. The browser sends
 * its stored record on every visit of a signed-in user (a choice made before signing in counts
 * too), so a record already kept (same moment, same answers) is answered, not stored again.
 */
export async function recordConsent(
  db: Db,
  options: { userId: string; consent: RecordConsentInput; userAgent?: string },
): Promise<StoredConsent> {
  const consentedAt = new Date(options.consent.timestamp);
  const [kept] = await db
    .select()
    .from(cookieConsents)
    .where(
      and(
        eq(cookieConsents.userId, options.userId),
        eq(cookieConsents.consentedAt, consentedAt),
        eq(cookieConsents.functional, options.consent.functional),
        eq(cookieConsents.analytics, options.consent.analytics),
        eq(cookieConsents.marketing, options.consent.marketing),
      ),
    )
    .limit(1);
  if (kept) return toStored(kept);
  const [row] = await db
    .insert(cookieConsents)
    .values({
      userId: options.userId,
      essential: true,
      functional: options.consent.functional,
      analytics: options.consent.analytics,
      marketing: options.consent.marketing,
      consentedAt,
      userAgent: options.userAgent?.slice(0, USER_AGENT_MAX) ?? null,
    })
    .returning();
  if (!row) throw new Error('cookie_consents insert returned no row');
  return toStored(row);
}

/** The user's own choices, newest first. */
export async function listConsents(db: Db, options: { userId: string }): Promise<StoredConsent[]> {
  const rows = await db
    .select()
    .from(cookieConsents)
    .where(eq(cookieConsents.userId, options.userId))
    .orderBy(desc(cookieConsents.createdAt), desc(cookieConsents.id))
    .limit(HISTORY_LIMIT);
  return rows.map(toStored);
}
