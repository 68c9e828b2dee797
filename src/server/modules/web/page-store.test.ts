import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants as zlibConstants, gunzipSync, gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type CacheWarning, openPageCache } from './page-cache.ts';
import { FALLBACK_FILE, loadPageStore, type PageStore } from './page-store.ts';

const ORIGIN = 'http://localhost:3000';
const page = (body: string) =>
  `<!DOCTYPE html><html><head><link rel="canonical" href="/"/><script>window.__boot = 1;</script></head><body>${body}</body></html>`;

let root: string;
let webDir: string;
let cacheDir: string;

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-page-cache-'));
  webDir = path.join(root, 'client');
  cacheDir = path.join(root, 'data', 'page-cache');
  fs.mkdirSync(path.join(webDir, 'pricing'), { recursive: true });
  fs.writeFileSync(path.join(webDir, 'index.html'), page(`<h1>Home</h1>${'<p>Compliance, plainly.</p>'.repeat(200)}`));
  fs.writeFileSync(path.join(webDir, 'pricing', 'index.html'), page('<h1>Pricing</h1>'));
  fs.writeFileSync(path.join(webDir, FALLBACK_FILE), page('<p>Loading</p>'));
});
afterEach(() => {
  vi.restoreAllMocks();
  fs.rmSync(root, { recursive: true, force: true });
});

const quiet: CacheWarning = () => {};
const entries = () => fs.readdirSync(cacheDir).sort();
const inodes = () => new Map(entries().map((name) => [name, fs.statSync(path.join(cacheDir, name)).ino]));

async function warmedStore(warn: CacheWarning = quiet, origin = ORIGIN): Promise<PageStore> {
  const store = loadPageStore(webDir, origin, openPageCache(cacheDir, warn));
  await store.warm();
  return store;
}

/** Every page of a store, with the forms it would send. */
function served(store: PageStore) {
  return [...store.paths.map((urlPath) => store.page(urlPath, ORIGIN)!), store.fallback(ORIGIN)];
}

function expectWhole(store: PageStore) {
  for (const built of served(store)) {
    expect(brotliDecompressSync(built.br).equals(built.identity)).toBe(true);
    expect(gunzipSync(built.gzip).equals(built.identity)).toBe(true);
  }
}

