/**
 * The signature every outgoing webhook carries (workflow webhook actions and integration webhooks
 * alike): HMAC-SHA256 over `<timestamp>.<body>` with the subscription's secret, sent as
 * `ComplianceCore-Signature: t=<unix seconds>,v1=<hex>`. The timestamp inside the signed text lets a
 * receiver refuse replays older than its tolerance (docs/integrations.md shows a receiver).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADER = 'ComplianceCore-Signature';
/** A receiver's default window: a delivery signed more than five minutes ago is a replay. */
export const DEFAULT_TOLERANCE_SECONDS = 300;

function digest(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

/** The header value for `body`, signed at `now`. */
export function signWebhook(secret: string, body: string, now: Date = new Date()): string {
  const timestamp = Math.floor(now.getTime() / 1000);
  return `t=${timestamp},v1=${digest(secret, timestamp, body)}`;
}

export type SignatureCheck = { valid: true } | { valid: false; reason: 'malformed' | 'expired' | 'mismatch' };

/** What a receiver does: parse the header, refuse an old timestamp, compare in constant time. */
export function verifyWebhook(
  secret: string,
  body: string,
  header: string,
  options: { now?: Date; toleranceSeconds?: number } = {},
): SignatureCheck {
  const parts = new Map(header.split(',').map((part) => part.trim().split('=', 2) as [string, string | undefined]));
  const timestamp = Number(parts.get('t'));
  const signature = parts.get('v1');
  if (!Number.isSafeInteger(timestamp) || !signature || !/^[0-9a-f]{64}$/.test(signature)) return { valid: false, reason: 'malformed' };
  const now = Math.floor((options.now ?? new Date()).getTime() / 1000);
  if (Math.abs(now - timestamp) > (options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS)) return { valid: false, reason: 'expired' };
  const expected = Buffer.from(digest(secret, timestamp, body), 'hex');
  return timingSafeEqual(expected, Buffer.from(signature, 'hex')) ? { valid: true } : { valid: false, reason: 'mismatch' };
}
