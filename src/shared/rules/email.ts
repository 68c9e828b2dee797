import { z } from 'zod';

/**
 * The one e-mail rule of the product: text, @, text, dot, text (product.md §5), used by every form
 * and every endpoint that takes an address.
 *
 * The length is checked before the pattern, and the pattern is linear: the local part cannot
 * contain '@' and a domain label cannot contain '.', so there is exactly one way to match and
 * a failed match never backtracks over the input more than once. (The earlier
 * `^[^\s@]+@[^\s@]+\.[^\s@]+$` let the domain's first run swallow dots, and a 300 KB value held
 * the event loop for 25 s.)
 */

/** RFC 5321 caps an address at 254 octets in practice; we accept up to 320 like GoTrue. */
export const EMAIL_MAX_LENGTH = 320;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;

/** The one message for an address that breaks the rule, on every form and endpoint. */
export const EMAIL_INVALID_MESSAGE = 'Please enter a valid email address';

/** True when `value` (already trimmed by the caller) is an address we accept. */
export function isValidEmail(value: string): boolean {
  return value.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(value);
}

/**
 * The rule as a zod schema, for the end of a pipe whose first half trims the value and caps it at
 * EMAIL_MAX_LENGTH (a pipe stops at the first half's failure, so the pattern never sees more).
 */
export const emailPatternSchema = z.string().refine(isValidEmail, EMAIL_INVALID_MESSAGE);
