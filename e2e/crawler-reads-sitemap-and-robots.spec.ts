import { expect } from '@playwright/test';
import { test } from './test.ts';

test('robots.txt allows the site, keeps crawlers out of the API and workspace, and names the sitemap', async ({ request, baseURL }) => {
  const response = await request.get('/robots.txt');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('text/plain; charset=utf-8');
  const lines = (await response.text()).split('\n');
  expect(lines).toEqual(expect.arrayContaining(['User-agent: *', 'Allow: /', 'Disallow: /api/', 'Disallow: /dashboard-compliancecore']));
  expect(lines).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
});

test('every URL in sitemap.xml is a live page', async ({ request, baseURL }) => {
  const response = await request.get('/sitemap.xml');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('application/xml; charset=utf-8');
  const xml = await response.text();
  expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
  const urls = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1] ?? '');
  expect(urls.length).toBeGreaterThanOrEqual(60);
  for (const path of [
    '/',
    '/faq',
    '/documentation/getting-started',
    '/knowledge-base/building-a-risk-register',
    '/support/signing-in',
    '/compliance/pci-dss',
  ]) {
    expect(urls).toContain(`${baseURL}${path}`);
  }
  expect(urls).not.toContain(`${baseURL}/privacy`);
  for (const url of urls) {
    const page = await request.get(url);
    expect(page.status(), url).toBe(200);
    expect(page.headers()['content-type'], url).toContain('text/html');
  }
});
