import type { MetaDescriptor } from 'react-router';
import { SITE_NAME, canonicalRoute, findPageRoute } from '../../shared/routes.ts';

/**
 * Canonical and og:url must be absolute. The prerender has no origin, so it writes them
 * root-relative and the server makes them absolute on its own origin as it serves the page
 * (src/server/modules/web/page-store.ts); in the browser they take the page's origin.
 */
function absoluteUrl(path: string): string {
  return typeof window === 'undefined' ? path : new URL(path, window.location.origin).href;
}

/**
 * Title, description, canonical URL and social cards for a page of the route table.
 * Aliases (/privacy, /cookies, /subscribe) share their canonical page's text and point
 * search engines at it.
 */
export function pageMeta(pathname: string): MetaDescriptor[] {
  const found = findPageRoute(pathname);
  if (!found) return [{ title: `Page not found · ${SITE_NAME}` }, { name: 'robots', content: 'noindex' }];
  const page = canonicalRoute(found);
  const title = page.path === '/' ? `${SITE_NAME} · ${page.title}` : `${page.title} · ${SITE_NAME}`;
  const descriptors: MetaDescriptor[] = [
    { title },
    { tagName: 'link', rel: 'canonical', href: absoluteUrl(page.path) },
    { property: 'og:url', content: absoluteUrl(page.path) },
    { property: 'og:site_name', content: SITE_NAME },
    { property: 'og:type', content: 'website' },
    { property: 'og:title', content: title },
    { name: 'twitter:card', content: 'summary' },
    { name: 'twitter:title', content: title },
  ];
  if (page.description) {
    descriptors.push(
      { name: 'description', content: page.description },
      { property: 'og:description', content: page.description },
      { name: 'twitter:description', content: page.description },
    );
  }
  if (found.access === 'signed-in') descriptors.push({ name: 'robots', content: 'noindex' });
  return descriptors;
}

/**
 * The same tags for a page outside the route table: a content article (/documentation/<slug> …),
 * whose title and description come from its front matter.
 */
export function contentMeta(page: { path: string; title: string; description: string; section?: string }): MetaDescriptor[] {
  const title = page.section ? `${page.title} · ${page.section} · ${SITE_NAME}` : `${page.title} · ${SITE_NAME}`;
  return [
    { title },
    { tagName: 'link', rel: 'canonical', href: absoluteUrl(page.path) },
    { property: 'og:url', content: absoluteUrl(page.path) },
    { name: 'description', content: page.description },
    { property: 'og:site_name', content: SITE_NAME },
    { property: 'og:type', content: 'article' },
    { property: 'og:title', content: title },
    { property: 'og:description', content: page.description },
    { name: 'twitter:card', content: 'summary' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: page.description },
  ];
}