describe('the pages kept compressed between starts', () => {
  it('lets a second start serve the first one’s forms, byte for byte, without writing them again', async () => {
    const first = served(await warmedStore());
    expect(entries()).toHaveLength(3);
    expect(entries().every((name) => /^[0-9a-f]{64}\.page$/.test(name))).toBe(true);
    const written = inodes();

    const second = served(await warmedStore());
    expect(second.map((built) => [built.br, built.gzip, built.etag, built.scriptHashes])).toEqual(
      first.map((built) => [built.br, built.gzip, built.etag, built.scriptHashes]),
    );
    expect(inodes()).toEqual(written); // nothing compressed, so nothing renamed into place
  });

  it('serves what the cache holds for a page instead of compressing it', async () => {
    // Brotli at quality 1 and gzip at level 1 are not what the store makes (11 and 9): serving them
    // shows the forms came from disk.
    const identity = Buffer.from(page('<h1>Pricing</h1>').replace('href="/"', `href="${ORIGIN}/"`));
    const kept = {
      br: brotliCompressSync(identity, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 1 } }),
      gzip: gzipSync(identity, { level: 1 }),
    };
    openPageCache(cacheDir, quiet).write(identity, kept);
    const pricing = loadPageStore(webDir, ORIGIN, openPageCache(cacheDir, quiet)).page('/pricing', ORIGIN)!;
    expect(pricing.identity.equals(identity)).toBe(true);
    expect(pricing.br.equals(kept.br)).toBe(true);
    expect(pricing.gzip.equals(kept.gzip)).toBe(true);
  });

  it('compresses again, and rewrites, an entry that is empty, damaged or another page’s', async () => {
    await warmedStore();
    const [empty, damaged, borrowed] = entries() as [string, string, string];
    const other = fs.readFileSync(path.join(cacheDir, empty));
    fs.writeFileSync(path.join(cacheDir, empty), '');
    const bytes = fs.readFileSync(path.join(cacheDir, damaged));
    bytes[bytes.length - 5]! ^= 0xff;
    fs.writeFileSync(path.join(cacheDir, damaged), bytes);
    fs.writeFileSync(path.join(cacheDir, borrowed), other); // a whole entry, under the wrong page's name
    const before = inodes();

    const store = await warmedStore();
    expectWhole(store);
    expect(entries()).toEqual([...before.keys()]);
    for (const [name, inode] of inodes()) {
      expect(inode).not.toBe(before.get(name));
      expect(fs.statSync(path.join(cacheDir, name)).size).toBeGreaterThan(16);
    }
    expectWhole(await warmedStore()); // and the rewritten entries are read back whole
  });

  it('gives a changed page, or another origin, an entry of its own and removes the ones no page uses', async () => {
    await warmedStore();
    const before = entries();
    fs.writeFileSync(path.join(webDir, 'pricing', 'index.html'), page('<h1>Pricing, changed</h1>'));
    const abandoned = path.join(cacheDir, `${'a'.repeat(64)}.page.123-0badf00d.tmp`);
    const inProgress = path.join(cacheDir, `${'b'.repeat(64)}.page.456-0badf00d.tmp`);
    fs.writeFileSync(abandoned, 'half');
    fs.utimesSync(abandoned, new Date(Date.now() - 3_600_000), new Date(Date.now() - 3_600_000));
    fs.writeFileSync(inProgress, 'half');
    fs.writeFileSync(path.join(cacheDir, 'README'), 'not an entry');
    fs.mkdirSync(path.join(cacheDir, `${'c'.repeat(64)}.page`));

    const store = await warmedStore();
    expect(store.page('/pricing', ORIGIN)?.identity.toString()).toContain('Pricing, changed');
    const after = entries().filter((name) => name.endsWith('.page'));
    expect(after.filter((name) => !before.includes(name))).toHaveLength(2); // the new pricing entry and the odd folder
    expect(before.filter((name) => !after.includes(name))).toHaveLength(1); // the old pricing entry
    expect(fs.existsSync(abandoned)).toBe(false);
    expect(fs.existsSync(inProgress)).toBe(true); // perhaps another process's write
    expect(fs.existsSync(path.join(cacheDir, 'README'))).toBe(true); // not the cache's to remove

    const elsewhere = store.page('/pricing', 'http://127.0.0.1:3000')!;
    expect(elsewhere.identity.toString()).toContain('href="http://127.0.0.1:3000/"');
    expect(brotliDecompressSync(elsewhere.br).equals(elsewhere.identity)).toBe(true);
    expect(entries().filter((name) => name.endsWith('.page'))).toHaveLength(after.length + 1);
  });

  it('never stops the pages: a folder that cannot be made is reported once and every page is still served', async () => {
    fs.mkdirSync(path.dirname(cacheDir), { recursive: true });
    fs.writeFileSync(cacheDir, 'a file where the folder should be');
    cacheDir = path.join(cacheDir, 'inner');
    const warn = vi.fn<CacheWarning>();
    const store = await warmedStore(warn);
    expect(warn).toHaveBeenCalledOnce();
    expect(store.page('/pricing', ORIGIN)?.identity.toString()).toContain('<h1>Pricing</h1>');
    expectWhole(store);
  });

  it('never stops the pages: a folder that cannot be written is reported once, with no temporary files left', async () => {
    fs.mkdirSync(cacheDir, { recursive: true });
    const rename = vi.spyOn(fs, 'renameSync').mockImplementation(() => {
      throw Object.assign(new Error('EROFS: read-only file system'), { code: 'EROFS' });
    });
    const warn = vi.fn<CacheWarning>();
    const store = await warmedStore(warn);
    expectWhole(store);
    expect(warn).toHaveBeenCalledOnce();
    expect(rename).toHaveBeenCalledOnce(); // the first failure stops the writes
    expect(entries()).toEqual([]);
  });
});
