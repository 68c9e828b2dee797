/**
 * The one e-mail rule of the product, used by every form and every endpoint that takes an address
 * (product.md §5: text, @, text, dot, text), as strict as Supabase Auth (GoTrue), which answers
 * "Unable to validate email address: invalid format" for anything else:
 * - the local part is an RFC 5322 dot-atom: atoms of letters, digits and ! # $ % & ' * + / = ? ^ _ ` { | } ~ -
 *   joined by single dots (no quotes, spaces, brackets, `:` `;` `,` `@`, no leading, trailing or
 *   consecutive dots);
 * - the domain is at least two labels joined by single dots, each of ASCII letters, digits and
 *   hyphens, not starting or ending with a hyphen.
 *
 * The length is checked first, then the value is split and each piece checked by a pattern
 * without nesting or alternation, so the check is linear in the input and never backtracks (the
 * earlier `^[^\s@]+@[^\s@]+\.[^\s@]+$` let the domain's first run swallow dots, and a 300 KB value
 * held the event loop for 25 s). No single regular expression for the whole address, on purpose.
 */

/** RFC 5321 caps an address at 254 octets in practice; we accept up to 320 like GoTrue. */
export const EMAIL_MAX_LENGTH = 320;

const ATOM = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+$/;
const LABEL = /^[A-Za-z0-9-]+$/;

/** The one message for an address that breaks the rule, on every form and endpoint. */
export const EMAIL_INVALID_MESSAGE = 'Please enter a valid email address';

const isAtom = (part: string) => ATOM.test(part);
const isLabel = (label: string) => LABEL.test(label) && !label.startsWith('-') && !label.endsWith('-');

/** True when `value` (already trimmed by the caller) is an address we accept. */
export function isValidEmail(value: string): boolean {
  if (value.length > EMAIL_MAX_LENGTH) return false;
  const at = value.indexOf('@');
  if (at <= 0 || at !== value.lastIndexOf('@')) return false;
  const labels = value.slice(at + 1).split('.');
  return value.slice(0, at).split('.').every(isAtom) && labels.length >= 2 && labels.every(isLabel);
}
