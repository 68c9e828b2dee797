import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readJson } from '../../../../tests/read-response.ts';
import { createTenantFixture, type TenantActor, type TenantFixture, tenantErrorOf } from '../../../../tests/tenant-fixture.ts';
import { createTestDatabase, type TestDatabase } from '../../../../tests/test-database.ts';
import { evidenceListSchema, evidenceSchema } from '../../../shared/schemas/evidence.ts';
import { type ApiKeyScopes, createdApiKeySchema } from '../../../shared/schemas/integrations.ts';
import { EVIDENCE_MAX_BYTES } from '../../../shared/schemas/programme-statuses.ts';
import { buildApp } from '../../app.ts';
import { userRoles } from '../../db/schema/access.ts';
import { auditEvents } from '../../db/schema/audit.ts';
import { verifyChain } from '../../platform/audit/audit-chain.ts';
import { parseEnv } from '../../env.ts';
import { addProgrammeControls, evidenceUpload, seedTestControls } from '../evidence/programme-test-fixture.ts';
import { sha256Of } from '../../platform/files/file-store.ts';

/**
 * Evidence by API (docs/integrations.md): a CI pipeline uploads a file for a control with an API key,
 * through uploadEvidence, with the screen's limits and hashing, and only within the key's scopes and
 * organization.
 */

let database: TestDatabase;
let app: FastifyInstance;
let fixture: TenantFixture;
let dataDir: string;
const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n% nightly backup restore test: passed\n%%EOF\n');

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cc-evidence-api-'));
  database = await createTestDatabase();
  app = await buildApp({ database, env: parseEnv({ NODE_ENV: 'test', DATA_DIR: dataDir }) });
  await app.ready();
  fixture = await createTenantFixture(app, database);
  await database.db.update(userRoles).set({ isIntegrationAdmin: true }).where(eq(userRoles.userId, fixture.userIds.staffOfA));
  await seedTestControls(database.db);
  await addProgrammeControls(database.db, fixture.orgs.a.id, ['GOV-01', 'IAM-02']);
  await addProgrammeControls(database.db, fixture.orgs.b.id, ['RSK-01']);
}, 60_000);
afterAll(async () => {
  await app?.close();
  await database?.dispose();
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

const session = (actor: TenantActor) => ({ authorization: `Bearer ${fixture.tokens[actor]}` });

async function createKey(scopes: Partial<ApiKeyScopes>): Promise<{ id: string; key: string }> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/integrations/api-keys',
    headers: session('staffOfA'),
    payload: { organizationId: fixture.orgs.a.id, name: 'CI pipeline', scopes },
  });
  expect(response.statusCode, response.body).toBe(201);
  return readJson(response, createdApiKeySchema);
}

function uploadWithKey(headers: Record<string, string>, fields: object, bytes = PDF) {
  const body = evidenceUpload(fields, { name: 'backup-restore.pdf', bytes, type: 'application/pdf' });
  return app.inject({ method: 'POST', url: '/api/v1/evidence', headers: { ...headers, ...body.headers }, payload: body.payload });
}

const fields = (overrides: object = {}) => ({ title: 'Nightly backup restore test', controlIds: ['GOV-01'], ...overrides });

