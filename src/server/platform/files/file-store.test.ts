import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFilesystemStore, type FileStore } from './file-store.ts';

let root: string;
let store: FileStore;

beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'cc-files-'));
  store = createFilesystemStore(path.join(root, 'files'));
});
afterAll(async () => {
  await fs.rm(root, { recursive: true, force: true });
});

describe('filesystem file store', () => {
  it('stores bytes under their SHA-256 in a two-letter folder and reads them back', async () => {
    const bytes = Buffer.from('Access review evidence, Q3');
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    expect(await store.put(bytes)).toEqual({ sha256, size: bytes.length });
    expect(await fs.readFile(path.join(root, 'files', sha256.slice(0, 2), sha256), 'utf8')).toBe('Access review evidence, Q3');
    expect((await store.get(sha256))?.toString('utf8')).toBe('Access review evidence, Q3');
    const stream = await store.stream(sha256);
    expect(stream && (await text(stream))).toBe('Access review evidence, Q3');
  });

  it('stores the same content once and leaves no temporary files', async () => {
    const bytes = Buffer.from('same content twice');
    const first = await store.put(bytes);
    const second = await store.put(Buffer.from('same content twice'));
    expect(second).toEqual(first);
    const names = await fs.readdir(path.join(root, 'files', first.sha256.slice(0, 2)));
    expect(names.filter((name) => name === first.sha256 || name.endsWith('.tmp'))).toEqual([first.sha256]);
  });

  it('answers null for a hash it does not hold and refuses anything that is not a hash', async () => {
    expect(await store.get('0'.repeat(64))).toBeNull();
    expect(await store.stream('0'.repeat(64))).toBeNull();
    await expect(store.get('../../etc/passwd')).rejects.toThrow('Not a SHA-256');
  });
});
