/**
 * The search benchmark's corpus: the real content (seeded from content/) plus generated documents
 * stitched from the real content's own sentences, so term frequencies look like the product's and
 * a two-word query is as selective as it would be in a knowledge base of that size.
 */
import { and, eq, like, not, sql } from 'drizzle-orm';
import type { Database } from '../src/server/db/client.ts';
import { searchableContent } from '../src/server/db/schema/content.ts';
import { seedReferenceData } from '../src/server/db/seed.ts';
import { seedContent } from '../src/server/modules/content/content.service.ts';

const TYPES = ['documentation', 'support', 'knowledge-base', 'article'] as const;
const CATEGORIES = ['guides', 'controls', 'vendors', 'evidence', 'policies', 'frameworks'];

/** Deterministic, so every run and both databases search the same corpus. */
function generator(seed: number) {
  let state = seed;
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  return { next, pick };
}

function sentencesOf(text: string): string[] {
  return text
    .replaceAll(/[#*_`>|[\]()]/g, ' ')
    .split(/(?<=[.!?])\s+|\n{2,}/)
    .map((sentence) => sentence.replaceAll(/\s+/g, ' ').trim())
    .filter((sentence) => sentence.split(' ').length >= 6);
}

/** Seeds reference data, the real content and `generated` documents; returns the row count. */
export async function seedCorpus(database: Database, generated: number): Promise<number> {
  await seedReferenceData(database.db);
  await seedContent(database.db);
  const real = await database.db
    .select({ title: searchableContent.title, body: searchableContent.body })
    .from(searchableContent)
    .where(and(eq(searchableContent.isPublished, true), not(like(searchableContent.slug, 'bench-%'))));
  const sentences = real.flatMap((row) => sentencesOf(row.body));
  const titles = real.map((row) => row.title);
  if (sentences.length === 0) throw new Error('No content to build the benchmark corpus from: is content/ empty?');
  const random = generator(42);
  const rows = Array.from({ length: generated }, (_, index) => {
    const paragraphs = Array.from({ length: 5 }, () =>
      Array.from({ length: 3 + Math.floor(random.next() * 3) }, () => random.pick(sentences)).join(' '),
    );
    return {
      slug: `bench-${index}`,
      title: `${random.pick(titles)} (${index})`,
      excerpt: random.pick(sentences),
      body: paragraphs.join('\n\n'),
      contentType: random.pick(TYPES),
      category: random.pick(CATEGORIES),
      urlPath: `/knowledge-base/bench-${index}`,
    };
  });
  for (let start = 0; start < rows.length; start += 500) {
    await database.db
      .insert(searchableContent)
      .values(rows.slice(start, start + 500))
      .onConflictDoNothing();
  }
  // The steady state a server reaches on its own (autovacuum): the GIN pending list merged and
  // statistics current. PGlite has no autovacuum, so without this it would be measured mid-load.
  await database.db.execute(sql`vacuum analyze searchable_content`);
  return database.db.$count(searchableContent);
}
