import { inflateRawSync } from 'node:zlib';

/**
 * Just enough of the ZIP format (APPNOTE 4.3) to tell an Office document from any other zip and to
 * read one entry back: the end-of-central-directory record, then the central directory's entries.
 * Zip64 archives and encrypted entries are not read (Office writes neither for files of our sizes).
 */

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
/** The end record is 22 bytes plus a comment of at most 65,535. */
const END_SEARCH_WINDOW = 22 + 0xffff;

export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  localHeaderOffset: number;
}

function endOfDirectoryOffset(bytes: Buffer): number {
  const stop = Math.max(0, bytes.length - END_SEARCH_WINDOW);
  for (let offset = bytes.length - 22; offset >= stop; offset -= 1) {
    if (bytes.readUInt32LE(offset) === END_OF_DIRECTORY) return offset;
  }
  return -1;
}

/** The archive's entries, or null when the bytes are not a readable zip. */
export function zipEntries(bytes: Buffer): ZipEntry[] | null {
  if (bytes.length < 22) return null;
  const end = endOfDirectoryOffset(bytes);
  if (end < 0) return null;
  const count = bytes.readUInt16LE(end + 10);
  let offset = bytes.readUInt32LE(end + 16);
  const entries: ZipEntry[] = [];
  for (let index = 0; index < count; index += 1) {
    if (offset + 46 > bytes.length || bytes.readUInt32LE(offset) !== DIRECTORY_ENTRY) return null;
    const nameLength = bytes.readUInt16LE(offset + 28);
    const extraLength = bytes.readUInt16LE(offset + 30);
    const commentLength = bytes.readUInt16LE(offset + 32);
    if (offset + 46 + nameLength > bytes.length) return null;
    entries.push({
      method: bytes.readUInt16LE(offset + 10),
      compressedSize: bytes.readUInt32LE(offset + 20),
      size: bytes.readUInt32LE(offset + 24),
      localHeaderOffset: bytes.readUInt32LE(offset + 42),
      name: bytes.toString('utf8', offset + 46, offset + 46 + nameLength),
    });
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** One entry's bytes (stored or deflated), or null when it is absent or unreadable. */
export function readZipEntry(bytes: Buffer, name: string): Buffer | null {
  const entry = zipEntries(bytes)?.find((candidate) => candidate.name === name);
  if (!entry) return null;
  const at = entry.localHeaderOffset;
  if (at + 30 > bytes.length || bytes.readUInt32LE(at) !== LOCAL_HEADER) return null;
  const start = at + 30 + bytes.readUInt16LE(at + 26) + bytes.readUInt16LE(at + 28);
  const data = bytes.subarray(start, start + entry.compressedSize);
  if (entry.method === 0) return Buffer.from(data);
  if (entry.method === 8) {
    try {
      return inflateRawSync(data);
    } catch {
      return null;
    }
  }
  return null;
}
