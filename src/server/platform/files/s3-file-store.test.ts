import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../../env.ts';
import { sha256Of } from './file-store.ts';
import { createS3FileStore, s3ConfigFromEnv } from './s3-file-store.ts';

/**
 * The S3-compatible store against a real S3 wire protocol: s3rver, an S3-compatible server that runs in
 * this process on a loopback port (its objects in a temporary folder), reached by the AWS SDK exactly as
 * a MinIO or AWS bucket would be.
 */

let server: S3rver;
let directory: string;
let endpoint: string;

beforeAll(async () => {
  directory = await fs.mkdtemp(path.join(os.tmpdir(), 's3rver-'));
  server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: 'evidence' }] });
  const { port } = await server.run();
  endpoint = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  await server?.close();
  if (directory) await fs.rm(directory, { recursive: true, force: true });
});

const storeFor = (prefix = '') =>
  createS3FileStore({
    ...s3ConfigFromEnv(
      parseEnv({
        NODE_ENV: 'test',
        FILE_STORE: 's3',
        S3_ENDPOINT: endpoint,
        S3_BUCKET: 'evidence',
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
        S3_FORCE_PATH_STYLE: '1',
      }),
    ),
    prefix,
  });

describe('S3 file store', () => {
  it('stores bytes under their SHA-256, once, and gives them back as bytes and as a stream', async () => {
    const store = storeFor('files/');
    const bytes = Buffer.from('%PDF-1.7\nan access review, signed\n');
    const first = await store.put(bytes);
    expect(first).toEqual({ sha256: sha256Of(bytes), size: bytes.length });
    expect(await store.put(Buffer.from(bytes))).toEqual(first);

    const listed = await store.client.send(new ListObjectsV2Command({ Bucket: 'evidence', Prefix: 'files/' }));
    expect(listed.Contents?.map((object) => object.Key)).toEqual([`files/${first.sha256.slice(0, 2)}/${first.sha256}`]);

    expect((await store.get(first.sha256))?.equals(bytes)).toBe(true);
    const stream = await store.stream(first.sha256);
    const chunks: Buffer[] = [];
    for await (const chunk of stream!) chunks.push(Buffer.from(chunk as Uint8Array));
    expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
  });

  it('answers null for content it does not hold and refuses a key that is not a hash', async () => {
    const store = storeFor();
    const absent = sha256Of(Buffer.from('never stored'));
    expect(await store.get(absent)).toBeNull();
    expect(await store.stream(absent)).toBeNull();
    await expect(store.get('../../etc/passwd')).rejects.toThrow(/Not a SHA-256/);
  });

  it('is chosen by FILE_STORE=s3, which needs a bucket', () => {
    expect(() => parseEnv({ NODE_ENV: 'test', FILE_STORE: 's3' })).toThrow(/S3_BUCKET/);
    expect(() => parseEnv({ NODE_ENV: 'test', S3_ACCESS_KEY_ID: 'only-half' })).toThrow(/both/);
  });
});
