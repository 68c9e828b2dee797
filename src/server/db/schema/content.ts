import { sql } from 'drizzle-orm';
import { boolean, customType, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const CONTENT_TYPES = ['documentation', 'support', 'knowledge-base', 'article', 'legal', 'framework', 'page', 'other'] as const;

/**
 * Everything the search dialog finds, and the press articles of the landing page (product.md §3, §7).
 * Seeded from the Markdown in content/ (one source); `slug` is the content file's stable id.
 * The weighted vector ranks title (A) over excerpt (B) over body (C).
 */
export const searchableContent = pgTable(
  'searchable_content',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    excerpt: text('excerpt').notNull().default(''),
    body: text('body').notNull().default(''),
    contentType: text('content_type', { enum: CONTENT_TYPES }).notNull(),
    category: text('category').notNull(),
    urlPath: text('url_path').notNull(),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    isPublished: boolean('is_published').notNull().default(true),
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`setweight(to_tsvector('english', coalesce("title", '')), 'A') || setweight(to_tsvector('english', coalesce("excerpt", '')), 'B') || setweight(to_tsvector('english', coalesce("body", '')), 'C')`,
    ),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('searchable_content_vector_idx').using('gin', table.searchVector),
    index('searchable_content_title_trgm_idx').using('gin', sql`${table.title} gin_trgm_ops`),
    index('searchable_content_type_category_idx').on(table.contentType, table.category, table.isPublished),
  ],
);
