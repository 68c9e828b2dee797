import { and, desc, eq } from 'drizzle-orm';
import { PRESS_ARTICLES_LIMIT } from '../../../shared/constants.ts';
import type { PressArticle } from '../../../shared/schemas/press.ts';
import type { Db } from '../../db/client.ts';
import { searchableContent } from '../../db/schema/content.ts';

function metadataString(metadata: Record<string, unknown>, key: string): string | null {
  const value = metadata[key];
  return typeof value === 'string' && value.trim() ? value : null;
}

/** product.md §7: published press articles (content_type article, category press), newest first, at most 6. */
export async function listPressArticles(db: Db): Promise<PressArticle[]> {
  const rows = await db
    .select({
      id: searchableContent.id,
      title: searchableContent.title,
      excerpt: searchableContent.excerpt,
      urlPath: searchableContent.urlPath,
      metadata: searchableContent.metadata,
      createdAt: searchableContent.createdAt,
    })
    .from(searchableContent)
    .where(
      and(eq(searchableContent.contentType, 'article'), eq(searchableContent.category, 'press'), eq(searchableContent.isPublished, true)),
    )
    .orderBy(desc(searchableContent.createdAt), desc(searchableContent.id))
    .limit(PRESS_ARTICLES_LIMIT);
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    publication: metadataString(row.metadata, 'publication'),
    date: metadataString(row.metadata, 'date') ?? row.createdAt.toISOString(),
    excerpt: row.excerpt,
    url: row.urlPath,
  }));
}
