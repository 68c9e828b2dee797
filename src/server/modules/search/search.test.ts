import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser } from '../../../../tests/auth-helpers.ts';
import { type TestDatabase, createTestDatabase } from '../../../../tests/test-database.ts';
import {
  HIGHLIGHT_END,
  HIGHLIGHT_START,
  SEARCH_CONTENT_TYPES,
  type SearchResponse,
  searchResponseSchema,
} from '../../../shared/schemas/search.ts';
import { buildApp } from '../../app.ts';
import { CONTENT_TYPES, searchableContent } from '../../db/schema/content.ts';
import { insertSearchFixtures } from '../../../../tests/fixtures/search-content.ts';
import { cleanExcerpt, markContinuation, queryTerms, searchContent, toPrefixTsquery } from './search.service.ts';
import { readJson } from '../../../../tests/read-response.ts';
import { errorBodySchema } from '../../../shared/errors.ts';

let database: TestDatabase;
let app: FastifyInstance;
let anonKey: string;

beforeAll(async () => {
  database = await createTestDatabase();
  await insertSearchFixtures(database.db);
  app = await buildApp({ database });
  anonKey = app.authKeys.anonKey;
});

afterAll(async () => {
  // Either may be missing when beforeAll failed; the failure itself is what should be reported.
  await (app as FastifyInstance | undefined)?.close();
  await (database as TestDatabase | undefined)?.dispose();
});

