import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../tests/test-database.ts';
import { buildApp } from '../../app.ts';
import { searchableContent } from '../../db/schema/content.ts';
import { readJson } from '../../../../tests/read-response.ts';
import { pressArticlesResponseSchema } from '../../../shared/schemas/press.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.dispose());

/** Rows dated in 2099, newer than anything the content seed may have written. */
function pressRow(day: number, overrides: Partial<typeof searchableContent.$inferInsert> = {}) {
  const stamp = `2099-01-${String(day).padStart(2, '0')}`;
  return {
    slug: `press-test-${day}-${overrides.category ?? 'press'}-${overrides.contentType ?? 'article'}-${String(overrides.isPublished ?? true)}`,
    title: `Press story ${day}`,
    excerpt: `Excerpt ${day}`,
    contentType: 'article' as const,
    category: 'press',
    urlPath: `https://news.example/story-${day}`,
    metadata: { publication: `Daily ${day}`, date: stamp },
    isPublished: true,
    createdAt: new Date(`${stamp}T12:00:00Z`),
    ...overrides,
  };
}

async function listArticles() {
  const app = await buildApp({ database });
  onTestFinished(() => app.close());
  const response = await app.inject({ method: 'GET', url: '/api/v1/press-articles' });
  expect(response.statusCode).toBe(200);
  return { response, articles: readJson(response, pressArticlesResponseSchema).articles };
}

describe('GET /api/v1/press-articles', () => {
  it('answers the published press articles, newest first, at most 6, with the fields of product.md §3', async () => {
    await database.db.insert(searchableContent).values([
      ...[1, 2, 3, 4, 5, 6, 7].map((day) => pressRow(day)),
      // newer, but not press articles or not published: never listed
      pressRow(20, { isPublished: false }),
      pressRow(21, { category: 'blog' }),
      pressRow(22, { contentType: 'documentation' }),
    ]);
    const { response, articles } = await listArticles();
    expect(articles.map((article) => article.title)).toEqual([
      'Press story 7',
      'Press story 6',
      'Press story 5',
      'Press story 4',
      'Press story 3',
      'Press story 2',
    ]);
    expect(articles[0]).toMatchObject({
      title: 'Press story 7',
      publication: 'Daily 7',
      date: '2099-01-07',
      excerpt: 'Excerpt 7',
      url: 'https://news.example/story-7',
    });
    expect(response.headers['cache-control']).toBe('public, max-age=300');
  });

  it('falls back to created_at when metadata has no date, and to null without a publication', async () => {
    await database.db.insert(searchableContent).values(pressRow(28, { metadata: {}, slug: 'press-no-metadata' }));
    const { articles } = await listArticles();
    expect(articles[0]).toMatchObject({
      title: 'Press story 28',
      publication: null,
      date: '2099-01-28T12:00:00.000Z',
    });
  });
});
