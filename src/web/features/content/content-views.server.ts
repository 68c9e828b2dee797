import { extractHeadings, markdownToPlainText, parseFaq } from '../../../shared/content-markdown.ts';
import { canonicalRoute, findPageRoute } from '../../../shared/routes.ts';
import type { ArticleSection, ContentDocument } from '../../../shared/schemas/content.ts';
import { contentAt, contentOf, notFound } from './content.server.ts';
import { markdownTree } from './markdown-tree.server.ts';

/**
 * What each content page's loader hands its component: plain, serialisable data and only what the
 * page shows (it is embedded in the prerendered HTML).
 */

/** `/privacy` → `/privacy-policy`: aliases read their canonical page's content. */
export function canonicalPath(requestUrl: string): string {
  const { pathname } = new URL(requestUrl);
  const route = findPageRoute(pathname);
  return route ? canonicalRoute(route).path : pathname;
}

function frameworkLinks(slugs: readonly string[] | undefined) {
  const frameworks = contentOf('framework');
  return (slugs ?? []).map((slug) => {
    const found = frameworks.find((framework) => framework.slug === slug);
    if (!found) throw new Error(`Unknown framework '${slug}' named by a page`);
    return { slug, name: found.data.name, urlPath: found.urlPath };
  });
}

export function pageView(urlPath: string) {
  const { data, body } = contentAt('page', urlPath);
  return {
    eyebrow: data.eyebrow,
    heading: data.heading,
    lede: data.lede,
    stats: data.stats ?? [],
    bodyHeading: data.bodyHeading ?? null,
    body: markdownTree(body),
    sections: data.sections,
    frameworks: frameworkLinks(data.frameworks),
    cta: data.cta ?? null,
  };
}
export type PageView = ReturnType<typeof pageView>;

function frameworkSummary({ slug, urlPath, data }: ContentDocument<'framework'>) {
  return {
    slug,
    urlPath,
    name: data.name,
    fullName: data.fullName,
    excerpt: data.excerpt,
    whoNeedsIt: data.whoNeedsIt,
    assessment: data.assessment,
    refs: data.requirements.slice(0, 4).map((requirement) => requirement.ref),
  };
}

export function frameworksView() {
  return { page: pageView('/compliance'), frameworks: contentOf('framework').map(frameworkSummary) };
}

export function frameworkView(slug: string | undefined) {
  const framework = contentOf('framework').find((candidate) => candidate.slug === slug) ?? notFound();
  const related = contentOf('knowledge-base')
    .filter((article) => article.data.framework === framework.slug)
    .map((article) => ({ title: article.data.title, urlPath: article.urlPath }));
  const { data } = framework;
  return {
    ...frameworkSummary(framework),
    title: data.title,
    authority: data.authority,
    requirements: data.requirements,
    updated: data.updated ?? null,
    body: markdownTree(framework.body),
    related,
    others: contentOf('framework')
      .filter((other) => other.slug !== framework.slug)
      .map((other) => ({ name: other.data.name, urlPath: other.urlPath })),
  };
}

export function legalView(urlPath: string) {
  const { data, body } = contentAt('legal', urlPath);
  return {
    title: data.title,
    excerpt: data.excerpt,
    updated: data.updated,
    effective: data.effective,
    headings: extractHeadings(body),
    body: markdownTree(body),
    others: contentOf('legal')
      .filter((other) => other.urlPath !== urlPath)
      .map((other) => ({ title: other.data.title, urlPath: other.urlPath })),
  };
}

export function faqView() {
  const { data, body } = contentAt('faq', '/faq');
  const groups = parseFaq(body);
  return {
    eyebrow: data.eyebrow,
    heading: data.heading,
    lede: data.lede,
    updated: data.updated,
    groups: groups.map((group) => ({
      ...group,
      items: group.items.map(({ answer, ...item }) => ({ ...item, answer: markdownTree(answer) })),
    })),
    /** Plain-text answers for the FAQPage JSON-LD. */
    plain: groups.flatMap((group) =>
      group.items.map((item) => ({ question: item.question, answer: markdownToPlainText(item.answer).replaceAll('\n', ' ') })),
    ),
  };
}

const SECTION_TITLES: Record<ArticleSection, string> = {
  documentation: 'Documentation',
  'knowledge-base': 'Knowledge base',
  support: 'Support',
};

export interface NavGroup {
  category: string;
  items: { title: string; urlPath: string; excerpt: string }[];
}

/** The sidebar: a section's articles grouped by category, categories in the order their first article appears. */
function navigation(section: ArticleSection): NavGroup[] {
  const groups = new Map<string, NavGroup>();
  for (const article of contentOf(section)) {
    const group = groups.get(article.data.category) ?? { category: article.data.category, items: [] };
    group.items.push({ title: article.data.title, urlPath: article.urlPath, excerpt: article.data.excerpt });
    groups.set(article.data.category, group);
  }
  return [...groups.values()];
}

export function sectionView(section: ArticleSection) {
  return { section, sectionTitle: SECTION_TITLES[section], page: pageView(`/${section}`), nav: navigation(section) };
}

export function articleView(section: ArticleSection, slug: string | undefined) {
  const article = contentOf(section).find((candidate) => candidate.slug === slug) ?? notFound();
  const nav = navigation(section);
  // Previous and next follow the sidebar's order, so reading on walks the sidebar.
  const inOrder = nav.flatMap((group) => group.items);
  const index = inOrder.findIndex((item) => item.urlPath === article.urlPath);
  const neighbour = (offset: number) => {
    const found = inOrder[index + offset];
    return found ? { title: found.title, urlPath: found.urlPath } : null;
  };
  return {
    section,
    sectionTitle: SECTION_TITLES[section],
    nav,
    article: {
      title: article.data.title,
      excerpt: article.data.excerpt,
      category: article.data.category,
      updated: article.data.updated,
      urlPath: article.urlPath,
      headings: extractHeadings(article.body),
      body: markdownTree(article.body),
    },
    previous: neighbour(-1),
    next: neighbour(1),
  };
}

/** /press/<slug>: one of our own press releases, with the newest others to read on. */
export function pressReleaseView(slug: string | undefined) {
  const releases = contentOf('press').sort((a, b) => b.data.date.localeCompare(a.data.date));
  const release = releases.find((candidate) => candidate.slug === slug && candidate.urlPath.startsWith('/')) ?? notFound();
  return {
    title: release.data.title,
    excerpt: release.data.excerpt,
    date: release.data.date,
    urlPath: release.urlPath,
    body: markdownTree(release.body),
    others: releases
      .filter((other) => other.slug !== release.slug)
      .slice(0, 3)
      .map((other) => ({
        title: other.data.title,
        date: other.data.date,
        urlPath: other.urlPath,
        publication: other.data.publication ?? null,
        isExternal: !other.urlPath.startsWith('/'),
      })),
  };
}
