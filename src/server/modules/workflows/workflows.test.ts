import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { type TestUser, createTestUser } from '../../../../tests/auth-helpers.ts';
import { createTestDatabase, type TestDatabase } from '../../../../tests/test-database.ts';
import { errorBodySchema } from '../../../shared/errors.ts';
import { workflowListResponseSchema, workflowTemplateDetailSchema } from '../../../shared/schemas/workflows.ts';
import { buildApp } from '../../app.ts';
import { auditEvents } from '../../db/schema/audit.ts';
import { withTenant } from '../../platform/tenancy/tenant.ts';
import { readJson } from '../../../../tests/read-response.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.dispose());

async function app(): Promise<FastifyInstance> {
  const instance = await buildApp({ database });
  onTestFinished(() => instance.close());
  return instance;
}

function call(instance: FastifyInstance, user: TestUser | null, method: 'GET' | 'POST', url: string, payload?: unknown) {
  return instance.inject({
    method,
    url,
    headers: user ? { authorization: `Bearer ${user.accessToken}` } : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

const suggestion = {
  title: 'Run a HIPAA risk analysis',
  description: 'Inventory ePHI systems and score threats (HIPAA §164.308(a)(1)).',
  category: 'risk_assessment',
  priority: 2,
};

describe('POST /api/v1/workflows/generate', () => {
  it('creates a private version-1 compliance workflow: 5 nodes left to right, 4 edges', async () => {
    const instance = await app();
    const user = await createTestUser(instance);
    const response = await call(instance, user, 'POST', '/api/v1/workflows/generate', suggestion);
    expect(response.statusCode).toBe(201);
    const workflow = readJson(response, workflowTemplateDetailSchema);
    expect(workflow).toMatchObject({
      name: suggestion.title,
      description: suggestion.description,
      category: 'compliance',
      is_public: false,
      user_id: user.userId,
      version: 1,
      lineage_id: workflow.id,
      versions: [{ id: workflow.id, version: 1 }],
    });
    expect(workflow.nodes.map((node) => node.type)).toEqual(['start', 'action', 'action', 'decision', 'end']);
    expect(workflow.nodes).toHaveLength(5);
    const xs = workflow.nodes.map((node) => node.position.x);
    expect(xs).toEqual([...xs].sort((a, b) => a - b));
    expect(new Set(xs).size).toBe(5);
    expect(new Set(workflow.nodes.map((node) => node.position.y)).size).toBe(1);
    expect(workflow.nodes[1]?.data).toMatchObject({
      label: 'Identify and score risks',
      actionType: 'risk_scoring',
      configuration: { priority: 2 },
    });
    expect(workflow.nodes[3]?.data.conditions).toEqual([{ field: 'review_status', operator: 'equals', value: 'approved' }]);
    expect(workflow.edges).toHaveLength(4);
    expect(workflow.edges.map((edge) => [edge.source, edge.target])).toEqual([
      ['start', 'action-1'],
      ['action-1', 'action-2'],
      ['action-2', 'review'],
      ['review', 'end'],
    ]);
    expect(workflow.edges[3]?.sourceHandle).toBe('approved');
  });

  it('requires sign-in and a title', async () => {
    const instance = await app();
    expect((await call(instance, null, 'POST', '/api/v1/workflows/generate', suggestion)).statusCode).toBe(401);
    const user = await createTestUser(instance);
    const response = await call(instance, user, 'POST', '/api/v1/workflows/generate', { description: 'no title' });
    expect(response.statusCode).toBe(400);
    expect(readJson(response, errorBodySchema).error.code).toBe('VALIDATION_FAILED');
  });
});

describe('workflow versions', () => {
  it('saves edits as a new version and keeps the old one', async () => {
    const instance = await app();
    const user = await createTestUser(instance);
    const v1 = readJson(await call(instance, user, 'POST', '/api/v1/workflows/generate', suggestion), workflowTemplateDetailSchema);
    const nodes = [
      ...v1.nodes.map((node) => (node.id === 'action-1' ? { ...node, data: { ...node.data, label: 'Score risks with the CISO' } } : node)),
      { id: 'action-3', type: 'action' as const, position: { x: 1300, y: 120 }, data: { label: 'Send the report' } },
    ];
    const edges = [...v1.edges, { id: 'e-end-3', source: 'end', target: 'action-3' }];
    const saved = await call(instance, user, 'POST', `/api/v1/workflows/${v1.id}/versions`, { nodes, edges });
    expect(saved.statusCode).toBe(201);
    const v2 = readJson(saved, workflowTemplateDetailSchema);
    expect(v2).toMatchObject({ version: 2, lineage_id: v1.id, name: suggestion.title, category: 'compliance', is_public: false });
    expect(v2.id).not.toBe(v1.id);
    expect(v2.nodes).toHaveLength(6);
    expect(v2.versions.map((version) => version.version)).toEqual([1, 2]);

    const again = readJson(
      await call(instance, user, 'POST', `/api/v1/workflows/${v1.id}/versions`, {
        nodes: v1.nodes,
        edges: v1.edges,
        name: 'Risk analysis v3',
      }),
      workflowTemplateDetailSchema,
    );
    expect(again).toMatchObject({ version: 3, name: 'Risk analysis v3' });

    const original = readJson(await call(instance, user, 'GET', `/api/v1/workflows/${v1.id}`), workflowTemplateDetailSchema);
    expect(original.nodes[1]?.data.label).toBe('Identify and score risks');
    expect(original.versions.map((version) => version.version)).toEqual([1, 2, 3]);
    const list = readJson(await call(instance, user, 'GET', '/api/v1/workflows'), workflowListResponseSchema);
    expect(list.workflows.map((item) => [item.id, item.version])).toEqual([[again.id, 3]]);

    // One trail entry each, by the owner, naming the lineage (docs/audit.md), on the global chain.
    const trail = await withTenant(database.db, { kind: 'all', userId: null }, (tx) =>
      tx.select().from(auditEvents).where(eq(auditEvents.entityId, v1.id)).orderBy(asc(auditEvents.seq)),
    );
    expect(
      trail.map(({ organizationId, actorId, action, entityType, after }) => ({ organizationId, actorId, action, entityType, after })),
    ).toMatchObject([
      {
        organizationId: null,
        actorId: user.userId,
        action: 'workflow_template.create',
        entityType: 'workflow_template',
        after: { id: v1.id, version: 1 },
      },
      {
        organizationId: null,
        actorId: user.userId,
        action: 'workflow_template.version',
        entityType: 'workflow_template',
        after: { id: v2.id, version: 2 },
      },
      {
        organizationId: null,
        actorId: user.userId,
        action: 'workflow_template.version',
        entityType: 'workflow_template',
        after: { id: again.id, version: 3 },
      },
    ]);
  });

  it('numbers twenty concurrent saves 2 to 21, none refused', async () => {
    const instance = await app();
    const user = await createTestUser(instance);
    const v1 = readJson(await call(instance, user, 'POST', '/api/v1/workflows/generate', suggestion), workflowTemplateDetailSchema);
    const saves = await Promise.all(
      Array.from({ length: 20 }, () =>
        call(instance, user, 'POST', `/api/v1/workflows/${v1.id}/versions`, { nodes: v1.nodes, edges: v1.edges }),
      ),
    );
    expect(saves.map((save) => save.statusCode)).toEqual(Array<number>(20).fill(201));
    const versions = saves.map((save) => readJson(save, workflowTemplateDetailSchema).version).sort((a, b) => a - b);
    expect(versions).toEqual(Array.from({ length: 20 }, (_, index) => index + 2));
  });

  it('refuses a graph whose edges point nowhere or whose ids repeat', async () => {
    const instance = await app();
    const user = await createTestUser(instance);
    const v1 = readJson(await call(instance, user, 'POST', '/api/v1/workflows/generate', suggestion), workflowTemplateDetailSchema);
    const dangling = await call(instance, user, 'POST', `/api/v1/workflows/${v1.id}/versions`, {
      nodes: v1.nodes,
      edges: [{ id: 'x', source: 'start', target: 'nowhere' }],
    });
    expect(dangling.statusCode).toBe(400);
    expect(readJson(dangling, errorBodySchema).error.issues).toEqual([
      { path: 'body.edges.0', message: 'An edge must join two nodes of this workflow' },
    ]);
    const repeated = await call(instance, user, 'POST', `/api/v1/workflows/${v1.id}/versions`, {
      nodes: [...v1.nodes, v1.nodes[0]],
      edges: [],
    });
    expect(repeated.statusCode).toBe(400);
  });

  it('never lets another user read or change a private workflow (404)', async () => {
    const instance = await app();
    const owner = await createTestUser(instance);
    const intruder = await createTestUser(instance);
    const v1 = readJson(await call(instance, owner, 'POST', '/api/v1/workflows/generate', suggestion), workflowTemplateDetailSchema);
    const read = await call(instance, intruder, 'GET', `/api/v1/workflows/${v1.id}`);
    expect(read.statusCode).toBe(404);
    expect(readJson(read, errorBodySchema).error).toMatchObject({ code: 'NOT_FOUND', message: 'Workflow not found.' });
    const write = await call(instance, intruder, 'POST', `/api/v1/workflows/${v1.id}/versions`, { nodes: v1.nodes, edges: v1.edges });
    expect(write.statusCode).toBe(404);
    expect(readJson(await call(instance, intruder, 'GET', '/api/v1/workflows'), workflowListResponseSchema).workflows).toEqual([]);
    expect(readJson(await call(instance, owner, 'GET', `/api/v1/workflows/${v1.id}`), workflowTemplateDetailSchema).versions).toHaveLength(
      1,
    );
  });
});