describe('evidence uploaded with an API key', () => {
  it('is stored under its SHA-256 for the key’s organization, by the key’s maker, with either header', async () => {
    const { id: keyId, key } = await createKey({ evidence: 'read_write' });
    const byHeader = await uploadWithKey({ 'x-api-key': key }, fields());
    expect(byHeader.statusCode, byHeader.body).toBe(201);
    const item = readJson(byHeader, evidenceSchema);
    expect(item).toMatchObject({
      kind: 'file',
      fileName: 'backup-restore.pdf',
      mediaType: 'application/pdf',
      sizeBytes: PDF.length,
      sha256: sha256Of(PDF),
      controlIds: ['GOV-01'],
      uploadedBy: { id: fixture.userIds.staffOfA },
    });
    const stored = await fs.readFile(path.join(dataDir, 'files', item.sha256!.slice(0, 2), item.sha256!));
    expect(stored.equals(PDF)).toBe(true);

    const byBearer = await uploadWithKey(
      { authorization: `Bearer ${key}` },
      fields({ title: 'Weekly restore test', controlIds: ['IAM-02'] }),
    );
    expect(byBearer.statusCode, byBearer.body).toBe(201);

    // The trail names the key beside its maker (docs/audit.md), and the chain still verifies with it hashed in.
    const trail = await database.db.select().from(auditEvents).where(eq(auditEvents.entityId, item.id));
    expect(trail.map((entry) => [entry.actorId, entry.apiKeyId, entry.apiKeyName])).toContainEqual([
      fixture.userIds.staffOfA,
      keyId,
      'CI pipeline',
    ]);
    expect((await verifyChain(database.db, fixture.orgs.a.id)).ok).toBe(true);

    // The client sees both in their register; the other organization sees neither.
    const mine = readJson(await app.inject({ method: 'GET', url: '/api/v1/evidence', headers: session('clientOfA') }), evidenceListSchema);
    expect(mine.evidence.map((entry) => entry.title).sort()).toEqual(['Nightly backup restore test', 'Weekly restore test']);
    const theirs = readJson(
      await app.inject({ method: 'GET', url: '/api/v1/evidence', headers: session('clientOfB') }),
      evidenceListSchema,
    );
    expect(theirs.evidence).toEqual([]);
  });

  it('is refused to a read-only key (403), for another organization (404), and outside the programme (400)', async () => {
    const readOnly = await createKey({ evidence: 'read', tasks: 'read_write' });
    const refused = await uploadWithKey({ 'x-api-key': readOnly.key }, fields());
    expect(refused.statusCode).toBe(403);
    // Reading is what it may do.
    expect((await app.inject({ method: 'GET', url: '/api/v1/evidence', headers: { 'x-api-key': readOnly.key } })).statusCode).toBe(200);

    const { key } = await createKey({ evidence: 'read_write' });
    const elsewhere = await uploadWithKey({ 'x-api-key': key }, fields({ organizationId: fixture.orgs.b.id, controlIds: ['RSK-01'] }));
    expect(elsewhere.statusCode).toBe(404);
    expect(tenantErrorOf(elsewhere.body).code).toBe('NOT_FOUND');
    // RSK-01 is in B's programme, not A's: the key cannot reach it through its own organization either.
    const otherControl = await uploadWithKey({ 'x-api-key': key }, fields({ controlIds: ['RSK-01'] }));
    expect(otherControl.statusCode).toBe(400);
    expect((otherControl.json() as { error: { issues: { path: string }[] } }).error.issues[0]?.path).toBe('body.controlIds');
    const theirs = readJson(
      await app.inject({ method: 'GET', url: '/api/v1/evidence', headers: session('clientOfB') }),
      evidenceListSchema,
    );
    expect(theirs.evidence).toEqual([]);
  });

  it('keeps the screen’s size limit (413) and opens nothing once the key is revoked (401)', async () => {
    const created = await createKey({ evidence: 'read_write' });
    const tooBig = await uploadWithKey({ 'x-api-key': created.key }, fields(), Buffer.concat([PDF, Buffer.alloc(EVIDENCE_MAX_BYTES)]));
    expect(tooBig.statusCode).toBe(413);
    expect(tenantErrorOf(tooBig.body).code).toBe('PAYLOAD_TOO_LARGE');

    const revoked = await app.inject({
      method: 'POST',
      url: `/api/v1/integrations/api-keys/${created.id}/revocation`,
      headers: session('staffOfA'),
    });
    expect(revoked.statusCode).toBe(200);
    const after = await uploadWithKey({ 'x-api-key': created.key }, fields());
    expect(after.statusCode).toBe(401);
    expect(tenantErrorOf(after.body).code).toBe('UNAUTHENTICATED');
  });
});
