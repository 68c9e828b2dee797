import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { attachmentDisposition } from './content-disposition.ts';
import { noStore } from '../http/no-store.ts';

/** A stored file (an attachment, an evidence file) as the download routes send it. */
export interface StoredFile {
  fileName: string;
  mediaType: string;
  sizeBytes: number;
  body: Readable;
}

/** Sends a stored file as a download: its own type (text as UTF-8), never sniffed, never cached. */
export function sendStoredFile(reply: FastifyReply, file: StoredFile): FastifyReply {
  const type = file.mediaType.startsWith('text/') ? `${file.mediaType}; charset=utf-8` : file.mediaType;
  return reply
    .headers({
      'content-type': type,
      'content-length': String(file.sizeBytes),
      'content-disposition': attachmentDisposition(file.fileName),
      'x-content-type-options': 'nosniff',
      ...noStore,
    })
    .send(file.body);
}
