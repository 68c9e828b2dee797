import { searchableContent } from '../../db/schema/content.ts';
import type { Db } from '../../db/client.ts';

/**
 * Test content with invented words, so assertions hold whatever else the content seed adds.
 * Shared by the search tests and the benchmark.
 */
export const SEARCH_FIXTURES = [
  {
    slug: 'test-quokkaflux-title',
    title: 'Quokkaflux controls handbook',
    excerpt: 'How the team runs its control library.',
    body: 'A long handbook about controls, owners and evidence.',
    contentType: 'documentation',
    category: 'guides',
    urlPath: '/documentation/quokkaflux-controls',
  },
  {
    slug: 'test-quokkaflux-excerpt',
    title: 'Evidence freshness',
    excerpt: 'Keep quokkaflux evidence fresh before the audit.',
    body: 'Evidence older than a quarter is flagged.',
    contentType: 'support',
    category: 'evidence',
    urlPath: '/support/evidence-freshness',
  },
  {
    slug: 'test-quokkaflux-body',
    title: 'Vendor onboarding',
    excerpt: 'Onboard vendors with a risk questionnaire.',
    body: '## Steps\n\nSend the questionnaire, then review the **quokkaflux** score with the vendor owner.',
    contentType: 'knowledge-base',
    category: 'vendors',
    urlPath: '/knowledge-base/vendor-onboarding',
  },
  {
    slug: 'test-zephyrline-compliance',
    title: 'Zephyrline compliance checklist',
    excerpt: 'Everything a zephyrline team checks before go-live.',
    body: 'Checklist items for compliance readiness.',
    contentType: 'documentation',
    category: 'checklists',
    urlPath: 'https://docs.example.com/zephyrline',
  },
  {
    slug: 'test-quokkaflux-draft',
    title: 'Quokkaflux draft that is not published',
    excerpt: 'Unpublished quokkaflux notes.',
    body: 'Draft.',
    contentType: 'documentation',
    category: 'guides',
    urlPath: '/documentation/draft',
    isPublished: false,
  },
] as const satisfies (typeof searchableContent.$inferInsert)[];

export async function insertSearchFixtures(db: Db): Promise<void> {
  await db
    .insert(searchableContent)
    .values(SEARCH_FIXTURES.map((row) => ({ ...row })))
    .onConflictDoNothing({ target: searchableContent.slug });
}
