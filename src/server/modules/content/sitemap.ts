import { PAGE_ROUTES } from '../../../shared/routes.ts';
import type { ContentDocument } from '../../../shared/schemas/content.ts';

/**
 * sitemap.xml and robots.txt, built from the route table and the content pages. Both need
 * absolute URLs, which only the running server knows (PUBLIC_URL or the request's origin),
 * so the server generates them rather than the build.
 */

/** Public pages that exist for a flow, not to be found by search engines. */
const NOT_INDEXED = new Set(['/auth', '/subscription-success']);

export interface SitemapEntry {
  path: string;
  lastmod?: string;
}

export function sitemapEntries(documents: readonly ContentDocument[]): SitemapEntry[] {
  const lastmodByPath = new Map<string, string>();
  for (const { urlPath, data } of documents) {
    const day = data.updated ?? data.date;
    if (urlPath.startsWith('/') && day) lastmodByPath.set(urlPath.split('#')[0] ?? urlPath, day);
  }
  const pages = PAGE_ROUTES.filter((route) => route.access === 'public' && !route.canonical && !NOT_INDEXED.has(route.path));
  const known = new Set(pages.map((route) => route.path));
  const articles = documents
    .filter((document) => ['documentation', 'knowledge-base', 'support', 'framework', 'press'].includes(document.kind))
    // Press coverage elsewhere has the outlet's URL: only pages on this site belong in its sitemap.
    .filter((document) => document.data.published && document.urlPath.startsWith('/') && !known.has(document.urlPath));
  return [
    ...pages.map((route) => ({ path: route.path, lastmod: lastmodByPath.get(route.path) })),
    ...articles.map((document) => ({ path: document.urlPath, lastmod: lastmodByPath.get(document.urlPath) })),
  ];
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const escapeXml = (value: string) => value.replaceAll(/[&<>"']/g, (char) => XML_ESCAPES[char] ?? char);

export function renderSitemap(origin: string, entries: readonly SitemapEntry[]): string {
  const urls = entries.map((entry) => {
    const lastmod = entry.lastmod ? `<lastmod>${entry.lastmod}</lastmod>` : '';
    return `  <url><loc>${escapeXml(origin + entry.path)}</loc>${lastmod}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/** Keeps crawlers out of the API and the signed-in workspace, and points them at the sitemap. */
export function renderRobots(origin: string): string {
  const privatePaths = [
    '/api/',
    '/auth/v1/',
    '/functions/',
    '/dev/',
    ...PAGE_ROUTES.filter((route) => route.access === 'signed-in').map((route) => route.path),
  ];
  return ['User-agent: *', 'Allow: /', ...privatePaths.map((item) => `Disallow: ${item}`), '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
}
