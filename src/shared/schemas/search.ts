import { z } from 'zod';
import { SEARCH } from '../constants.ts';

/**
 * The search-content function (product.md §3, §7): GET /functions/v1/search-content?q=&limit=&offset=&types=&categories=
 * answering { results, total }. Shared by the route (validation, OpenAPI) and the search dialog.
 */

/** The content types stored in searchable_content (the server's column enum mirrors this list). */
export const SEARCH_CONTENT_TYPES = [
  'documentation',
  'support',
  'knowledge-base',
  'article',
  'legal',
  'framework',
  'page',
  'other',
] as const;
export type SearchContentType = (typeof SEARCH_CONTENT_TYPES)[number];

export const SEARCH_QUERY_MAX_LENGTH = 200;
export const SEARCH_LIMIT_MAX = 50;
export const SEARCH_OFFSET_MAX = 10_000;
const LIST_MAX_ITEMS = 20;

/**
 * The excerpt marks each match between these two private-use characters (ts_headline's StartSel
 * and StopSel). They never occur in stored text (the server strips them first), so the client can
 * split on them and render <mark> elements without ever parsing HTML.
 */
export const HIGHLIGHT_START = '\uE000';
export const HIGHLIGHT_END = '\uE001';

/** A comma list in a query string: 'a, b,,c' → ['a', 'b', 'c']. */
function commaList(name: string) {
  return z
    .string()
    .max(1000, `${name} is too long`)
    .optional()
    .transform((value) =>
      (value ?? '')
        .split(',')
        .map((part) => part.trim())
        .filter((part) => part !== ''),
    );
}

const integerParam = (name: string, fallback: number, min: number, max: number) =>
  z.coerce
    .number({ error: `${name} must be a whole number` })
    .int(`${name} must be a whole number`)
    .min(min, `${name} must be at least ${min}`)
    .max(max, `${name} must be at most ${max}`)
    .default(fallback);

export const searchContentQuerySchema = z.object({
  q: z
    .string({ error: 'q is required' })
    .trim()
    .min(1, 'q must not be blank')
    .max(SEARCH_QUERY_MAX_LENGTH, `q must be at most ${SEARCH_QUERY_MAX_LENGTH} characters`),
  limit: integerParam('limit', SEARCH.pageLimit, 1, SEARCH_LIMIT_MAX),
  offset: integerParam('offset', 0, 0, SEARCH_OFFSET_MAX),
  types: commaList('types').pipe(
    z
      .array(z.enum(SEARCH_CONTENT_TYPES, { error: `Unknown type; use ${SEARCH_CONTENT_TYPES.join(', ')}` }))
      .max(LIST_MAX_ITEMS, `At most ${LIST_MAX_ITEMS} types at once`),
  ),
  // Categories are named as results report them ('FAQ', 'Evidence and audits', 'press'); the filter
  // ignores case, so each is lower-cased here and compared with the stored category lower-cased.
  categories: commaList('categories').pipe(
    z
      .array(
        z
          .string()
          .regex(/^[\p{L}\p{N}][\p{L}\p{N} &'_-]{0,63}$/u, "A category is letters, digits, spaces, &, ', - or _ (at most 64)")
          .transform((category) => category.toLocaleLowerCase('en')),
      )
      .max(LIST_MAX_ITEMS, `At most ${LIST_MAX_ITEMS} categories at once`),
  ),
});
export type SearchContentQuery = z.output<typeof searchContentQuerySchema>;

export const searchResultSchema = z.object({
  id: z.string(),
  title: z.string(),
  /** Plain text; matches sit between HIGHLIGHT_START and HIGHLIGHT_END. */
  excerpt: z.string(),
  content_type: z.string(),
  category: z.string(),
  url_path: z.string(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

/**
 * A requirement of the framework catalogue the query names by its id (A.8.11, CC6.1) or by words of its
 * title or summary; listed apart from the content results, on the first page only, and left out when none.
 */
export const requirementHitSchema = z.object({
  frameworkId: z.string(),
  frameworkName: z.string(),
  ref: z.string(),
  title: z.string(),
  /** Plain text from the summary; matches sit between HIGHLIGHT_START and HIGHLIGHT_END. */
  excerpt: z.string(),
  /** The framework's page in the workspace, at this requirement. */
  url_path: z.string(),
});
export type RequirementHit = z.infer<typeof requirementHitSchema>;

/**
 * How the search dialog lists a requirement hit among the results: content_type 'requirement' (not one
 * of SEARCH_CONTENT_TYPES: it is not a row of searchable_content), opening the framework page at it.
 */
export const REQUIREMENT_RESULT_TYPE = 'requirement';

/**
 * A support request of the signed-in user's own organizations (staff: those they serve) whose subject
 * matches (docs/support.md); never another organization's. Listed apart, on the first page only.
 */
export const supportRequestHitSchema = z.object({
  id: z.string(),
  subject: z.string(),
  status: z.string(),
  organizationName: z.string(),
  url_path: z.string(),
});
export type SupportRequestHit = z.infer<typeof supportRequestHitSchema>;

/** How the search dialog lists a support request hit among the results. */
export const SUPPORT_REQUEST_RESULT_TYPE = 'support_request';

export const searchResponseSchema = z.object({
  results: z.array(searchResultSchema),
  total: z.number().int().nonnegative(),
  requirements: z.array(requirementHitSchema).optional(),
  supportRequests: z.array(supportRequestHitSchema).optional(),
});
export type SearchResponse = z.infer<typeof searchResponseSchema>;

export interface HighlightPart {
  text: string;
  isMatch: boolean;
}

/** Splits a highlighted excerpt into plain and matched runs; unbalanced markers are treated as text. */
export function splitHighlights(excerpt: string): HighlightPart[] {
  const parts: HighlightPart[] = [];
  let rest = excerpt;
  while (rest !== '') {
    const start = rest.indexOf(HIGHLIGHT_START);
    const end = start === -1 ? -1 : rest.indexOf(HIGHLIGHT_END, start);
    if (start === -1 || end === -1) {
      parts.push({ text: rest.replaceAll(HIGHLIGHT_START, '').replaceAll(HIGHLIGHT_END, ''), isMatch: false });
      break;
    }
    if (start > 0) parts.push({ text: rest.slice(0, start).replaceAll(HIGHLIGHT_END, ''), isMatch: false });
    const match = rest.slice(start + 1, end);
    if (match !== '') parts.push({ text: match, isMatch: true });
    rest = rest.slice(end + 1);
  }
  return parts.filter((part) => part.text !== '');
}
