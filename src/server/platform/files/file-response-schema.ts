import { Readable } from 'node:stream';
import { z } from 'zod';

/** A response that is a file: sent as bytes or a stream (never serialised), documented as binary. */
export const fileResponseSchema = (description: string) =>
  z
    .custom<Buffer | Readable>((value) => Buffer.isBuffer(value) || value instanceof Readable)
    .meta({ type: 'string', format: 'binary', description });
