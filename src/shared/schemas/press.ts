import { z } from 'zod';

/** A press article of the landing page (product.md §3), read from searchable_content. */
export const pressArticleSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  /** metadata.publication; null when the row does not name one. */
  publication: z.string().nullable(),
  /** metadata.date (YYYY-MM-DD) when present, otherwise created_at as an ISO timestamp. */
  date: z.string(),
  excerpt: z.string(),
  /**
   * The row's url_path: a site path (`/press/<slug>`) for our own press releases, or the https address
   * of the article on a real publication's site.
   */
  url: z.string(),
});
export type PressArticle = z.infer<typeof pressArticleSchema>;

export const pressArticlesResponseSchema = z.object({ articles: z.array(pressArticleSchema) });
export type PressArticlesResponse = z.infer<typeof pressArticlesResponseSchema>;
