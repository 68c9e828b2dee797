import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { normalizePath } from '../../../shared/routes.ts';

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
  /** The prerendered page for a path, if any. */
  page(urlPath: string): BuiltPage | undefined;
  /** The SPA fallback page that boots the client router (workspace routes and 404s). */
  fallback: BuiltPage;
  paths: string[];
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

function toBuiltPage(html: Buffer): BuiltPage {
  return {
    identity: html,
    br: brotliCompressSync(html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: gzipSync(html, { level: 9 }),
    etag: `"${createHash('sha1').update(html).digest('base64url')}"`,
    scriptHashes: inlineScriptHashes(html.toString('utf8')),
  };
}

function htmlFiles(dir: string, base = dir): string[] {
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

export function loadPageStore(webDir: string): PageStore {
  const fallbackPath = path.join(webDir, FALLBACK_FILE);
  if (!fs.existsSync(fallbackPath)) {
    throw new Error(`No built web app in ${webDir} (missing ${FALLBACK_FILE}). Run \`npm run build\` first.`);
  }
  const pages = new Map<string, BuiltPage>();
  for (const file of htmlFiles(webDir)) {
    if (path.basename(file) === FALLBACK_FILE || !file.endsWith('index.html')) continue;
    pages.set(urlPathOf(file), toBuiltPage(fs.readFileSync(path.join(webDir, file))));
  }
  return {
    page: (urlPath) => pages.get(normalizePath(urlPath)),
    fallback: toBuiltPage(fs.readFileSync(fallbackPath)),
    paths: [...pages.keys()].sort(),
  };
}
