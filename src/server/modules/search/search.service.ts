import { type SQL, and, eq, inArray, sql } from 'drizzle-orm';
import {
  HIGHLIGHT_END,
  HIGHLIGHT_START,
  type SearchContentType,
  type SearchResponse,
  type SearchResult,
} from '../../../shared/schemas/search.ts';
import type { Db } from '../../db/client.ts';
import { searchableContent } from '../../db/schema/content.ts';
import { catalogueIndex } from '../frameworks/catalogue-index.ts';
import { searchRequirements } from './requirement-search.ts';

/**
 * Full-text search over searchable_content (product.md §7 search-content), reused by the AI advisor for
 * retrieval. Every value reaches the database as a bound parameter: the tsquery text is rebuilt
 * from word characters only, so no input can add tsquery operators either.
 */

export interface SearchContentOptions {
  q: string;
  limit: number;
  offset: number;
  types?: readonly SearchContentType[];
  categories?: readonly string[];
  /**
   * The search dialog's requirement hits (the framework catalogue), given on the first page of an
   * unfiltered search when any requirement matches. The advisor's retrieval leaves them out.
   */
  requirements?: boolean;
}

const MAX_TERMS = 8;
const MAX_TERM_LENGTH = 64;
/** word_similarity() floor for the typo fallback: 'complience' still finds 'Compliance …'. */
const FUZZY_THRESHOLD = 0.4;
const MIN_FUZZY_TERM_LENGTH = 3;
const PLAIN_EXCERPT_LENGTH = 220;
/** ts_headline parses the whole text it is given: a long body is cut to keep one search cheap. */
const HEADLINE_SOURCE_MAX = 6000;
const HEADLINE_OPTIONS = `StartSel=${HIGHLIGHT_START}, StopSel=${HIGHLIGHT_END}, MaxWords=32, MinWords=12, ShortWord=2, MaxFragments=2, FragmentDelimiter=" … "`;
// chr() keeps the markers out of the SQL text; stored text loses them before it is highlighted.
const markers = sql`chr(${HIGHLIGHT_START.codePointAt(0) ?? 0}) || chr(${HIGHLIGHT_END.codePointAt(0) ?? 0})`;

/** Lower-case word terms of the query; letters and digits only, so they are inert in a tsquery. */
export function queryTerms(q: string): string[] {
  const words = q.toLocaleLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.slice(0, MAX_TERMS).map((word) => word.slice(0, MAX_TERM_LENGTH));
}

/**
 * 'soc compl' → 'soc & compl:*': every word must match, the last one as a prefix (typing in
 * progress). With '|' it is the highlighting query: any of the words is worth marking.
 */
export function toPrefixTsquery(terms: readonly string[], operator: '&' | '|' = '&'): string | null {
  if (terms.length === 0) return null;
  return terms.map((term, index) => (index === terms.length - 1 ? `${term}:*` : term)).join(` ${operator} `);
}

function filters(options: SearchContentOptions): SQL[] {
  const where: SQL[] = [eq(searchableContent.isPublished, true)];
  if (options.types && options.types.length > 0) where.push(inArray(searchableContent.contentType, [...options.types]));
  if (options.categories && options.categories.length > 0) {
    // Case-insensitive: a result reports 'FAQ', a link may say 'faq' (the schema lower-cases the input).
    const wanted = options.categories.map((category) => category.toLocaleLowerCase('en'));
    where.push(inArray(sql`lower(${searchableContent.category})`, wanted));
  }
  return where;
}

interface Row extends Record<string, unknown> {
  id: string;
  title: string;
  excerpt: string;
  content_type: string;
  category: string;
  url_path: string;
  total: number | string;
}

/** node-postgres and PGlite both answer raw SQL with `{ rows }`; drizzle types it per driver. */
function rowsOf(result: unknown): Row[] {
  return (result as { rows: Row[] }).rows;
}

