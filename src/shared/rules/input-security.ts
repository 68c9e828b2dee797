import { MAX_INPUT_LENGTH } from '../constants.ts';

/**
 * The security checks of product.md §5 for free-text fields of public forms. They run in the browser
 * (to tell a visitor what to fix) and again on the server (the browser is not a boundary).
 *
 * The SQL patterns match statement shapes ("select * from", "insert into", "' or 1=1", "; drop")
 * rather than single words, so an ordinary message ("please select a plan", "update us soon")
 * passes.
 */

export const SECURITY_PREFIX = 'Security validation failed: ';

export const SECURITY_MESSAGES = {
  tooLong: `Input exceeds maximum length of ${MAX_INPUT_LENGTH} characters`,
  malicious: 'Input contains potentially malicious content',
  sqlInjection: 'Input contains potential SQL injection patterns',
  html: 'HTML content is not allowed in this field',
} as const;

const EVENT_HANDLERS =
  'abort|blur|change|click|contextmenu|copy|cut|dblclick|drag\\w*|drop|error|focus\\w*|hashchange|input|invalid|key(?:down|press|up)|load|message|mouse\\w+|paste|pointer\\w+|popstate|reset|resize|scroll|search|select|show|storage|submit|toggle|touch\\w+|transition\\w+|animation\\w+|unload|beforeunload|wheel|begin|end';

const MALICIOUS_PATTERNS: readonly RegExp[] = [
  /<\s*\/?\s*(?:script|iframe|object|embed)\b/i,
  /\b(?:java|vb)script\s*:/i,
  /\bdata\s*:\s*text\/html/i,
  /\bdata\s*:\s*image\/svg\+xml/i,
  new RegExp(`\\bon(?:${EVENT_HANDLERS})\\s*=`, 'i'),
  /\beval\s*\(/i,
  // CSS expression(); no space allowed, so "an expression (of interest)" stays ordinary text.
  /\bexpression\(/i,
];

/** What may follow a semicolon: a dangerous verb, or a verb in statement shape ("; create a plan" passes). */
const SQL_STATEMENT = String.raw`(?:(?:shutdown|drop|truncate|grant|revoke|declare|exec(?:ute)?)\b|(?:select|insert|update|delete|create|alter)\s+(?:\*|into\b|from\b|table\b|[\w.]+\s+set\b))`;

const SQL_PATTERNS: readonly RegExp[] = [
  // statements
  /\bunion\b(?:\s+all)?\s+select\b/i,
  /\bselect\s+(?:\*|@@\w+|(?:distinct\s+)?[\w.]+\s*,\s*[\w.]+|(?:count|concat|group_concat|char|sleep|benchmark|version|database|user|load_file)\s*\()/i,
  /\bselect\s+[\w.*,\s]+?\s+from\s+[\w.[\]"`]+\s*(?:;|--|\bwhere\b)/i,
  /\binsert\s+into\s+[\w.[\]"`]+/i,
  /\bdelete\s+from\s+[\w.[\]"`]+\s*(?:;|--|\bwhere\b)/i,
  /\bupdate\s+[\w.[\]"`]+\s+set\s+[\w.[\]"`]+\s*=/i,
  /\bdrop\s+(?:table|database|schema|view|index|user)\b/i,
  /\b(?:alter|create|truncate)\s+table\b/i,
  /\bexec(?:ute)?\s*(?:\(|\s+(?:xp|sp)_\w+)/i,
  // quote-or patterns: ' or 1=1, " or "a"="a, ' and 'x' like 'x
  /['"`]\s*(?:or|and)\s+['"`]?[\w-]+['"`]?\s*(?:=|<>|!=|\blike\b)\s*['"`]?[\w-]*/i,
  /['"`]\s*or\s+(?:true|1)\b/i,
  // comment markers after a quote or a statement end, and block comments
  /['"`;]\s*(?:--|\/\*)|['"`]#/,
  /\/\*[\s\S]*?\*\//,
  // a semicolon followed by a statement
  new RegExp(`;\\s*${SQL_STATEMENT}`, 'i'),
];

/**
 * An event-handler attribute in any tag form: after a tag opens, an `on…=` attribute separated by
 * whitespace, a slash or a quote (`<img/src=x/onauxclick=…>`, `<svg\tonload=…>`), whatever the
 * event's name. Two linear scans: the earlier `<[^>]*\son[a-z]+=` restarted at every `<` and missed
 * slash separators.
 */
function hasEventHandlerAttribute(value: string): boolean {
  const tagStart = value.search(/<[a-z]/i);
  return tagStart !== -1 && /[\s/"'`]on[a-z]+\s*=/i.test(value.slice(tagStart));
}

const HTML_TAG = /<\/?[a-z][a-z0-9-]*(?:\s[^<>]*)?\/?>|<!--/i;

/** The first problem with a value, without the prefix, or null when it is safe. */
export function findSecurityProblem(value: string): string | null {
  if (value.length > MAX_INPUT_LENGTH) return SECURITY_MESSAGES.tooLong;
  if (MALICIOUS_PATTERNS.some((pattern) => pattern.test(value)) || hasEventHandlerAttribute(value)) return SECURITY_MESSAGES.malicious;
  if (SQL_PATTERNS.some((pattern) => pattern.test(value))) return SECURITY_MESSAGES.sqlInjection;
  if (HTML_TAG.test(value)) return SECURITY_MESSAGES.html;
  return null;
}

/** The message a visitor sees: 'Security validation failed: …', or null. */
export function securityError(value: string): string | null {
  const problem = findSecurityProblem(value);
  return problem ? `${SECURITY_PREFIX}${problem}` : null;
}

const SANITIZERS: readonly RegExp[] = [
  /<script\b[^>]*>[\s\S]*?<\/script\s*>/gi,
  /<iframe\b[^>]*>[\s\S]*?<\/iframe\s*>/gi,
  /javascript\s*:/gi,
  /data\s*:\s*text\/html/gi,
];

/**
 * Strips script and iframe blocks, `javascript:` and `data:text/html` (product.md §5), repeatedly, so
 * that a removal cannot splice a new occurrence together ("javajavascript:script:").
 */
export function sanitizeInput(value: string): string {
  let current = value;
  for (;;) {
    const next = SANITIZERS.reduce((text, pattern) => text.replace(pattern, ''), current);
    if (next === current) return current.trim();
    current = next;
  }
}
