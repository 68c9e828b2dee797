// @both-engines: migrations and seeds run on both engines, each with its own SQL dialect quirks — decision 015.
import fs from 'node:fs/promises';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/test-database.ts';
import { notifications } from './schema/notifications.ts';
import { organizations } from './schema/organizations.ts';

/** Migration 0028 mends the notification links stored before the workspace link builder (issue 32). */
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.dispose());

const USER = '7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f';

describe('migration 0029_workspace_links', () => {
  it('points stored /dashboard links at the dashboard and leaves every other link alone', async () => {
    const [organization] = await database.db.insert(organizations).values({ name: 'Acme' }).returning({ id: organizations.id });
    if (!organization) throw new Error('no organization');
    const links = ['/dashboard?tab=workflows', '/dashboard', '/task-requests?request=1', '/dashboard-compliancecore?tab=support', null];
    const rows = await database.db
      .insert(notifications)
      .values(
        links.map((link, index) => ({
          organizationId: organization.id,
          userId: USER,
          kind: 'workflow' as const,
          title: `n${index}`,
          link,
        })),
      )
      .returning({ id: notifications.id });
    const migration = await fs.readFile(new URL('./migrations/0029_workspace_links.sql', import.meta.url), 'utf8');
    await database.db.transaction(async (tx) => {
      for (const statement of migration.split('--> statement-breakpoint')) await tx.execute(sql.raw(statement));
    });
    const after = await Promise.all(
      rows.map(
        async (row) =>
          (await database.db.select({ link: notifications.link }).from(notifications).where(eq(notifications.id, row.id)))[0]?.link,
      ),
    );
    expect(after).toEqual([
      '/dashboard-compliancecore?tab=workflows',
      '/dashboard-compliancecore',
      '/task-requests?request=1',
      '/dashboard-compliancecore?tab=support',
      null,
    ]);
  });
});
