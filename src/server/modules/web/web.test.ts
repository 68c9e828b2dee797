import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../tests/test-database.ts';
import { buildApp } from '../../app.ts';
import { parseEnv } from '../../env.ts';
import { FALLBACK_FILE, inlineScriptHashes, loadPageStore, withAbsoluteUrls } from './page-store.ts';

const bootScript = 'window.__boot = 1;';
const page = (body: string) =>
  `<!DOCTYPE html><html><head><script>${bootScript}</script><script type="module" src="/assets/app-abc.js"></script></head><body>${body}</body></html>`;

let webDir: string;
let database: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-web-'));
  fs.mkdirSync(path.join(webDir, 'assets'));
  fs.mkdirSync(path.join(webDir, 'pricing'));
  fs.writeFileSync(path.join(webDir, 'index.html'), page('<h1>Home</h1>'));
  fs.writeFileSync(
    path.join(webDir, 'pricing', 'index.html'),
    page('<h1>Pricing</h1>').replace('<head>', '<head><link rel="canonical" href="/pricing"/><meta property="og:url" content="/pricing"/>'),
  );
  fs.writeFileSync(path.join(webDir, FALLBACK_FILE), page('<p>Loading</p>'));
  fs.writeFileSync(path.join(webDir, 'assets', 'app-abc.js'), 'console.log(1)');
  fs.writeFileSync(path.join(webDir, 'favicon.svg'), '<svg/>');
  database = await createTestDatabase();
  app = await buildApp({ database, webDir });
});
afterAll(async () => {
  await app.close();
  await database.dispose();
  fs.rmSync(webDir, { recursive: true, force: true });
});

describe('serving the web app', () => {
  it('serves a prerendered page with its inline scripts hashed into the CSP', async () => {
    const response = await app.inject({ method: 'GET', url: '/pricing' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<h1>Pricing</h1>');
    expect(response.headers['cache-control']).toBe('no-cache');
    const hash = createHash('sha256').update(bootScript).digest('base64');
    const scriptSrc = String(response.headers['content-security-policy'])
      .split(';')
      .find((part) => part.trim().startsWith('script-src'));
    expect(scriptSrc).toContain(`'sha256-${hash}'`);
    expect(scriptSrc).not.toContain('unsafe-inline');
  });

  it('treats a trailing slash as the same page', async () => {
    const response = await app.inject({ method: 'GET', url: '/pricing/?plan=growth' });
    expect(response.body).toContain('<h1>Pricing</h1>');
  });

  it('serves the SPA fallback for workspace routes and a 404 for unknown paths', async () => {
    const workspace = await app.inject({ method: 'GET', url: '/dashboard-compliancecore?tab=tasks' });
    expect(workspace.statusCode).toBe(200);
    expect(workspace.body).toContain('<p>Loading</p>');
    const unknown = await app.inject({ method: 'GET', url: '/no-such-page' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).toContain('text/html');
    expect(unknown.body).toContain('<p>Loading</p>');
  });

  it('compresses pages and answers a matching ETag with 304', async () => {
    const compressed = await app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip, br' } });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toContain('<h1>Home</h1>');
    const etag = String(compressed.headers.etag);
    const revalidated = await app.inject({ method: 'GET', url: '/', headers: { 'if-none-match': etag } });
    expect(revalidated.statusCode).toBe(304);
  });

  it('caches hashed assets forever and never serves raw HTML files', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/app-abc.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const favicon = await app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(favicon.headers['cache-control']).toBe('public, max-age=3600');
    const rawHtml = await app.inject({ method: 'GET', url: '/pricing/index.html' });
    expect(rawHtml.statusCode).toBe(404);
  });

  it('keeps a page’s compressed forms in pageCacheDir when the app is given one (start-server: <DATA_DIR>/page-cache)', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-web-data-'));
    const instance = await buildApp({ database, webDir, pageCacheDir: path.join(dataDir, 'page-cache') });
    try {
      const response = await instance.inject({ method: 'GET', url: '/pricing', headers: { 'accept-encoding': 'br' } });
      expect(brotliDecompressSync(response.rawPayload).toString()).toContain('<h1>Pricing</h1>');
      expect(fs.readdirSync(path.join(dataDir, 'page-cache'))).toEqual([expect.stringMatching(/^[0-9a-f]{64}\.page$/)]);
    } finally {
      await instance.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('keeps API prefixes out of the page fallback', async () => {
    const response = await app.inject({ method: 'GET', url: '/functions/v1/unknown' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
  });
});

describe('canonical links', () => {
  it('are made absolute on the address the server listens on, never on a Host a client wrote (this machine’s included)', async () => {
    const instance = await buildApp({ database, webDir });
    try {
      const remote = await instance.inject({
        method: 'GET',
        url: '/pricing',
        remoteAddress: '203.0.113.9',
        headers: { host: 'attacker.example' },
      });
      expect(remote.body).toContain('<link rel="canonical" href="http://127.0.0.1:3000/pricing"/>');
      expect(remote.body).not.toContain('attacker.example');
      const local = await instance.inject({
        method: 'GET',
        url: '/pricing',
        remoteAddress: '127.0.0.1',
        headers: { host: 'compliance.example:8443' },
      });
      expect(local.body).toContain('<link rel="canonical" href="http://127.0.0.1:3000/pricing"/>');
      expect(local.body).toContain('<meta property="og:url" content="http://127.0.0.1:3000/pricing"/>');
      expect(local.body).not.toContain('compliance.example');
      expect(local.body).toContain('<script type="module" src="/assets/app-abc.js">');
    } finally {
      await instance.close();
    }
  });

  it('use PUBLIC_URL whatever the request says', async () => {
    const instance = await buildApp({
      database,
      webDir,
      env: parseEnv({ NODE_ENV: 'test', PUBLIC_URL: 'https://app.compliancecore.example' }),
    });
    try {
      const response = await instance.inject({ method: 'GET', url: '/pricing', headers: { host: 'attacker.example' } });
      expect(response.body).toContain('<link rel="canonical" href="https://app.compliancecore.example/pricing"/>');
      expect(response.body).not.toContain('attacker.example');
    } finally {
      await instance.close();
    }
  });

  it('are built for a few origins at most: made-up Host headers fall back to the site origin', () => {
    const store = loadPageStore(webDir, 'http://localhost:3000');
    for (let port = 1; port <= 20; port += 1) store.page('/pricing', `http://made-up.example:${port}`);
    const late = store.page('/pricing', 'http://another.example')?.identity.toString() ?? '';
    expect(late).toContain('href="http://localhost:3000/pricing"');
    expect(withAbsoluteUrls('<link rel="canonical" href="/"/>', 'https://a.example')).toBe(
      '<link rel="canonical" href="https://a.example/"/>',
    );
  });

  it('make the sharing card images absolute, as crawlers require', () => {
    const head =
      '<meta property="og:image" content="/social-card.jpg"/><meta name="twitter:image" content="/social-card.jpg"/><meta property="og:image:alt" content="/x"/>';
    expect(withAbsoluteUrls(head, 'https://a.example')).toBe(
      '<meta property="og:image" content="https://a.example/social-card.jpg"/><meta name="twitter:image" content="https://a.example/social-card.jpg"/><meta property="og:image:alt" content="/x"/>',
    );
  });
});

describe('inlineScriptHashes', () => {
  it('hashes inline scripts only', () => {
    const hashes = inlineScriptHashes('<script src="/a.js"></script><script>a()</script><script type="module">b()</script>');
    expect(hashes).toHaveLength(2);
    expect(hashes[0]).toBe(`'sha256-${createHash('sha256').update('a()').digest('base64')}'`);
  });
});
