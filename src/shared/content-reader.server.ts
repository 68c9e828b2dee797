import fs from 'node:fs';
import path from 'node:path';
import { ContentError, type ContentSource, parseContentFiles } from './content-file.ts';
import { CONTENT_FOLDERS, type ContentDocument } from './schemas/content.ts';

/**
 * The one reader of content/, for the server (seeding the search index, the content routes, the
 * advisor) and for the build (the prerendered pages' loaders and react-router.config.ts). It does
 * I/O, so only Node code imports it; the `.server` suffix keeps it out of any browser bundle.
 */

/** The repository's content/ folder: the Markdown every public page and the search index read. */
export const CONTENT_DIR = path.resolve(import.meta.dirname, '../../content');

const FOLDERS = new Set(Object.values(CONTENT_FOLDERS));
/** Files at the top of content/ that document the folder rather than publish anything. */
const IGNORED_TOP_LEVEL = new Set(['README.md']);

/**
 * Reads every Markdown file under `contentDir`. Anything unexpected (an unknown folder, a
 * non-Markdown file) fails loudly with its path, so nothing silently drops out of the site.
 */
export function readContentSources(contentDir: string): ContentSource[] {
  if (!fs.existsSync(contentDir)) throw new ContentError(`No content folder at ${contentDir}`);
  const sources: ContentSource[] = [];
  for (const entry of fs.readdirSync(contentDir, { withFileTypes: true })) {
    if (entry.isFile() && IGNORED_TOP_LEVEL.has(entry.name)) continue;
    if (!entry.isDirectory() || !FOLDERS.has(entry.name)) {
      throw new ContentError(`content/${entry.name}: unexpected entry (folders: ${[...FOLDERS].join(', ')})`);
    }
    for (const file of fs.readdirSync(path.join(contentDir, entry.name), { withFileTypes: true })) {
      const relative = `${entry.name}/${file.name}`;
      if (!file.isFile() || !file.name.endsWith('.md')) throw new ContentError(`content/${relative}: not a Markdown file`);
      sources.push({ file: relative, source: fs.readFileSync(path.join(contentDir, relative), 'utf8') });
    }
  }
  return sources;
}

export function loadContent(contentDir: string = CONTENT_DIR): ContentDocument[] {
  return parseContentFiles(readContentSources(contentDir));
}