/** Markdown noise that ts_headline copies from a body into the excerpt. */
export function cleanExcerpt(text: string): string {
  return (
    text
      .replaceAll(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replaceAll(/^[ \t]*#{1,6}[ \t]+(.*)$/gm, '$1 —')
      // A paragraph break after an unpunctuated line is a heading whose '#' ts_headline cut off.
      .replaceAll(/([^\s.!?:;,—])[ \t]*\n[ \t]*\n/g, '$1 — ')
      .replaceAll(/(^|\s)#{1,6}\s+/g, '$1')
      .replaceAll(/(\*\*|__|`)/g, '')
      .replaceAll(/^\s*[-*>]\s+/gm, '')
      .replaceAll(/\s+/g, ' ')
      .trim()
  );
}

/** A fragment cut from mid-sentence (it starts in lower case) is shown as a continuation. */
export function markContinuation(excerpt: string): string {
  const firstVisible = excerpt.replaceAll(HIGHLIGHT_START, '').trimStart().charAt(0);
  return firstVisible !== '' && firstVisible !== firstVisible.toLocaleUpperCase() ? `… ${excerpt}` : excerpt;
}

function toResult(row: Row): SearchResult {
  return {
    id: row.id,
    title: row.title,
    excerpt: markContinuation(cleanExcerpt(row.excerpt)),
    content_type: row.content_type,
    category: row.category,
    url_path: row.url_path,
  };
}

async function fullTextSearch(db: Db, terms: readonly string[], options: SearchContentOptions): Promise<Row[]> {
  // The tsquery is written inline (not joined from a CTE) so the planner can use the GIN index.
  const query = sql`to_tsquery('english', ${toPrefixTsquery(terms)})`;
  const anyTerm = sql`to_tsquery('english', ${toPrefixTsquery(terms, '|')})`;
  const t = searchableContent;
  // Rank over the stored vector and keep only the page's ids; the text is read for those rows only.
  // The highlight goes on the excerpt when it holds a match (weight B), else on the body when it
  // does (weight C: the user sees why it matched), else on the excerpt (a title-only match). The
  // stored vector answers "where did it match" without parsing the text again.
  const result = await db.execute(sql`
    with ranked as (
      select ${t.id} as id, ts_rank(${t.searchVector}, ${query}) as rank, count(*) over () as total
      from ${t}
      where ${t.searchVector} @@ ${query} and ${and(...filters(options))}
      order by rank desc, ${t.title} asc, ${t.id} asc
      limit ${options.limit} offset ${options.offset}
    )
    select ${t.id} as id, ${t.title} as title, ${t.contentType} as content_type, ${t.category} as category,
      ${t.urlPath} as url_path, ranked.total as total,
      ts_headline('english',
        translate(left(case
          when ${t.excerpt} <> '' and ts_filter(${t.searchVector}, '{b}') @@ ${anyTerm} then ${t.excerpt}
          when ts_filter(${t.searchVector}, '{c}') @@ ${anyTerm} or ${t.excerpt} = '' then ${t.body}
          else ${t.excerpt} end, ${HEADLINE_SOURCE_MAX}), ${markers}, ''),
        ${anyTerm}, ${HEADLINE_OPTIONS}) as excerpt
    from ranked join ${t} on ${t.id} = ranked.id
    order by ranked.rank desc, ${t.title} asc, ${t.id} asc`);
  return rowsOf(result);
}

/**
 * Typo tolerance: only when full text finds nothing, titles ranked by trigram word similarity.
 * `<%` is the indexable form of word_similarity() >= pg_trgm.word_similarity_threshold.
 */
async function fuzzySearch(db: Db, q: string, options: SearchContentOptions): Promise<Row[]> {
  const t = searchableContent;
  const result = await db.execute(sql`
    select ${t.id} as id, ${t.title} as title, ${t.contentType} as content_type, ${t.category} as category,
           ${t.urlPath} as url_path,
           left(translate(case when ${t.excerpt} <> '' then ${t.excerpt} else ${t.body} end, ${markers}, ''), ${PLAIN_EXCERPT_LENGTH}) as excerpt,
           count(*) over () as total
    from ${t}
    where ${q} <% ${t.title} and ${and(...filters(options))}
    order by word_similarity(${q}, ${t.title}) desc, ${t.title} asc, ${t.id} asc
    limit ${options.limit} offset ${options.offset}`);
  return rowsOf(result);
}

async function countMatches(db: Db, condition: SQL, options: SearchContentOptions): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(searchableContent)
    .where(and(condition, ...filters(options)));
  return row?.total ?? 0;
}

/**
 * The planner prices a sequential scan far below what evaluating `@@` on thousands of stored
 * vectors really costs (each one is decompressed), and picks it over the GIN indexes even for
 * selective queries; measured 3–5× slower (bench/search.ts). Within this one short, read-only
 * transaction it is told to use the indexes, and the trigram threshold is set for `<%`.
 */
async function withSearchSettings<T>(db: Db, run: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('enable_seqscan', 'off', true), set_config('pg_trgm.word_similarity_threshold', ${String(FUZZY_THRESHOLD)}, true)`,
    );
    return run(tx);
  });
}

/** Ranked, filtered, paged search of published content: `{ results, total }`, and requirement hits when asked. */
export async function searchContent(db: Db, options: SearchContentOptions): Promise<SearchResponse> {
  const content = await searchPublishedContent(db, options);
  const wantsRequirements = options.requirements === true && options.offset === 0 && !options.types?.length && !options.categories?.length;
  if (!wantsRequirements) return content;
  const requirements = searchRequirements(await catalogueIndex(db), options.q);
  return requirements.length > 0 ? { ...content, requirements } : content;
}

async function searchPublishedContent(db: Db, options: SearchContentOptions): Promise<SearchResponse> {
  return withSearchSettings(db, async (tx) => {
    const terms = queryTerms(options.q);
    const tsquery = toPrefixTsquery(terms);
    if (tsquery) {
      const rows = await fullTextSearch(tx, terms, options);
      if (rows.length > 0) return { results: rows.map(toResult), total: Number(rows[0]?.total ?? 0) };
      // A page past the end still reports how many matches exist.
      const condition = sql`${searchableContent.searchVector} @@ to_tsquery('english', ${tsquery})`;
      const total = options.offset > 0 ? await countMatches(tx, condition, options) : 0;
      if (total > 0) return { results: [], total };
    }
    // Words of one or two letters carry no trigram signal ('OR', '1') and would match noise.
    const q = terms.filter((term) => term.length >= MIN_FUZZY_TERM_LENGTH).join(' ');
    if (q === '') return { results: [], total: 0 };
    const rows = await fuzzySearch(tx, q, options);
    if (rows.length > 0) return { results: rows.map(toResult), total: Number(rows[0]?.total ?? 0) };
    const total = options.offset > 0 ? await countMatches(tx, sql`${q} <% ${searchableContent.title}`, options) : 0;
    return { results: [], total };
  });
}
