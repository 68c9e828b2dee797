import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACTOR_REACHES,
  createTenantFixture,
  expectOrganizationNamedReach,
  type OrganizationNamedEndpoint,
  TENANT_ACTORS,
  type TenantActor,
  tenantErrorOf,
  type TenantFixture,
  type TenantOrg,
} from '../../../../tests/tenant-fixture.ts';
import { createTestDatabase, type TestDatabase } from '../../../../tests/test-database.ts';
import { buildApp } from '../../app.ts';
import { evidence, evidenceControls } from '../../db/schema/evidence.ts';
import { risks } from '../../db/schema/risks.ts';
import { parseEnv } from '../../env.ts';
import { withTenant } from '../../platform/tenancy/tenant.ts';
import { addProgrammeControls, evidenceUpload, seedTestControls } from './programme-test-fixture.ts';

/**
 * The tenant matrix of the evidence, risk and import endpoints (docs/tenancy.md): every actor × both
 * organizations × every endpoint. An actor gets its own organization's rows; another organization's row
 * (or another organization named) answers exactly like one that does not exist — same status, code and
 * message — and nothing an actor receives names what lies outside its reach.
 */

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
interface Seeded {
  evidenceId: string;
  riskId: string;
  secret: string;
}

let database: TestDatabase;
let app: FastifyInstance;
let fixture: TenantFixture;
let dataDir: string;
const seeded = {} as Record<TenantOrg, Seeded>;
const system = { kind: 'all', userId: null } as const;
const ORGS = ['a', 'b'] as const;

/** An evidence file (uploaded by a spare staff member, so any actor may sign it off) and a risk. */
async function seedEvidence(org: TenantOrg, secret: string): Promise<string> {
  const organizationId = fixture.orgs[org].id;
  const bytes = Buffer.from(`${secret}: the firewall rule review`);
  const { sha256, size } = await app.fileStore.put(bytes);
  return withTenant(database.db, system, async (tx) => {
    const [row] = await tx
      .insert(evidence)
      .values({
        organizationId,
        title: `Firewall review ${secret}`,
        kind: 'file',
        sha256,
        fileName: `${secret}.txt`,
        mediaType: 'text/plain',
        sizeBytes: size,
        collectedAt: new Date(),
        expiresAt: new Date(Date.now() + 90 * 86_400_000),
        uploadedBy: fixture.spareStaffId,
      })
      .returning({ id: evidence.id });
    await tx.insert(evidenceControls).values({ organizationId, evidenceId: row!.id, controlId: 'GOV-01' });
    return row!.id;
  });
}

