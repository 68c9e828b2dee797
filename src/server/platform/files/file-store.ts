import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Content-addressed file storage (docs/delivery.md, "Deliverables and files"): bytes are stored once
 * under their SHA-256 and found again by it. Rows (task_attachments, later evidence) hold the hash and
 * the tenant; the store knows no tenant, so a download is authorised by its row, never by the hash.
 * The filesystem store below is the default; an S3-compatible store is a later implementation of the
 * same interface.
 */
export interface FileStore {
  /** Stores the bytes (idempotent: the same content is stored once) and names them. */
  put(bytes: Buffer): Promise<{ sha256: string; size: number }>;
  /** The bytes, or null when nothing is stored under the hash. */
  get(sha256: string): Promise<Buffer | null>;
  /** The bytes as a stream, or null when nothing is stored under the hash. */
  stream(sha256: string): Promise<Readable | null>;
}

const SHA256 = /^[0-9a-f]{64}$/;

export function sha256Of(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException | null)?.code === 'ENOENT';

/**
 * `<root>/<first two hex digits>/<sha256>`. A write goes to a temporary file in the same folder, is
 * flushed to disk, then renamed into place (atomic on one filesystem), and the folder is flushed so
 * the rename survives a crash: a reader sees the whole file or none.
 */
export function createFilesystemStore(root: string): FileStore {
  const pathOf = (sha256: string) => {
    if (!SHA256.test(sha256)) throw new Error(`Not a SHA-256: ${sha256}`);
    return path.join(root, sha256.slice(0, 2), sha256);
  };

  async function exists(file: string, size: number): Promise<boolean> {
    try {
      return (await fs.stat(file)).size === size;
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  async function syncFolder(folder: string): Promise<void> {
    const handle = await fs.open(folder, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  }

  return {
    async put(bytes) {
      const sha256 = sha256Of(bytes);
      const target = pathOf(sha256);
      if (await exists(target, bytes.length)) return { sha256, size: bytes.length };
      const folder = path.dirname(target);
      await fs.mkdir(folder, { recursive: true });
      const temporary = path.join(folder, `.${sha256}.${randomBytes(6).toString('hex')}.tmp`);
      const handle = await fs.open(temporary, 'wx', 0o640);
      try {
        await handle.writeFile(bytes);
        await handle.sync();
      } catch (error) {
        await handle.close();
        await fs.rm(temporary, { force: true });
        throw error;
      }
      await handle.close();
      await fs.rename(temporary, target);
      await syncFolder(folder);
      return { sha256, size: bytes.length };
    },

    async get(sha256) {
      try {
        return await fs.readFile(pathOf(sha256));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async stream(sha256) {
      const file = pathOf(sha256);
      try {
        await fs.access(file);
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      return createReadStream(file);
    },
  };
}