async function search(query: string, token: string | null = anonKey) {
  const response = await app.inject({
    method: 'GET',
    url: `/functions/v1/search-content?${query}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return response;
}

async function searchOk(query: string): Promise<SearchResponse> {
  const response = await search(query);
  expect(response.statusCode, response.body).toBe(200);
  return readJson(response, searchResponseSchema);
}

const titles = (body: SearchResponse) => body.results.map((result) => result.title);
const plain = (text: string) => text.replaceAll(HIGHLIGHT_START, '').replaceAll(HIGHLIGHT_END, '');

describe('GET /functions/v1/search-content', () => {
  it('ranks a title match above an excerpt match above a body match, published only', async () => {
    const body = await searchOk('q=quokkaflux');
    expect(titles(body)).toEqual(['Quokkaflux controls handbook', 'Evidence freshness', 'Vendor onboarding']);
    expect(body.total).toBe(3);
    expect(titles(body)).not.toContain('Quokkaflux draft that is not published');
  });

  it('returns the result fields of product.md §3', async () => {
    const body = await searchOk('q=quokkaflux&limit=1');
    expect(body.results[0]).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      title: 'Quokkaflux controls handbook',
      excerpt: 'How the team runs its control library.',
      content_type: 'documentation',
      category: 'guides',
      url_path: '/documentation/quokkaflux-controls',
    });
  });

  it('marks the match in the excerpt with the highlight markers, never with HTML', async () => {
    const body = await searchOk('q=quokkaflux');
    const fromExcerpt = body.results.find((result) => result.title === 'Evidence freshness');
    expect(fromExcerpt?.excerpt).toContain(`${HIGHLIGHT_START}quokkaflux${HIGHLIGHT_END}`);
    const fromBody = body.results.find((result) => result.title === 'Vendor onboarding');
    expect(fromBody?.excerpt).toContain(`${HIGHLIGHT_START}quokkaflux${HIGHLIGHT_END}`);
    // The body's Markdown (## heading, **bold**) does not leak into the excerpt.
    expect(plain(fromBody?.excerpt ?? '')).toBe('Steps — Send the questionnaire, then review the quokkaflux score with the vendor owner');
    for (const result of body.results) expect(result.excerpt).not.toMatch(/<\/?b>/);
  });

  it('matches the last word as a prefix while it is being typed', async () => {
    expect(titles(await searchOk('q=quokkaf'))).toEqual(['Quokkaflux controls handbook', 'Evidence freshness', 'Vendor onboarding']);
    const body = await searchOk(`q=${encodeURIComponent('zephyrline compl')}`);
    expect(titles(body)).toEqual(['Zephyrline compliance checklist']);
    expect(body.results[0]?.url_path).toBe('https://docs.example.com/zephyrline');
  });

  it('requires every word to match', async () => {
    const body = await searchOk(`q=${encodeURIComponent('quokkaflux questionnaire')}`);
    expect(titles(body)).toEqual(['Vendor onboarding']);
    expect(body.total).toBe(1);
  });

  it('tolerates a typo by falling back to title similarity when full text finds nothing', async () => {
    const body = await searchOk('q=quokaflux');
    expect(titles(body)).toEqual(['Quokkaflux controls handbook']);
    expect(body.total).toBe(1);
    expect(titles(await searchOk('q=zephirline'))).toEqual(['Zephyrline compliance checklist']);
  });

  it('filters by content types and categories given as comma lists', async () => {
    expect(titles(await searchOk('q=quokkaflux&types=support,knowledge-base'))).toEqual(['Evidence freshness', 'Vendor onboarding']);
    expect(titles(await searchOk('q=quokkaflux&categories=vendors,%20guides'))).toEqual([
      'Quokkaflux controls handbook',
      'Vendor onboarding',
    ]);
    const both = await searchOk('q=quokkaflux&types=documentation&categories=vendors');
    expect(both).toEqual({ results: [], total: 0 });
  });

  it('filters by every category a result reports, whatever its case', async () => {
    const rows = [
      { slug: 'test-cat-faq', title: 'Brindlewick question', category: 'FAQ' },
      { slug: 'test-cat-admin', title: 'Brindlewick administration', category: 'Administration' },
      { slug: 'test-cat-evidence', title: 'Brindlewick evidence', category: 'Evidence and audits' },
    ];
    await database.db
      .insert(searchableContent)
      .values(rows.map((row) => ({ ...row, excerpt: 'About brindlewick.', contentType: 'support' as const, urlPath: `/${row.slug}` })));
    try {
      const all = await searchOk('q=brindlewick');
      expect(all.total).toBe(3);
      // Each category exactly as a result reports it filters to that result.
      for (const result of all.results) {
        const filtered = await searchOk(`q=brindlewick&categories=${encodeURIComponent(result.category)}`);
        expect(titles(filtered)).toEqual([result.title]);
      }
      expect(titles(await searchOk('q=brindlewick&categories=faq'))).toEqual(['Brindlewick question']);
      expect(titles(await searchOk('q=brindlewick&categories=administration'))).toEqual(['Brindlewick administration']);
      expect(titles(await searchOk(`q=brindlewick&categories=${encodeURIComponent('EVIDENCE AND AUDITS, Faq')}`))).toEqual([
        'Brindlewick evidence',
        'Brindlewick question',
      ]);
      // The typo fallback applies the same filter.
      expect(titles(await searchOk('q=brindlewik&categories=FAQ'))).toEqual(['Brindlewick question']);
    } finally {
      for (const row of rows) await database.db.delete(searchableContent).where(eq(searchableContent.slug, row.slug));
    }
  });

  it('pages with limit and offset and always reports the total', async () => {
    const second = await searchOk('q=quokkaflux&limit=1&offset=1');
    expect(titles(second)).toEqual(['Evidence freshness']);
    expect(second.total).toBe(3);
    const last = await searchOk('q=quokkaflux&limit=2&offset=2');
    expect(titles(last)).toEqual(['Vendor onboarding']);
    expect(last.total).toBe(3);
    expect(await searchOk('q=quokkaflux&limit=5&offset=10')).toEqual({ results: [], total: 3 });
  });

  it('accepts a signed-in user token as well as the anonymous key', async () => {
    const user = await createTestUser(app);
    const response = await search('q=quokkaflux', user.accessToken);
    expect(response.statusCode).toBe(200);
    expect(readJson(response, searchResponseSchema).total).toBe(3);
  });

  it('refuses a request without a bearer or with an invalid one', async () => {
    const missing = await search('q=quokkaflux', null);
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toMatchObject({ error: { code: 'UNAUTHENTICATED' } });
    const forged = await search('q=quokkaflux', `${anonKey.slice(0, -4)}AAAA`);
    expect(forged.statusCode).toBe(401);
    expect((await search('q=quokkaflux', 'not-a-jwt')).statusCode).toBe(401);
    // Without a key, even a malformed query learns only that it needs one.
    expect((await search('limit=abc', null)).statusCode).toBe(401);
  });

  it.each([
    ['', 'q'],
    ['q=%20%20', 'q'],
    [`q=${'a'.repeat(201)}`, 'q'],
    ['q=risk&limit=0', 'limit'],
    ['q=risk&limit=51', 'limit'],
    ['q=risk&limit=ten', 'limit'],
    ['q=risk&offset=-1', 'offset'],
    ['q=risk&offset=1.5', 'offset'],
    ['q=risk&types=blog', 'types'],
    ['q=risk&categories=Guides;drop', 'categories'],
  ])('answers 400 VALIDATION_FAILED for a bad parameter (%s)', async (query, field) => {
    const response = await search(query);
    expect(response.statusCode).toBe(400);
    const body = readJson(response, errorBodySchema);
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect((body.error.issues ?? []).some((issue) => issue.path.startsWith(`querystring.${field}`))).toBe(true);
  });

  it('treats injection attempts as plain words: nothing unusual comes back and the table survives', async () => {
    const countBefore = await database.db.$count(searchableContent);
    for (const q of ["' OR 1=1 --", "compliance'); drop table searchable_content; --", 'quokkaflux:* | !x', "%' or '1'='1"]) {
      const body = await searchOk(`q=${encodeURIComponent(q)}`);
      expect(body.total).toBe(body.results.length);
      expect(titles(body)).not.toContain('Quokkaflux draft that is not published');
      expect(body.results.length).toBeLessThanOrEqual(20);
    }
    expect(await searchOk(`q=${encodeURIComponent("' OR 1=1 --")}`)).toEqual({ results: [], total: 0 });
    // tsquery operators in the input are not operators ('| !x' would match nearly everything): only
    // the word quokkaflux counts, through the typo fallback on titles.
    expect(titles(await searchOk(`q=${encodeURIComponent('quokkaflux:* | !x')}`))).toEqual(['Quokkaflux controls handbook']);
    expect(await database.db.$count(searchableContent)).toBe(countBefore);
    expect((await searchOk('q=quokkaflux')).total).toBe(3);
  });

  it('never returns unpublished content, even through the typo fallback', async () => {
    await database.db.update(searchableContent).set({ isPublished: false }).where(eq(searchableContent.slug, 'test-zephyrline-compliance'));
    expect(await searchOk('q=zephyrline')).toEqual({ results: [], total: 0 });
    expect(await searchOk('q=zephirline')).toEqual({ results: [], total: 0 });
    await database.db.update(searchableContent).set({ isPublished: true }).where(eq(searchableContent.slug, 'test-zephyrline-compliance'));
  });

  it('strips stored marker characters so they cannot fake a highlight', async () => {
    await database.db.insert(searchableContent).values({
      slug: 'test-marker-smuggling',
      title: 'Marker smuggling',
      excerpt: `A ${HIGHLIGHT_START}fake${HIGHLIGHT_END} highlight about glimmerstone.`,
      contentType: 'other',
      category: 'tests',
      urlPath: '/x',
    });
    const excerpt = (await searchOk('q=glimmerstone')).results[0]?.excerpt ?? '';
    expect(excerpt).toContain(`fake highlight about ${HIGHLIGHT_START}glimmerstone${HIGHLIGHT_END}`);
    expect(excerpt.split(HIGHLIGHT_START)).toHaveLength(2);
    await database.db.delete(searchableContent).where(eq(searchableContent.slug, 'test-marker-smuggling'));
  });
});

describe('searchContent (the service the AI advisor reuses)', () => {
  it('searches without HTTP and honours limit and filters', async () => {
    const result = await searchContent(database.db, { q: 'quokkaflux', limit: 2, offset: 0, types: ['documentation', 'support'] });
    expect(result.total).toBe(2);
    expect(result.results.map((row) => row.title)).toEqual(['Quokkaflux controls handbook', 'Evidence freshness']);
  });
});

describe('query parsing', () => {
  it('keeps only words, lower-cased, at most 8', () => {
    expect(queryTerms("SOC-2 'compl")).toEqual(['soc', '2', 'compl']);
    expect(queryTerms("' OR 1=1 --")).toEqual(['or', '1', '1']);
    expect(queryTerms('a b c d e f g h i j')).toHaveLength(8);
    expect(queryTerms('Überprüfung résumé')).toEqual(['überprüfung', 'résumé']);
  });

  it('builds a prefix query on the last word', () => {
    expect(toPrefixTsquery(['soc', 'compl'])).toBe('soc & compl:*');
    expect(toPrefixTsquery(['soc', 'compl'], '|')).toBe('soc | compl:*');
    expect(toPrefixTsquery([])).toBeNull();
  });

  it('cleans Markdown out of excerpts', () => {
    expect(cleanExcerpt('## Scope\n\nSee [the policy](/privacy) for **details** and `code`.')).toBe(
      'Scope — See the policy for details and code.',
    );
  });

  it('marks a fragment that starts mid-sentence as a continuation', () => {
    expect(markContinuation('the auditor tests controls')).toBe('… the auditor tests controls');
    expect(markContinuation(`${HIGHLIGHT_START}risk${HIGHLIGHT_END} register`)).toBe(`… ${HIGHLIGHT_START}risk${HIGHLIGHT_END} register`);
    expect(markContinuation('What SOC 2 is')).toBe('What SOC 2 is');
    expect(markContinuation('2024 changes')).toBe('2024 changes');
    expect(markContinuation('')).toBe('');
  });

  it('offers the same content types as the database column', () => {
    expect([...SEARCH_CONTENT_TYPES].sort()).toEqual([...CONTENT_TYPES].sort());
  });
});
