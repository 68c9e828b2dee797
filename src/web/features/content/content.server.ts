import path from 'node:path';
import { data } from 'react-router';
import { isKind } from '../../../shared/content-file.ts';
import { loadContent } from '../../../shared/content-reader.server.ts';
import {
  ARTICLE_SECTIONS,
  type ArticleSection,
  type ContentDocument,
  type ContentKind,
} from '../../../shared/schemas/content.ts';

/**
 * Build-time access to content/ for route loaders. With `ssr: false` a loader runs only while the
 * build prerenders its page, so this module (node:fs) never reaches the browser: only loaders
 * import it, and the `.server` suffix makes the bundler refuse any other import.
 */

// The build runs from the repository root (npm scripts), where content/ lives; a bundled copy of
// the reader does not sit where its source does, so the folder is named from the working directory.
const CONTENT_DIR = path.resolve('content');

let cache: ContentDocument[] | undefined;

export function allContent(): ContentDocument[] {
  // The dev server re-reads on every request so edits show up; the build reads once.
  if (!cache || import.meta.env?.DEV === true) cache = loadContent(CONTENT_DIR).filter((document) => document.data.published);
  return cache;
}

export function contentOf<K extends ContentKind>(kind: K): ContentDocument<K>[] {
  return allContent()
    .filter(isKind(kind))
    .sort((a, b) => a.data.order - b.data.order || a.data.title.localeCompare(b.data.title));
}

export function notFound(): never {
  // React Router renders a thrown data response in the route's ErrorBoundary (the not-found page).
  throw data('Not found', { status: 404 });
}

/** The document published at a site path (pages, legal pages, the FAQ). */
export function contentAt<K extends 'page' | 'legal' | 'faq'>(kind: K, urlPath: string): ContentDocument<K> {
  return contentOf(kind).find((document: ContentDocument) => document.urlPath === urlPath) ?? notFound();
}

/**
 * Every article page to prerender: /documentation/<slug>, /knowledge-base/<slug>, /support/<slug>,
 * /compliance/<slug>, and /press/<slug> for our own press releases (coverage elsewhere has no page here).
 */
export function contentPagePaths(): string[] {
  return [...ARTICLE_SECTIONS, 'framework' as const, 'press' as const]
    .flatMap((kind) => contentOf(kind).map((document) => document.urlPath))
    .filter((urlPath) => urlPath.startsWith('/'));
}

export function isArticleSection(value: string): value is ArticleSection {
  return (ARTICLE_SECTIONS as readonly string[]).includes(value);
}
