import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { normalizePath } from '../../../shared/routes.ts';
import { TRUST_SHELL_PATH } from '../../../shared/trust-center-page.ts';
import { noPageCache, type PageCache } from './page-cache.ts';

/**
 * The built HTML pages, held in memory with their compressed forms and the CSP each needs.
 * Prerendered pages carry inline scripts (the router's context and module bootstrap, the theme
 * script); their sha256 hashes go into that page's script-src, so no 'unsafe-inline' is needed.
 */

export interface BuiltPage {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
  etag: string;
  scriptHashes: string[];
}

export interface PageStore {
  /** The prerendered page for a path, if any, with its links absolute on `origin`. */
  page(urlPath: string, origin: string): BuiltPage | undefined;
  /** The SPA fallback page that boots the client router (workspace routes and 404s). */
  fallback(origin: string): BuiltPage;
  paths: string[];
  /**
   * Compresses every page for the default origin ahead of its first visitor, one page per turn
   * of the event loop. Called once the server listens: brotli at quality 11 over ~90 pages took
   * most of the start-up (7.6 s of CPU on a busy 2-core machine), and a page asked for before its
   * turn is compressed when asked. Forms kept from an earlier start are read instead (page-cache.ts),
   * and then the cache's entries no page used are removed.
   */
  warm(): Promise<void>;
}

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;

export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(INLINE_SCRIPT)) {
    const [, attributes = '', body = ''] = match;
    if (/\bsrc\s*=/i.test(attributes) || body.length === 0) continue;
    hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

function compress(html: Buffer, cache: PageCache) {
  const kept = cache.read(html);
  if (kept) return kept;
  const forms = {
    br: brotliCompressSync(html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: gzipSync(html, { level: 9 }),
  };
  cache.write(html, forms);
  return forms;
}

function toBuiltPage(html: Buffer, cache: PageCache): BuiltPage {
  return {
    identity: html,
    ...compress(html, cache),
    etag: `"${createHash('sha1').update(html).digest('base64url')}"`,
    scriptHashes: inlineScriptHashes(html.toString('utf8')),
  };
}

/** Every built HTML page under `dir`, as paths relative to it. */
export function htmlFiles(dir: string, base = dir): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return htmlFiles(full, base);
    return entry.name.endsWith('.html') ? [path.relative(base, full)] : [];
  });
}

/** `about/index.html` → `/about`, `index.html` → `/`. */
function urlPathOf(relativeFile: string): string {
  const withoutIndex = relativeFile.replace(/(^|\/)index\.html$/, '');
  return normalizePath(`/${withoutIndex}`);
}

export const FALLBACK_FILE = '__spa-fallback.html';

/** The build writes canonical, og:url and the card images root-relative; crawlers want them absolute. */
const ROOT_RELATIVE_URLS =
  /(<link rel="canonical" href="|<meta property="og:(?:url|image)" content="|<meta name="twitter:image" content=")\//g;

export function withAbsoluteUrls(html: string, origin: string): string {
  return html.replaceAll(ROOT_RELATIVE_URLS, `$1${origin}/`);
}

/** Pages are built (compressed, hashed) for at most this many origins; see `loadPageStore`. */
const MAX_ORIGINS = 8;

/**
 * `defaultOrigin` is the site's configured origin (PUBLIC_URL), or where it answers locally; a
 * page is built for another origin (a loopback host and port the request named) on first use,
 * for a few origins at most, so a stream of made-up Host headers cannot grow memory or CPU use.
 */
export function loadPageStore(webDir: string, defaultOrigin: string, cache: PageCache = noPageCache): PageStore {
  const fallbackPath = path.join(webDir, FALLBACK_FILE);
  if (!fs.existsSync(fallbackPath)) {
    throw new Error(`No built web app in ${webDir} (missing ${FALLBACK_FILE}). Run \`npm run build\` first.`);
  }
  // Only where each page is: its HTML is read when its page is built. Held as strings, the ~90
  // pages (4 MB of UTF-8, two bytes a character in V8 once a page has a non-Latin-1 character)
  // stayed on the heap beside the built pages, ~9 MB for nothing (decision 012, third pass).
  const sources = new Map<string, string>();
  for (const file of htmlFiles(webDir)) {
    if (path.basename(file) === FALLBACK_FILE || !file.endsWith('index.html')) continue;
    // The trust page's shell is no page of its own: trust-page.ts fills it per organization.
    if (urlPathOf(file) === TRUST_SHELL_PATH) continue;
    sources.set(urlPathOf(file), path.join(webDir, file));
  }
  sources.set(FALLBACK_FILE, fallbackPath);

  // The default origin holds its place among the few origins even before its pages are built.
  const built = new Map<string, Map<string, BuiltPage>>([[defaultOrigin, new Map()]]);
  function pageFor(key: string, requestedOrigin: string): BuiltPage | undefined {
    const file = sources.get(key);
    if (file === undefined) return undefined;
    const origin = built.has(requestedOrigin) || built.size < MAX_ORIGINS ? requestedOrigin : defaultOrigin;
    let pages = built.get(origin);
    if (!pages) built.set(origin, (pages = new Map()));
    let page = pages.get(key);
    if (!page) pages.set(key, (page = toBuiltPage(Buffer.from(withAbsoluteUrls(fs.readFileSync(file, 'utf8'), origin)), cache)));
    return page;
  }
  async function warm() {
    for (const key of sources.keys()) {
      pageFor(key, defaultOrigin);
      await new Promise((resolve) => setImmediate(resolve));
    }
    cache.prune();
  }

  return {
    warm,
    page: (urlPath, origin) => pageFor(normalizePath(urlPath), origin),
    fallback: (origin) => pageFor(FALLBACK_FILE, origin)!,
    paths: [...sources.keys()].filter((key) => key !== FALLBACK_FILE).sort(),
  };
}
