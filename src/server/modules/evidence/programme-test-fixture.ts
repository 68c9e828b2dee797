import { randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { controls, organizationControls } from '../../db/schema/controls.ts';
import { withTenant } from '../../platform/tenancy/tenant.ts';

/**
 * Test set-up for the programme's evidence, risks and imports: a few catalogue controls (the real
 * catalogue seeds the same ids; these rows only stand in when it has not) and an organization's
 * programme rows, as activating a framework would make them.
 */

export const TEST_CONTROLS = [
  { id: 'GOV-01', domain: 'Governance', title: 'Information security policy set', freshnessDays: 365 },
  { id: 'IAM-02', domain: 'Identity and access', title: 'Access reviews', freshnessDays: 90 },
  { id: 'IAM-03', domain: 'Identity and access', title: 'Multi-factor authentication', freshnessDays: 180 },
  { id: 'RSK-01', domain: 'Risk', title: 'Risk assessment', freshnessDays: 365 },
] as const;
export type TestControlId = (typeof TEST_CONTROLS)[number]['id'];

const system = { kind: 'all', userId: null } as const;

export async function seedTestControls(db: Db): Promise<void> {
  await db
    .insert(controls)
    .values(
      TEST_CONTROLS.map((control, position) => ({
        ...control,
        description: `${control.title}.`,
        evidenceHint: 'A document showing it works.',
        position: 9000 + position,
      })),
    )
    .onConflictDoNothing();
}

/** The catalogue's freshness policy of each test control (the real catalogue's when it is seeded). */
export async function freshnessOf(db: Db): Promise<Record<TestControlId, number>> {
  const rows = await db
    .select({ id: controls.id, days: controls.freshnessDays })
    .from(controls)
    .where(
      inArray(
        controls.id,
        TEST_CONTROLS.map((control) => control.id),
      ),
    );
  return Object.fromEntries(rows.map((row) => [row.id, row.days])) as Record<TestControlId, number>;
}

/** Puts controls in an organization's programme (what activateFramework does). */
export async function addProgrammeControls(
  db: Db,
  organizationId: string,
  controlIds: readonly string[],
  values: Partial<typeof organizationControls.$inferInsert> = {},
): Promise<void> {
  await withTenant(db, system, (tx) =>
    tx
      .insert(organizationControls)
      .values(controlIds.map((controlId) => ({ organizationId, controlId, ...values })))
      .onConflictDoNothing(),
  );
}

export async function programmeControl(db: Db, organizationId: string, controlId: string) {
  const [row] = await withTenant(db, system, (tx) =>
    tx
      .select()
      .from(organizationControls)
      .where(and(eq(organizationControls.organizationId, organizationId), eq(organizationControls.controlId, controlId))),
  );
  return row;
}

/** A multipart/form-data body with a `fields` JSON part and a `file` part, for app.inject. */
export function evidenceUpload(
  fields: object,
  file: { name: string; bytes: Buffer; type?: string },
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----evidence${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="fields"\r\n\r\n${JSON.stringify(fields)}\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
    ),
    file.bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
