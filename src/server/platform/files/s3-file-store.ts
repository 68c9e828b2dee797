import { Readable } from 'node:stream';
import { GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import type { Env } from '../../env.ts';
import { type FileStore, sha256Of } from './file-store.ts';

/**
 * The content-addressed file store on S3-compatible storage (AWS S3, MinIO, Ceph, R2 …): the same
 * interface and key layout as the filesystem store, `<prefix><first two hex digits>/<sha256>`. An object
 * is written whole by one PUT, so a reader sees all of it or nothing; the same content is written once
 * (a HEAD finds it first). Tenancy stays with the rows: the store knows no organization.
 */
export interface S3FileStoreConfig {
  bucket: string;
  region: string;
  /** Omit for AWS itself. */
  endpoint?: string;
  forcePathStyle?: boolean;
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Keys start with this (a folder in a shared bucket); empty by default. */
  prefix?: string;
}

const SHA256 = /^[0-9a-f]{64}$/;

const isMissing = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.$metadata.httpStatusCode === 404 || error.name === 'NoSuchKey' || error.name === 'NotFound');

export function s3ConfigFromEnv(env: Env): S3FileStoreConfig {
  if (!env.S3_BUCKET) throw new Error('FILE_STORE=s3 needs S3_BUCKET');
  return {
    bucket: env.S3_BUCKET,
    region: env.S3_REGION,
    endpoint: env.S3_ENDPOINT,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    credentials:
      env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
        : undefined,
  };
}

export function createS3FileStore(config: S3FileStoreConfig): FileStore & { client: S3Client } {
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle ?? false,
    credentials: config.credentials,
  });
  const { bucket } = config;
  const keyOf = (sha256: string) => {
    if (!SHA256.test(sha256)) throw new Error(`Not a SHA-256: ${sha256}`);
    return `${config.prefix ?? ''}${sha256.slice(0, 2)}/${sha256}`;
  };

  async function storedSize(key: string): Promise<number | null> {
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
      return head.ContentLength ?? null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async function open(sha256: string): Promise<Readable | null> {
    try {
      const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: keyOf(sha256) }));
      const body = object.Body;
      if (!body) return null;
      return body instanceof Readable ? body : Readable.from(Buffer.from(await body.transformToByteArray()));
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  return {
    client,
    async put(bytes) {
      const sha256 = sha256Of(bytes);
      const key = keyOf(sha256);
      if ((await storedSize(key)) === bytes.length) return { sha256, size: bytes.length };
      // ChecksumSHA256 lets the store refuse bytes damaged on the way (base64 of the digest).
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: key,
          Body: bytes,
          ContentLength: bytes.length,
          ContentType: 'application/octet-stream',
          ChecksumSHA256: Buffer.from(sha256, 'hex').toString('base64'),
        }),
      );
      return { sha256, size: bytes.length };
    },

    async get(sha256) {
      const stream = await open(sha256);
      if (!stream) return null;
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
      return Buffer.concat(chunks);
    },

    stream: open,
  };
}
