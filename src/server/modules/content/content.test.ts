import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../tests/test-database.ts';
import { buildApp } from '../../app.ts';
import { searchableContent } from '../../db/schema/content.ts';
import { parseEnv } from '../../env.ts';
import { CONTENT_DIR, loadContent } from '../../../shared/content-reader.server.ts';
import { contentRows } from './content-rows.ts';
import { seedContent } from './content.service.ts';

let database: TestDatabase;
let contentDir: string;
const expectedRows = loadContent().flatMap(contentRows).length;

beforeAll(async () => {
  database = await createTestDatabase();
  contentDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-seed-'));
  fs.cpSync(CONTENT_DIR, contentDir, { recursive: true });
});
afterAll(async () => {
  await database.dispose();
  fs.rmSync(contentDir, { recursive: true, force: true });
});

const rowBySlug = async (slug: string) =>
  (await database.db.select().from(searchableContent).where(eq(searchableContent.slug, slug)))[0];

describe('seedContent', () => {
  it('inserts every content file, then leaves them untouched on the next start', async () => {
    const first = await seedContent(database.db, contentDir);
    expect(first).toEqual({ inserted: expectedRows, updated: 0, unchanged: 0, unpublished: 0 });
    const second = await seedContent(database.db, contentDir);
    expect(second).toEqual({ inserted: 0, updated: 0, unchanged: expectedRows, unpublished: 0 });
    expect(await database.db.$count(searchableContent)).toBe(expectedRows);
  });

  it('stores articles with their type, category and page, and at least 30 of them', async () => {
    const article = await rowBySlug('documentation/creating-a-task-request');
    expect(article).toMatchObject({
      title: 'Creating a task request',
      contentType: 'documentation',
      category: 'Task requests',
      urlPath: '/documentation/creating-a-task-request',
      isPublished: true,
    });
    // Plain text for the search index: Markdown syntax is gone, the words stay.
    expect(article?.body).toContain('What a task request is');
    expect(article?.body).not.toMatch(/^## /m);
    const articles = await database.db
      .select({ slug: searchableContent.slug })
      .from(searchableContent)
      .where(eq(searchableContent.isPublished, true));
    const count = articles.filter((row) => /^(documentation|knowledge-base|support)\//.test(row.slug)).length;
    expect(count).toBeGreaterThanOrEqual(30);
  });

  it('stores the fourteen frameworks with their requirements for the advisor to cite', async () => {
    const frameworks = await database.db.select().from(searchableContent).where(eq(searchableContent.contentType, 'framework'));
    expect(frameworks).toHaveLength(14);
    const soc2 = frameworks.find((row) => row.slug === 'framework/soc-2');
    expect(soc2).toMatchObject({ urlPath: '/compliance/soc-2', category: 'frameworks' });
    expect(soc2?.metadata).toMatchObject({ kind: 'framework', name: 'SOC 2' });
    expect(soc2?.metadata.requirements).toEqual(expect.arrayContaining([expect.objectContaining({ ref: 'CC6.1', title: 'Logical access security' })]));
    expect(soc2?.body).toContain('CC6.1 Logical access security');
    const dora = frameworks.find((row) => row.slug === 'framework/dora');
    expect(dora).toMatchObject({ urlPath: '/compliance/dora', category: 'frameworks', isPublished: true });
    expect(dora?.metadata).toMatchObject({ kind: 'framework', name: 'DORA' });
  });

  it('stores press articles newest first by their date, linking to their press release page', async () => {
    const press = await database.db
      .select()
      .from(searchableContent)
      .where(and(eq(searchableContent.contentType, 'article'), eq(searchableContent.category, 'press'), eq(searchableContent.isPublished, true)))
      .orderBy(desc(searchableContent.createdAt))
      .limit(6);
    expect(press).toHaveLength(6);
    expect(press[0]).toMatchObject({
      title: 'ComplianceCore introduces flat-fee compliance subscriptions with unlimited tasks',
      urlPath: '/press/flat-fee-compliance-subscriptions',
      metadata: expect.objectContaining({ kind: 'press', date: '2026-10-14' }),
    });
    expect(press[0]?.metadata).not.toHaveProperty('publication');
    expect(press[0]?.createdAt.toISOString()).toBe('2026-10-14T00:00:00.000Z');
    const dates = press.map((row) => row.createdAt.getTime());
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
  });

  it('makes press releases searchable, each result opening its page on this site', async () => {
    const app = await buildApp({ database });
    onTestFinished(() => app.close());
    const response = await app.inject({
      method: 'GET',
      url: '/functions/v1/search-content?q=evidence%20freshness%20monitoring&categories=press',
      headers: { authorization: `Bearer ${app.authKeys.anonKey}` },
    });
    expect(response.statusCode).toBe(200);
    const { results } = response.json<{ results: { title: string; url_path: string }[] }>();
    expect(results[0]).toMatchObject({
      title: 'Evidence freshness monitoring for SOC 2 Type II observation periods',
      url_path: '/press/continuous-monitoring-for-soc-2-type-ii',
    });
    expect(results.every((result) => result.url_path.startsWith('/press/'))).toBe(true);
  });

  it('seeds each FAQ question as its own support result, linking to its answer', async () => {
    const question = await rowBySlug('faq/what-does-unlimited-tasks-actually-mean');
    expect(question).toMatchObject({
      title: 'What does "unlimited tasks" actually mean?',
      contentType: 'support',
      category: 'FAQ',
      urlPath: '/faq#what-does-unlimited-tasks-actually-mean',
    });
    expect(question?.excerpt).toMatch(/^You can raise as many task requests as you need/);
  });

  it('updates a changed file by slug, keeping its id', async () => {
    const before = await rowBySlug('support/billing-and-invoices');
    const file = path.join(contentDir, 'support', 'billing-and-invoices.md');
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('title: Billing and invoices', 'title: Billing, invoices and receipts'));
    const result = await seedContent(database.db, contentDir);
    expect(result).toEqual({ inserted: 0, updated: 1, unchanged: expectedRows - 1, unpublished: 0 });
    const after = await rowBySlug('support/billing-and-invoices');
    expect(after?.id).toBe(before?.id);
    expect(after?.title).toBe('Billing, invoices and receipts');
    expect(after?.updatedAt.getTime()).toBeGreaterThan(before?.updatedAt.getTime() ?? 0);
  });

  it('unpublishes the rows of a removed file, and leaves rows it did not seed alone', async () => {
    await database.db.insert(searchableContent).values({
      slug: 'manual/partner-page',
      title: 'A row written by another module',
      contentType: 'other',
      category: 'partners',
      urlPath: '/partners',
    });
    fs.rmSync(path.join(contentDir, 'knowledge-base', 'incident-response-tabletop.md'));
    const result = await seedContent(database.db, contentDir);
    expect(result).toMatchObject({ inserted: 0, updated: 0, unpublished: 1 });
    expect((await rowBySlug('knowledge-base/incident-response-tabletop'))?.isPublished).toBe(false);
    expect((await rowBySlug('manual/partner-page'))?.isPublished).toBe(true);
  });

  it('publishes a file again when it comes back', async () => {
    fs.cpSync(path.join(CONTENT_DIR, 'knowledge-base', 'incident-response-tabletop.md'), path.join(contentDir, 'knowledge-base', 'incident-response-tabletop.md'));
    const result = await seedContent(database.db, contentDir);
    expect(result).toMatchObject({ inserted: 0, updated: 1, unpublished: 0 });
    expect((await rowBySlug('knowledge-base/incident-response-tabletop'))?.isPublished).toBe(true);
  });
});

describe('GET /sitemap.xml and /robots.txt', () => {
  it('lists every indexable page and article with absolute URLs from PUBLIC_URL', async () => {
    const env = parseEnv({ NODE_ENV: 'test', PUBLIC_URL: 'https://app.compliancecore.example/' });
    const app = await buildApp({ database, env });
    onTestFinished(() => app.close());
    const response = await app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    const locs = [...response.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locs).toContain('https://app.compliancecore.example/');
    expect(locs).toContain('https://app.compliancecore.example/privacy-policy');
    expect(locs).toContain('https://app.compliancecore.example/documentation/getting-started');
    expect(locs).toContain('https://app.compliancecore.example/compliance/iso-27001');
    for (const slug of ['iso-27701', 'nis2', 'dora', 'eu-ai-act', 'nist-800-53', 'cis-controls']) {
      expect(response.body).toContain(`<url><loc>https://app.compliancecore.example/compliance/${slug}</loc><lastmod>2026-11-29</lastmod></url>`);
    }
    expect(locs).toContain('https://app.compliancecore.example/press/flat-fee-compliance-subscriptions');
    expect(response.body).toContain(
      '<url><loc>https://app.compliancecore.example/press/pci-dss-4-0-1-readiness</loc><lastmod>2025-06-18</lastmod></url>',
    );
    // Aliases, flow pages and the workspace are not indexed; nor are external press links.
    for (const path of ['/privacy', '/cookies', '/subscribe', '/auth', '/subscription-success', '/dashboard-compliancecore']) {
      expect(locs).not.toContain(`https://app.compliancecore.example${path}`);
    }
    expect(locs.every((loc) => loc?.startsWith('https://app.compliancecore.example/'))).toBe(true);
    expect(response.body).toContain('<url><loc>https://app.compliancecore.example/terms</loc><lastmod>2026-11-02</lastmod></url>');
  });

  it('points crawlers at the sitemap and away from the API and workspace, on the address the server listens on (never the Host)', async () => {
    const app = await buildApp({ database });
    onTestFinished(() => app.close());
    const response = await app.inject({ method: 'GET', url: '/robots.txt', headers: { host: 'compliance.example:8080' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = response.body.split('\n');
    expect(lines).toEqual(expect.arrayContaining(['User-agent: *', 'Disallow: /api/', 'Disallow: /dashboard-compliancecore', 'Disallow: /auditor-portal']));
    expect(lines).toContain('Sitemap: http://127.0.0.1:3000/sitemap.xml');
    expect(lines).not.toContain('Disallow: /pricing');
  });
});
