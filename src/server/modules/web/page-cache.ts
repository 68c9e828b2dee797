import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

/**
 * The pages' compressed forms kept on disk between starts (docs/decisions/012-half-the-weight.md,
 * fifth pass). Brotli at quality 11 over ~90 pages is ~3 s of CPU, and a restart serves the same
 * bytes as the start before it; reading them back costs ~30 ms.
 *
 * An entry is named for the sha256 of the page's own identity bytes (the HTML with its links made
 * absolute on an origin), so a new build or another origin names other entries and never reads a
 * stale one. An entry is written to a temporary file and renamed into place, so a crash leaves
 * either the whole entry or none; and one that is read is decompressed and compared with the page
 * before it is used, so a damaged entry (or one a power cut left empty) is compressed again and
 * rewritten, never served. Nothing here may stop the server: a folder that cannot be used is
 * reported once and the pages are compressed at start as before.
 */

export interface CompressedForms {
  br: Buffer;
  gzip: Buffer;
}

export interface PageCache {
  /** The forms kept for this page, or undefined when there are none that decode to exactly these bytes. */
  read(identity: Buffer): CompressedForms | undefined;
  write(identity: Buffer, forms: CompressedForms): void;
  /** Removes the entries this cache has neither read nor written since it opened (those of earlier builds). */
  prune(): void;
}

/** `<sha256 hex>.page`: the magic, the two lengths, the brotli then the gzip bytes. */
const ENTRY = /^[0-9a-f]{64}\.page$/;
/** `<entry>.<pid>-<random>.tmp`: an entry being written. */
const TEMPORARY = /^[0-9a-f]{64}\.page\.\d+-[0-9a-f]+\.tmp$/;
/** A temporary file younger than this may be another process's write in progress (a DATA_DIR shared over PostgreSQL). */
const ABANDONED_AFTER_MS = 60_000;
const MAGIC = Buffer.from('ccpage1\n', 'latin1');
const HEADER_BYTES = MAGIC.length + 8;

export type CacheWarning = (details: { err: unknown; dir: string }, message: string) => void;

function entryName(identity: Buffer): string {
  return `${createHash('sha256').update(identity).digest('hex')}.page`;
}

function encode(forms: CompressedForms): Buffer {
  const header = Buffer.alloc(HEADER_BYTES);
  MAGIC.copy(header);
  header.writeUInt32BE(forms.br.length, MAGIC.length);
  header.writeUInt32BE(forms.gzip.length, MAGIC.length + 4);
  return Buffer.concat([header, forms.br, forms.gzip]);
}

/** The forms in an entry, when it is whole and both decode to `identity`. */
function decode(entry: Buffer, identity: Buffer): CompressedForms | undefined {
  if (entry.length <= HEADER_BYTES || !entry.subarray(0, MAGIC.length).equals(MAGIC)) return undefined;
  const brBytes = entry.readUInt32BE(MAGIC.length);
  const gzipBytes = entry.readUInt32BE(MAGIC.length + 4);
  if (brBytes === 0 || gzipBytes === 0 || HEADER_BYTES + brBytes + gzipBytes !== entry.length) return undefined;
  const br = entry.subarray(HEADER_BYTES, HEADER_BYTES + brBytes);
  const gzip = entry.subarray(HEADER_BYTES + brBytes);
  try {
    if (!brotliDecompressSync(br).equals(identity) || !gunzipSync(gzip).equals(identity)) return undefined;
  } catch {
    return undefined; // not brotli or not gzip at all
  }
  return { br, gzip };
}

const isMissing = (error: unknown) => error instanceof Error && 'code' in error && error.code === 'ENOENT';

/** For tests, and for an app without a data folder: nothing is kept. */
export const noPageCache: PageCache = { read: () => undefined, write: () => {}, prune: () => {} };

export function openPageCache(dir: string, warn: CacheWarning): PageCache {
  let warned = false;
  const warnOnce = (err: unknown, message: string) => {
    if (warned) return;
    warned = true;
    warn({ err, dir }, `${message}; the pages are compressed at start instead`);
  };
  try {
    fs.mkdirSync(dir, { recursive: true });
  } catch (error) {
    warnOnce(error, 'cannot create the page cache folder');
    return noPageCache;
  }

  let writable = true;
  const used = new Set<string>();
  return {
    read(identity) {
      const name = entryName(identity);
      used.add(name);
      try {
        return decode(fs.readFileSync(path.join(dir, name)), identity);
      } catch (error) {
        if (!isMissing(error)) warnOnce(error, 'cannot read the page cache');
        return undefined;
      }
    },
    write(identity, forms) {
      if (!writable) return;
      const name = entryName(identity);
      used.add(name);
      const temporary = path.join(dir, `${name}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`);
      try {
        fs.writeFileSync(temporary, encode(forms), { flag: 'wx' });
        fs.renameSync(temporary, path.join(dir, name));
      } catch (error) {
        // One failed write stops the others: the folder is full or read-only, and ~90 failing writes would say nothing more.
        writable = false;
        warnOnce(error, 'cannot write the page cache');
        try {
          fs.rmSync(temporary, { force: true });
        } catch {
          // Left for a later start's prune, which removes abandoned temporary files.
        }
      }
    },
    prune() {
      let entries: fs.Dirent[];
      try {
        entries = fs.readdirSync(dir, { withFileTypes: true });
      } catch (error) {
        warnOnce(error, 'cannot list the page cache');
        return;
      }
      for (const entry of entries) {
        if (!entry.isFile()) continue;
        const file = path.join(dir, entry.name);
        try {
          const stale =
            (ENTRY.test(entry.name) && !used.has(entry.name)) ||
            (TEMPORARY.test(entry.name) && Date.now() - fs.statSync(file).mtimeMs > ABANDONED_AFTER_MS);
          if (stale) fs.rmSync(file, { force: true });
        } catch (error) {
          // Gone already (another process's rename or prune) is what pruning wanted.
          if (!isMissing(error)) warnOnce(error, 'cannot clear old entries from the page cache');
        }
      }
    },
  };
}