async function seed(org: TenantOrg): Promise<Seeded> {
  const secret = `secret-${org}-${randomUUID().slice(0, 8)}`;
  const evidenceId = await seedEvidence(org, secret);
  const [risk] = await withTenant(database.db, system, (tx) =>
    tx
      .insert(risks)
      .values({
        organizationId: fixture.orgs[org].id,
        ref: 'R-001',
        title: `Outage ${secret}`,
        category: 'operational',
        likelihood: 3,
        impact: 3,
        residualLikelihood: 2,
        residualImpact: 2,
        treatment: 'mitigate',
        createdBy: fixture.spareStaffId,
      })
      .returning({ id: risks.id }),
  );
  return { evidenceId, riskId: risk!.id, secret };
}

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cc-evidence-matrix-'));
  database = await createTestDatabase();
  app = await buildApp({ database, env: parseEnv({ NODE_ENV: 'test', DATA_DIR: dataDir }) });
  fixture = await createTenantFixture(app, database);
  await seedTestControls(database.db);
  for (const org of ORGS) await addProgrammeControls(database.db, fixture.orgs[org].id, ['GOV-01']);
  seeded.a = await seed('a');
  seeded.b = await seed('b');
}, 60_000);
afterAll(async () => {
  await app?.close();
  await database?.dispose();
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

function call(actor: TenantActor, method: Method, url: string, payload?: object | { raw: ReturnType<typeof evidenceUpload> }) {
  const headers = { authorization: `Bearer ${fixture.tokens[actor]}` };
  if (payload && 'raw' in payload) {
    return app.inject({ method, url, headers: { ...headers, ...payload.raw.headers }, payload: payload.raw.payload });
  }
  return app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
}

function expectNoLeak(actor: TenantActor, body: string): void {
  for (const org of ORGS) {
    if (ACTOR_REACHES[actor].includes(org)) continue;
    for (const secret of [fixture.orgs[org].id, fixture.orgs[org].name, seeded[org].evidenceId, seeded[org].riskId, seeded[org].secret]) {
      expect(body, `${actor} sees ${org}`).not.toContain(secret);
    }
  }
}

/** Endpoints that name one row: the row is the organization's. */
interface RowEndpoint {
  operationId: string;
  method: Method;
  /** The row's URL; `fresh` makes a new row (for deletes). */
  url: (row: Seeded, fresh: () => Promise<string>) => Promise<string> | string;
  body?: object;
  /** Runs before an admitted call (sign-off is once per item). */
  reset?: (row: Seeded) => Promise<void>;
}
const ROW_ENDPOINTS: readonly RowEndpoint[] = [
  { operationId: 'getEvidence', method: 'GET', url: (row) => `/api/v1/evidence/${row.evidenceId}` },
  { operationId: 'downloadEvidence', method: 'GET', url: (row) => `/api/v1/evidence/${row.evidenceId}/download` },
  {
    operationId: 'updateEvidence',
    method: 'PATCH',
    url: (row) => `/api/v1/evidence/${row.evidenceId}`,
    body: { description: 'Checked again.' },
  },
  {
    operationId: 'signOffEvidence',
    method: 'POST',
    url: (row) => `/api/v1/evidence/${row.evidenceId}/sign-off`,
    reset: (row) =>
      withTenant(database.db, system, async (tx) => {
        await tx.update(evidence).set({ reviewedAt: null, reviewedBy: null }).where(eq(evidence.id, row.evidenceId));
      }),
  },
  { operationId: 'deleteEvidence', method: 'DELETE', url: async (_row, fresh) => `/api/v1/evidence/${await fresh()}` },
  { operationId: 'getRisk', method: 'GET', url: (row) => `/api/v1/risks/${row.riskId}` },
  {
    operationId: 'updateRisk',
    method: 'PATCH',
    url: (row) => `/api/v1/risks/${row.riskId}`,
    body: { treatmentPlan: 'Add a second region.' },
  },
];

/** Endpoints that name an organization (query or body): another one answers like one that does not exist. */
type OrganizationEndpoint = OrganizationNamedEndpoint<object | { raw: ReturnType<typeof evidenceUpload> }, Method>;
const ORGANIZATION_ENDPOINTS: readonly OrganizationEndpoint[] = [
  { operationId: 'listEvidence', method: 'GET', url: (id) => `/api/v1/evidence?organizationId=${id}` },
  {
    operationId: 'uploadEvidence',
    method: 'POST',
    url: () => '/api/v1/evidence',
    body: (organizationId) => ({
      raw: evidenceUpload(
        { organizationId, title: 'Backup restore test', controlIds: ['GOV-01'] },
        { name: 'restore.txt', bytes: Buffer.from('restored') },
      ),
    }),
  },
  {
    operationId: 'createEvidenceLink',
    method: 'POST',
    url: () => '/api/v1/evidence/links',
    body: (organizationId) => ({ organizationId, title: 'Status page', controlIds: ['GOV-01'], url: 'https://status.example.com' }),
  },
  { operationId: 'listRisks', method: 'GET', url: (id) => `/api/v1/risks?organizationId=${id}` },
  {
    operationId: 'createRisk',
    method: 'POST',
    url: () => '/api/v1/risks',
    body: (organizationId) => ({
      organizationId,
      title: 'Key person leaves',
      category: 'operational',
      likelihood: 2,
      impact: 4,
      treatment: 'accept',
    }),
  },
  {
    operationId: 'importRegister',
    method: 'POST',
    url: () => '/api/v1/registers/risks/import',
    body: (organizationId) => ({
      organizationId,
      csv: 'Ref,Title\nR-001,Outage renamed',
      mapping: { Ref: 'ref', Title: 'title' },
      dryRun: true,
    }),
  },
];

describe('programme evidence tenant matrix: actor × organization × endpoint', () => {
  for (const endpoint of ROW_ENDPOINTS) {
    it(endpoint.operationId, async () => {
      for (const actor of TENANT_ACTORS) {
        const nowhere: Seeded = { evidenceId: randomUUID(), riskId: randomUUID(), secret: 'none' };
        const absent = await call(actor, endpoint.method, await endpoint.url(nowhere, async () => randomUUID()), endpoint.body);
        expect(absent.statusCode, `${actor} on a missing row: ${absent.body}`).toBe(404);
        for (const org of ORGS) {
          await endpoint.reset?.(seeded[org]);
          const url = await endpoint.url(seeded[org], () => seedEvidence(org, seeded[org].secret));
          const response = await call(actor, endpoint.method, url, endpoint.body);
          expectNoLeak(actor, response.body);
          if (ACTOR_REACHES[actor].includes(org)) {
            expect(response.statusCode, `${actor} → own ${org}: ${response.body.slice(0, 200)}`).toBeLessThan(300);
          } else {
            expect({ status: response.statusCode, error: tenantErrorOf(response.body) }, `${actor} → ${org}`).toEqual({
              status: absent.statusCode,
              error: tenantErrorOf(absent.body),
            });
          }
        }
      }
    });
  }

  for (const endpoint of ORGANIZATION_ENDPOINTS) {
    it(`${endpoint.operationId} (organization named)`, () => expectOrganizationNamedReach(endpoint, { fixture, call, expectNoLeak }));
  }

  it('lists only the organization’s own evidence and risks to its client', async () => {
    for (const [actor, org] of [
      ['clientOfA', 'a'],
      ['clientOfB', 'b'],
    ] as const) {
      const listed = (await call(actor, 'GET', '/api/v1/evidence')).json() as { evidence: { id: string }[] };
      expect(listed.evidence.map((item) => item.id)).toContain(seeded[org].evidenceId);
      const risksListed = (await call(actor, 'GET', '/api/v1/risks')).json() as { risks: { id: string }[] };
      expect(risksListed.risks.map((item) => item.id)).toContain(seeded[org].riskId);
    }
  });
});
