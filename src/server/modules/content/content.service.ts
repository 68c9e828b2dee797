import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { searchableContent } from '../../db/schema/content.ts';
import { loadContent } from '../../../shared/content-reader.server.ts';
import type { ContentDocument } from '../../../shared/schemas/content.ts';
import { CONTENT_SOURCE, type ContentRow, contentRows } from './content-rows.ts';

export interface SeedContentResult {
  inserted: number;
  updated: number;
  unchanged: number;
  unpublished: number;
}

/** JSON with sorted keys: jsonb does not keep key order, so this is how two metadata objects compare. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${stableJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

type StoredRow = typeof searchableContent.$inferSelect;

function isUnchanged(stored: StoredRow, row: ContentRow): boolean {
  return (
    stored.title === row.title &&
    stored.excerpt === row.excerpt &&
    stored.body === row.body &&
    stored.contentType === row.contentType &&
    stored.category === row.category &&
    stored.urlPath === row.urlPath &&
    stored.isPublished === row.isPublished &&
    (row.createdAt === null || stored.createdAt.getTime() === row.createdAt.getTime()) &&
    stableJson(stored.metadata) === stableJson(row.metadata)
  );
}

function columns(row: ContentRow) {
  const { createdAt, ...rest } = row;
  return createdAt ? { ...rest, createdAt } : rest;
}

/**
 * Makes searchable_content match content/: inserts new files, updates changed ones (by slug),
 * leaves identical rows untouched, and unpublishes rows whose file was removed. Idempotent, so it
 * runs on every start. Files are read before the transaction opens, keeping it short.
 */
export async function seedContent(db: Db, contentDir?: string): Promise<SeedContentResult> {
  return seedContentDocuments(db, loadContent(contentDir));
}

/** `seedContent` from documents already read: the server reads content/ once for this and its sitemap. */
export async function seedContentDocuments(db: Db, documents: readonly ContentDocument[]): Promise<SeedContentResult> {
  const rows = documents.flatMap(contentRows);
  const slugs = rows.map((row) => row.slug);
  return db.transaction(async (tx) => {
    const existing = await tx.select().from(searchableContent).where(inArray(searchableContent.slug, slugs));
    const bySlug = new Map(existing.map((stored) => [stored.slug, stored]));
    const result: SeedContentResult = { inserted: 0, updated: 0, unchanged: 0, unpublished: 0 };
    const fresh: ContentRow[] = [];
    for (const row of rows) {
      const stored = bySlug.get(row.slug);
      if (!stored) {
        fresh.push(row);
      } else if (isUnchanged(stored, row)) {
        result.unchanged += 1;
      } else {
        await tx
          .update(searchableContent)
          .set({ ...columns(row), updatedAt: new Date() })
          .where(eq(searchableContent.slug, row.slug));
        result.updated += 1;
      }
    }
    if (fresh.length > 0) await tx.insert(searchableContent).values(fresh.map(columns));
    result.inserted = fresh.length;
    const removed = await tx
      .update(searchableContent)
      .set({ isPublished: false, updatedAt: new Date() })
      .where(
        and(
          sql`${searchableContent.metadata}->>'source' = ${CONTENT_SOURCE}`,
          eq(searchableContent.isPublished, true),
          slugs.length > 0 ? notInArray(searchableContent.slug, slugs) : undefined,
        ),
      )
      .returning({ slug: searchableContent.slug });
    result.unpublished = removed.length;
    return result;
  });
}
