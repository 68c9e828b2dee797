/**
 * Text PostgreSQL cannot store: a NUL character (refused in `text` and `jsonb`) and a lone UTF-16
 * surrogate (not a character at all: `jsonb` refuses its escape, and it cannot be encoded as
 * UTF-8). Input carrying either is a client error, found before it reaches a query, so it is
 * answered as a field error and never as a database failure.
 */

export const STORABLE_TEXT_MESSAGES = {
  nul: 'Text cannot contain the NUL character (\\u0000).',
  surrogate: 'Text contains an invalid character (a lone UTF-16 surrogate).',
  tooDeep: 'The value is nested too deeply.',
} as const;

/** Deeper JSON than any of our forms or integrations send; a cap, so a walk is always cheap. */
export const MAX_INPUT_DEPTH = 32;

export interface UnstorableInput {
  /** Where, as `key.0.name` (empty for the value itself). */
  path: string;
  message: string;
}

// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The same text with each NUL and lone surrogate replaced by U+FFFD, for records we must keep whatever they quote. */
export function toStorableText(text: string): string {
  return text.replaceAll('\u0000', '\uFFFD').replace(new RegExp(LONE_SURROGATE.source, 'g'), '\uFFFD');
}

/** The problem with one string, or null. Linear: one scan for NUL, one for surrogates. */
export function findUnstorableText(text: string): string | null {
  if (text.includes('\u0000')) return STORABLE_TEXT_MESSAGES.nul;
  if (LONE_SURROGATE.test(text)) return STORABLE_TEXT_MESSAGES.surrogate;
  return null;
}

/**
 * An array or a plain object: one whose prototype is Object.prototype, null, or an empty object
 * without a prototype. Fastify's query parser (fast-querystring) makes the last kind; an earlier
 * test for the first two only let every query string through unread (issue 31: `?q=%00` was a 500).
 * Buffers, dates and streams have richer prototype chains and are skipped.
 */
function isPlainContainer(value: unknown): value is Record<string, unknown> | unknown[] {
  if (Array.isArray(value)) return true;
  if (typeof value !== 'object' || value === null) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === null || Object.getPrototypeOf(prototype) === null;
}

/**
 * The first unstorable string in a parsed request part (body, query, params), keys included, or a
 * value nested deeper than MAX_INPUT_DEPTH. Walks with its own stack, so no input can exhaust ours.
 */
export function findUnstorableInput(value: unknown): UnstorableInput | null {
  const stack: { value: unknown; path: string[] }[] = [{ value, path: [] }];
  while (stack.length > 0) {
    const current = stack.pop()!;
    if (typeof current.value === 'string') {
      const message = findUnstorableText(current.value);
      if (message) return { path: current.path.join('.'), message };
      continue;
    }
    if (!isPlainContainer(current.value)) continue;
    if (current.path.length >= MAX_INPUT_DEPTH) return { path: current.path.join('.'), message: STORABLE_TEXT_MESSAGES.tooDeep };
    for (const [key, child] of Object.entries(current.value)) {
      const path = [...current.path, key];
      const keyMessage = findUnstorableText(key);
      if (keyMessage) return { path: path.join('.'), message: keyMessage };
      stack.push({ value: child, path });
    }
  }
  return null;
}
