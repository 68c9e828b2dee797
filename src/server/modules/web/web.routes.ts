import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { findPageRoute, isAttestationPath, isTrustCenterPath, isVendorQuestionnairePath, normalizePath } from '../../../shared/routes.ts';
import { defaultOrigin } from '../../plugins/public-origin.ts';
import { contentSecurityPolicy } from '../../plugins/security-headers.ts';
import { noPageCache, openPageCache } from './page-cache.ts';
import { type BuiltPage, inlineScriptHashes, loadPageStore, withAbsoluteUrls } from './page-store.ts';
import { type TrustCenterPageSource, checkTrustShell, fillTrustShell, trustPageFiles, trustSlotRenderer } from './trust-page.ts';

/** Prefixes that belong to the API: an unknown path under them is a JSON 404, never a page. */
const API_PREFIXES = ['/api/', '/auth/v1/', '/functions/', '/dev/', '/health', '/metrics'];

function sendPage(request: FastifyRequest, reply: FastifyReply, page: BuiltPage, status: number) {
  reply
    .status(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-cache')
    .header('vary', 'accept-encoding')
    .header('etag', page.etag)
    .header('content-security-policy', contentSecurityPolicy(page.scriptHashes));
  if (status === 200 && request.headers['if-none-match'] === page.etag) return reply.status(304).send();
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) return reply.header('content-encoding', 'br').send(page.br);
  if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(page.gzip);
  return reply.send(page.identity);
}

/** As the trust center's data in the API (trust-center.routes.ts): the page reads the same, and records the view. */
const TRUST_PAGE_RATE_LIMIT = { max: 120, timeWindow: '1 minute' } as const;

export interface WebRouteDeps {
  /** The data of `/trust/<slug>` (trust-center module, by app wiring); without it the SPA fallback serves that page. */
  trustCenterPage?: TrustCenterPageSource;
}

/**
 * Serves the built web app: hashed assets (precompressed, immutable), prerendered pages,
 * the SPA fallback for workspace routes, and the same fallback with a 404 for unknown paths
 * (the client router then renders the not-found page). With `pageCacheDir`, the pages' compressed
 * forms are kept there between starts (page-cache.ts). With `trustCenterPage` and a build that has the trust
 * page's shell and renderer, `/trust/<slug>` is rendered by the server (trust-page.ts).
 */
export async function registerWebRoutes(
  app: FastifyInstance,
  webDir: string,
  pageCacheDir?: string,
  deps: WebRouteDeps = {},
): Promise<void> {
  const cache = pageCacheDir ? openPageCache(pageCacheDir, (details, message) => app.log.warn(details, message)) : noPageCache;
  const store = loadPageStore(webDir, defaultOrigin(app.env), cache);
  // Compressed after the server listens (the first visitor of a page not yet done waits for it alone).
  app.addHook('onListen', async () => {
    void store.warm().catch((error: unknown) => app.log.error({ err: error }, 'could not precompress the pages'));
  });

  const staticOptions = { wildcard: false, index: false, preCompressed: true } as const;
  // Hashed build output never changes under its name: cache it for a year.
  await app.register(fastifyStatic, {
    ...staticOptions,
    root: path.join(webDir, 'assets'),
    prefix: '/assets/',
    maxAge: '365d',
    immutable: true,
  });
  // Unhashed files at the root (favicon, robots.txt …): cache briefly. HTML is served below.
  await app.register(fastifyStatic, {
    ...staticOptions,
    root: webDir,
    prefix: '/',
    decorateReply: false,
    maxAge: '1h',
    globIgnore: ['assets/**', '**/*.html'],
  });

  function servePage(request: FastifyRequest, reply: FastifyReply) {
    const urlPath = request.url.split('?', 1)[0] ?? '/';
    if (API_PREFIXES.some((prefix) => urlPath.startsWith(prefix))) return reply.callNotFound();
    const origin = app.publicOrigin(request);
    const prerendered = store.page(urlPath, origin);
    if (prerendered) return sendPage(request, reply, prerendered, 200);
    const known =
      findPageRoute(urlPath) !== undefined ||
      isTrustCenterPath(urlPath) ||
      isAttestationPath(urlPath) ||
      isVendorQuestionnairePath(urlPath);
    return sendPage(request, reply, store.fallback(origin), known ? 200 : 404);
  }

  const files = trustPageFiles(webDir);
  const loadSlotRenderer = deps.trustCenterPage ? trustSlotRenderer(files.renderer) : undefined;
  const trustCenterPage = deps.trustCenterPage;
  if (trustCenterPage && loadSlotRenderer && fs.existsSync(files.shell)) {
    const shell = fs.readFileSync(files.shell, 'utf8');
    checkTrustShell(shell);
    app.get(
      '/trust/:slug',
      { schema: { hide: true }, config: { rateLimit: TRUST_PAGE_RATE_LIMIT } },
      async (request: FastifyRequest, reply: FastifyReply) => {
        const urlPath = normalizePath(request.url.split('?', 1)[0] ?? '/');
        if (!isTrustCenterPath(urlPath)) return servePage(request, reply);
        const slug = urlPath.slice('/trust/'.length);
        const center = await trustCenterPage(request, slug);
        const html = withAbsoluteUrls(fillTrustShell(shell, { slug, center }, await loadSlotRenderer()), app.publicOrigin(request));
        // Compressed by @fastify/compress like the API's answers: the page is the organization's, built per request.
        return reply
          .status(center ? 200 : 404)
          .header('content-type', 'text/html; charset=utf-8')
          .header('cache-control', 'no-cache')
          .header('content-security-policy', contentSecurityPolicy(inlineScriptHashes(html)))
          .send(html);
      },
    );
  }

  app.get('/*', { schema: { hide: true } }, async (request, reply) => servePage(request, reply));
}
