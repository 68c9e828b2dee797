import type { MetaDescriptor } from 'react-router';
import { SITE_NAME, canonicalRoute, findPageRoute } from '../../shared/routes.ts';

/**
 * Canonical, og:url and the card images must be absolute. The prerender has no origin, so it writes them
 * root-relative and the server makes them absolute on its own origin as it serves the page
 * (src/server/modules/web/page-store.ts); in the browser they take the page's origin.
 */
function absoluteUrl(path: string): string {
  return typeof window === 'undefined' ? path : new URL(path, window.location.origin).href;
}

/** The sharing card every page uses (public/social-card.jpg, rendered by scripts/social-card). */
export const SOCIAL_IMAGE = {
  path: '/social-card.jpg',
  width: 1200,
  height: 630,
  alt: `${SITE_NAME}: compliance, risk analytics and audit on demand, delivered by AI agents and checked by human reviewers.`,
} as const;

/** Canonical URL and the Open Graph and X/Twitter cards shared by every kind of page. */
function sharedMeta(page: { path: string; title: string; description?: string; type: 'website' | 'article' }): MetaDescriptor[] {
  const image = absoluteUrl(SOCIAL_IMAGE.path);
  const descriptors: MetaDescriptor[] = [
    { title: page.title },
    { tagName: 'link', rel: 'canonical', href: absoluteUrl(page.path) },
    { property: 'og:url', content: absoluteUrl(page.path) },
    { property: 'og:site_name', content: SITE_NAME },
    { property: 'og:type', content: page.type },
    { property: 'og:title', content: page.title },
    { property: 'og:image', content: image },
    { property: 'og:image:width', content: String(SOCIAL_IMAGE.width) },
    { property: 'og:image:height', content: String(SOCIAL_IMAGE.height) },
    { property: 'og:image:alt', content: SOCIAL_IMAGE.alt },
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: page.title },
    { name: 'twitter:image', content: image },
    { name: 'twitter:image:alt', content: SOCIAL_IMAGE.alt },
  ];
  if (page.description) {
    descriptors.push(
      { name: 'description', content: page.description },
      { property: 'og:description', content: page.description },
      { name: 'twitter:description', content: page.description },
    );
  }
  return descriptors;
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
  const descriptors = sharedMeta({ path: page.path, title, description: page.description, type: 'website' });
  if (found.access === 'signed-in') descriptors.push({ name: 'robots', content: 'noindex' });
  return descriptors;
}

/**
 * The same tags for a page outside the route table: a content article (/documentation/<slug> …),
 * whose title and description come from its front matter.
 */
export function contentMeta(page: { path: string; title: string; description: string; section?: string }): MetaDescriptor[] {
  const title = page.section ? `${page.title} · ${page.section} · ${SITE_NAME}` : `${page.title} · ${SITE_NAME}`;
  return sharedMeta({ path: page.path, title, description: page.description, type: 'article' });
}
