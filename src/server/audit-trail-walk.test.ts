import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { desc, eq, notInArray } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, type TestUser } from '../../tests/auth-helpers.ts';
import { createTenantFixture, type TenantActor, type TenantFixture } from '../../tests/tenant-fixture.ts';
import { seedPlan, seedSubscription } from '../../tests/task-request-fixture.ts';
import { createTestDatabase, type TestDatabase } from '../../tests/test-database.ts';
import { growthOrder } from '../../tests/fixtures/billing-order.ts';
import { buildApp } from './app.ts';
import { securityEvents } from './db/schema/access.ts';
import { auditEvents } from './db/schema/audit.ts';
import { dsarRequests } from './db/schema/dsar.ts';
import { organizations } from './db/schema/organizations.ts';
import { aiOutputs } from './db/schema/reviews.ts';
import { taskRequests } from './db/schema/task-requests.ts';
import { workflowApprovals, workflowRuns } from './db/schema/workflow-runs.ts';
import { organizationWorkflows, workflowVersions } from './db/schema/workflows.ts';
import { webhookDeliveries } from './db/schema/integrations.ts';
import { agentRuns } from './db/schema/agent-runs.ts';
import { parseEnv } from './env.ts';
import { ensureProfile, grantRole } from './platform/access/access.service.ts';
import { classifyBuiltin } from './modules/agent-runs/providers/builtin-classifier.ts';
import { addProgrammeControls, evidenceUpload, seedTestControls } from './modules/evidence/programme-test-fixture.ts';
import { SOC2_SPECS } from './modules/vendors/reader/corpus/soc2-specs.ts';
import { writeSoc2Report } from './modules/vendors/reader/corpus/write-soc2-report.ts';
import { readUploadedVendorDocument } from './modules/vendors/documents/vendor-document-reading.ts';
import { withTenant } from './platform/tenancy/tenant.ts';
import { submitTaskRequest } from './modules/task-requests/pipeline.ts';
import { buildGraph, TEMPLATE_LIBRARY } from './modules/workflows/template-library.ts';

/**
 * The trail walk (issue 40, item 2): every mutating operation of the OpenAPI document under /api/v1
 * and /functions/v1, called successfully as a signed-in user, leaves exactly one new audit_events row
 * that names that user as the actor and the entity it changed. A new operation fails the first test
 * until it is walked in WALKS or, if it changes nobody's data, listed in NO_TRAIL with its reason.
 * Job workers are off: what a call records is what its own transaction records.
 */

/** The tenant fixture's actors, an auditor of organization A's engagements, and a signed-in user with no organization yet. */
type Actor = TenantActor | 'auditor' | 'buyer';
interface Entity {
  type: string;
  id: string;
}
interface WalkCall {
  /** The path parameters of the documented path. */
  params?: Record<string, string>;
  query?: string;
  payload?: InjectOptions['payload'];
  headers?: Record<string, string>;
}
interface Walk {
  actor: Actor;
  /** Sets up what the call needs and says how to make it. */
  call: () => Promise<WalkCall> | WalkCall;
  /** The entity the trail entry must name, from the answer's body (JSON, or empty for a 204) and what `call` set up. */
  entity: (body: unknown) => Promise<Entity> | Entity;
  /**
   * Why the operation also replays other people's recorded operations inside the organization it names
   * (only loading the sample data does). Its own entry is still exactly one; the others must all be the
   * named organization's and by someone else.
   */
  replays?: string;
}

/** Operations that change no organization's or user's recorded state, or have no signed-in actor, each with why. */
const NO_TRAIL: Record<string, string> = {
  sendContactForm: 'a public form: an anonymous visitor leaves a lead, no workspace data changes',
  sendConsultationRequest: 'a public form: an anonymous visitor leaves a lead, no workspace data changes',
  createDsarRequest: 'a public form of a data subject (no account, no organization); its resolution is recorded',
  recordConsent: 'a visitor’s cookie choice, itself kept as evidence in cookie_consents, signed in or not',
  getMySubscription: 'a read that is a POST for the edge-function contract (check-subscription)',
  classifyTaskRequest: 'a read-like POST: previews how a request would be classified, stores nothing',
  previewWorkflowSchedule: 'a read-like POST: computes the next occurrences of a schedule, stores nothing',
  sendAdvisorMessage: 'the advisor chat: a conversation, not a change to the programme',
  markNotificationsRead: 'a user’s own read marks on their notifications',
  updateNotificationPreferences: 'a user’s own mail preferences',
};

/**
 * Operations that record their entry but cannot be walked here, each with why and where its entry is
 * checked instead.
 */
const WALKED_ELSEWHERE: Record<string, string> = {
  requestTrustAccess:
    'an anonymous prospect’s request (no signed-in actor): trust-center.test.ts checks its entry, and the grant’s when the domain is approved at once',
  publishPolicy:
    'needs an approved policy deliverable (a task request drafted, reviewed and published): policies.test.ts checks its policy.publish entry',
  importPeople: 'the register import of people: policies.test.ts checks its one register.import entry',
  createAttestationCampaign: 'needs a published policy and a roster: policies.test.ts checks its attestation_campaign.create entry',
  acknowledgePolicy: 'a person’s link (no signed-in actor): policies.test.ts checks its attestation.acknowledge entry and the evidence’s',
  saveVendorQuestionnaireAnswers:
    'a vendor answering through its e-mailed link (no account, no signed-in actor): vendor-questionnaires.test.ts checks its entry',
  uploadVendorQuestionnaireFile:
    'a vendor attaching a file through its e-mailed link (no signed-in actor): vendor-questionnaires.test.ts checks its entry',
  submitVendorQuestionnaire:
    'a vendor submitting through its e-mailed link (no signed-in actor): vendor-questionnaires.test.ts checks its one entry, also under a race',
  createConnection:
    'needs a reachable connector endpoint, which this app refuses as private (the SSRF guard): connectors.test.ts checks its connection.create entry and the first run’s connection_run.queue',
  runConnection: 'needs a connection (see createConnection): connectors.test.ts checks its one connection_run.queue entry',
  testConnection:
    'needs a connection (see createConnection); records connection.status only when the health it finds is new: connectors.test.ts checks both',
  deleteConnection: 'needs a connection (see createConnection): connectors.test.ts checks its one connection.delete entry',
  receiveStripeWebhook:
    'Stripe’s signed event, applied by the system (no signed-in actor) and only with the Stripe provider: stripe.test.ts checks its one entry',
};

let database: TestDatabase;
let app: FastifyInstance;
let fixture: TenantFixture;
let auditor: TestUser;
let buyer: TestUser;
let dataDir: string;
const system = { kind: 'all', userId: null } as const;
const all = <T>(work: Parameters<typeof withTenant<T>>[2]) => withTenant(database.db, system, work);
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const unique = () => randomUUID().slice(0, 8);
const orgA = () => fixture.orgs.a.id;
const extra = (actor: 'auditor' | 'buyer') => (actor === 'auditor' ? auditor : buyer);
const token = (actor: Actor) => (actor === 'auditor' || actor === 'buyer' ? extra(actor).accessToken : fixture.tokens[actor]);
const userId = (actor: Actor) => (actor === 'auditor' || actor === 'buyer' ? extra(actor).userId : fixture.userIds[actor]);
const idOf = (body: unknown) => (body as { id: string }).id;

/** Calls an operation as `actor` for set-up (not walked): expects a 2xx and answers its JSON. */
async function setUp(actor: Actor, method: InjectOptions['method'], url: string, payload?: object): Promise<unknown> {
  const response = await app.inject({ method, url, headers: { authorization: `Bearer ${token(actor)}` }, ...(payload ? { payload } : {}) });
  if (response.statusCode >= 300) throw new Error(`set-up ${method} ${url}: ${response.statusCode} ${response.body}`);
  return response.body ? (response.json() as unknown) : undefined;
}

/** A questionnaire of organization A, uploaded by its staff member (set-up, not walked). */
async function seedQuestionnaire(): Promise<string> {
  const upload = evidenceUpload(
    { organizationId: orgA() },
    { name: 'review.csv', bytes: Buffer.from('Question,Answer\nIs data encrypted in transit?,\n') },
  );
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/questionnaires',
    headers: { authorization: `Bearer ${token('staffOfA')}`, ...upload.headers },
    payload: upload.payload,
  });
  if (response.statusCode !== 201) throw new Error(`set-up questionnaire: ${response.statusCode} ${response.body}`);
  return idOf(response.json());
}

// ---- Set-up shared by several walks ------------------------------------------------------------

const library = TEMPLATE_LIBRARY[1]!;
const graph = buildGraph(library);

async function seedWorkflow(): Promise<string> {
  return all(async (tx) => {
    const [workflow] = await tx
      .insert(organizationWorkflows)
      .values({
        organizationId: orgA(),
        name: `Policy review ${unique()}`,
        category: 'policy',
        trigger: { kind: 'manual' },
        ...graph,
        publishedVersion: 1,
        status: 'active',
        dirty: false,
      })
      .returning();
    await tx
      .insert(workflowVersions)
      .values({ organizationId: orgA(), workflowId: workflow!.id, version: 1, ...graph, trigger: { kind: 'manual' } });
    return workflow!.id;
  });
}

async function seedRun(status: 'waiting' | 'failed' = 'waiting'): Promise<{ runId: string; approvalId: string }> {
  const workflowId = await seedWorkflow();
  return all(async (tx) => {
    const [version] = await tx.select().from(workflowVersions).where(eq(workflowVersions.workflowId, workflowId));
    const [run] = await tx
      .insert(workflowRuns)
      .values({
        organizationId: orgA(),
        workflowId,
        versionId: version!.id,
        version: 1,
        status,
        triggerKind: 'manual',
        currentNodeId: 'step-2',
        stepSeq: 2,
      })
      .returning();
    const [approval] = await tx
      .insert(workflowApprovals)
      .values({ organizationId: orgA(), runId: run!.id, seq: 2, nodeId: 'step-2', title: 'Approve this year’s policies' })
      .returning();
    return { runId: run!.id, approvalId: approval!.id };
  });
}

/** A task request of organization A, asked for by its client. */
async function seedTaskRequest(status?: typeof taskRequests.$inferSelect.status): Promise<string> {
  const input = {
    title: `Access control policy ${unique()}`,
    description: 'Write our access control policy.',
    department: 'compliance' as const,
    deadline: null,
    frameworks: ['SOC 2'],
  };
  return all(async (tx) => {
    const request = await submitTaskRequest(tx, app.jobs, {
      ...input,
      organizationId: orgA(),
      requestedBy: fixture.userIds.clientOfA,
      source: 'wizard',
      classification: classifyBuiltin(input),
    });
    if (status) {
      await tx
        .update(taskRequests)
        .set({ status, deliveredAt: status === 'delivered' ? new Date() : null })
        .where(eq(taskRequests.id, request.id));
      if (status === 'delivered') await tx.update(agentRuns).set({ status: 'succeeded' }).where(eq(agentRuns.taskRequestId, request.id));
      if (status === 'failed') await tx.update(agentRuns).set({ status: 'failed' }).where(eq(agentRuns.taskRequestId, request.id));
    }
    return request.id;
  });
}

/** An agent's draft of a request of organization A, awaiting review. */
async function seedDraft(): Promise<string> {
  const requestId = await seedTaskRequest('in_review');
  return all(async (tx) => {
    const [output] = await tx
      .insert(aiOutputs)
      .values({
        organizationId: orgA(),
        taskRequestId: requestId,
        agentId: 'policy-drafter',
        version: 1,
        title: 'Access control policy',
        type: 'policy_draft',
        confidence: 87,
        summary: 'An access control policy.',
        keyFindings: ['No quarterly access review today.'],
        riskScore: 62,
        recommendations: ['Review access every quarter.'],
        body: '# Access control\n\nAccess is granted by role.\n',
        sources: [{ kind: 'framework_requirement', ref: 'SOC 2 CC6.1', title: 'Logical access' }],
      })
      .returning({ id: aiOutputs.id });
    return output!.id;
  });
}

let engagementId = '';
async function engagement(): Promise<string> {
  if (engagementId) return engagementId;
  const created = await setUp('administrator', 'POST', '/api/v1/engagements', engagementInput());
  engagementId = idOf(created);
  return engagementId;
}
const engagementInput = () => ({
  organizationId: orgA(),
  name: `Engagement ${unique()}`,
  frameworkId: 'soc2',
  auditType: 'type1',
  periodStart: day(-30),
  periodEnd: day(0),
  fieldworkStart: day(1),
  fieldworkEnd: day(10),
  accessEndsOn: day(20),
  auditorEmails: [auditor.email],
});
async function auditRequest(): Promise<string> {
  const id = await engagement();
  return idOf(await setUp('auditor', 'POST', `/api/v1/engagements/${id}/requests`, { title: `Board minutes ${unique()}` }));
}

async function evidenceLink(uploader: Actor = 'staffOfA'): Promise<string> {
  return idOf(
    await setUp(uploader, 'POST', '/api/v1/evidence/links', {
      organizationId: orgA(),
      title: `Status page ${unique()}`,
      controlIds: ['GOV-01'],
      url: 'https://status.example.com',
    }),
  );
}

async function riskOfA(): Promise<string> {
  return idOf(
    await setUp('staffOfA', 'POST', '/api/v1/risks', {
      organizationId: orgA(),
      title: `Key person leaves ${unique()}`,
      category: 'operational',
      likelihood: 2,
      impact: 4,
      treatment: 'accept',
    }),
  );
}

/** A qualified SOC 2 report with exceptions, uploaded to a vendor of organization A and read by the job's function (set-up, not walked). */
async function readVendorDocumentOfA(): Promise<{ documentId: string; body: object }> {
  vendorId = await vendorOfA();
  const spec = SOC2_SPECS.find((candidate) => candidate.name === 'soc2-02-type2-qualified-prose')!;
  const upload = evidenceUpload({}, { name: 'soc2.pdf', bytes: Buffer.from((await writeSoc2Report(spec)).bytes) });
  const response = await app.inject({
    method: 'POST',
    url: `/api/v1/vendors/${vendorId}/documents`,
    headers: { authorization: `Bearer ${token('staffOfA')}`, ...upload.headers },
    payload: upload.payload,
  });
  const documentId = idOf(response.json());
  await readUploadedVendorDocument(database.db, app.fileStore, documentId);
  const read = (await setUp('staffOfA', 'GET', `/api/v1/vendors/${vendorId}/documents/${documentId}/extraction`)) as {
    document: { updatedAt: string };
    extraction: {
      kind: string;
      fields: { key: string; value: string; page: number }[];
      exceptions: object[];
      cuecs: object[];
      subserviceOrganizations: object[];
    };
  };
  const { kind, fields, exceptions, cuecs, subserviceOrganizations } = read.extraction;
  return {
    documentId,
    body: {
      expectedUpdatedAt: read.document.updatedAt,
      kind,
      fields: fields.map(({ key, value, page }) => ({ key, value, page })),
      exceptions,
      cuecs,
      subserviceOrganizations,
    },
  };
}

async function vendorOfA(): Promise<string> {
  return idOf(await setUp('staffOfA', 'POST', '/api/v1/vendors', { organizationId: orgA(), name: `Payroll Co ${unique()}`, tier: 2 }));
}

async function plan(status?: 'draft'): Promise<{ id: string; stepIds: string[] }> {
  if (status === 'draft') {
    const created = idOf(await setUp('clientOfA', 'POST', '/api/v1/plans', { title: `Get SOC 2 ready ${unique()}` }));
    const withTwo = (await setUp('clientOfA', 'POST', `/api/v1/plans/${created}/steps`, { title: 'Write the policy' })) as {
      steps: { id: string }[];
    };
    return { id: created, stepIds: withTwo.steps.map((step) => step.id) };
  }
  return seedPlan(database.db, {
    subscriptionId: subscriptionOfA,
    userId: fixture.userIds.clientOfA,
    status: 'submitted',
    steps: [{ title: 'Write the information security policy', description: 'Cover access control.', category: 'policy' }],
  });
}

async function supportRequest(): Promise<string> {
  return idOf(
    await setUp('clientOfA', 'POST', '/api/v1/support-requests', {
      subject: 'Cannot export the risk register',
      category: 'technical_problem',
      priority: 'urgent',
      message: 'The export button does nothing since this morning.',
    }),
  );
}

async function webhook(): Promise<string> {
  return idOf(
    await setUp('administrator', 'POST', '/api/v1/integrations/webhooks', {
      organizationId: orgA(),
      url: 'http://127.0.0.1:9/compliance',
      events: ['member.added'],
    }),
  );
}

// ---- The walks ---------------------------------------------------------------------------------

let sampleOrganizationId = '';
let subscriptionOfA = '';

const WALKS: Record<string, Walk> = {
  // Access (docs/permissions.md)
  reportAccessDenied: {
    actor: 'clientOfA',
    call: () => ({ payload: { path: '/admin', requirement: { authenticated: true, adminOnly: true }, reason: 'role' } }),
    entity: async () => {
      const [event] = await database.db
        .select({ id: securityEvents.id })
        .from(securityEvents)
        .where(eq(securityEvents.userId, fixture.userIds.clientOfA))
        .orderBy(desc(securityEvents.createdAt))
        .limit(1);
      return { type: 'security_event', id: event?.id ?? '' };
    },
  },
  inviteUser: {
    actor: 'administrator',
    call: () => ({ payload: { email: `invited-${unique()}@example.com`, userType: 'staff', roles: [{ role: 'consultant' }] } }),
    entity: (body) => ({ type: 'user', id: (body as { userId: string }).userId }),
  },
  deleteUser: {
    actor: 'administrator',
    call: async () => {
      const user = await createTestUser(app);
      await ensureProfile(database.db, { userId: user.userId, userType: 'client' });
      deletedUserId = user.userId;
      return { params: { userId: user.userId } };
    },
    entity: () => ({ type: 'user', id: deletedUserId }),
  },
  replaceUserAccess: {
    actor: 'administrator',
    call: () => ({ params: { userId: fixture.spareStaffId }, payload: { userType: 'staff', roles: [{ role: 'analyst' }] } }),
    entity: () => ({ type: 'user', id: fixture.spareStaffId }),
  },
  replaceRolePermissions: {
    actor: 'administrator',
    call: async () => {
      const { matrix } = (await setUp('administrator', 'GET', '/api/v1/admin/role-permissions')) as { matrix: Record<string, string[]> };
      return { payload: { matrix: { analyst: (matrix.analyst ?? []).filter((permission) => permission !== 'audit:read') } } };
    },
    entity: () => ({ type: 'role_permissions', id: 'analyst' }),
  },

  // Billing and data-subject requests
  createSubscription: {
    actor: 'buyer',
    call: () => ({ payload: { ...growthOrder, company: { ...growthOrder.company, name: `Buyer ${unique()}` } } }),
    entity: (body) => ({ type: 'subscription', id: (body as { subscription: { id: string } }).subscription.id }),
  },
  resolveDsarRequest: {
    actor: 'administrator',
    call: async () => {
      const receipt = await app.inject({
        method: 'POST',
        url: '/api/v1/dsar-requests',
        payload: {
          requestType: 'access',
          fullName: 'Grace Hopper',
          email: `grace-${unique()}@example.com`,
          relationship: 'self',
          country: 'Germany',
          accountEmail: 'grace.hopper@acme.test',
          details: 'Please include the data you received from my employer.',
          confirmAccurate: true,
        },
      });
      const { reference } = receipt.json<{ reference: string }>();
      const [row] = await database.db.select({ id: dsarRequests.id }).from(dsarRequests).where(eq(dsarRequests.reference, reference));
      dsarId = row?.id ?? '';
      return { params: { id: dsarId }, payload: { status: 'completed', note: 'Sent the export by post.', handledOn: day(0) } };
    },
    entity: () => ({ type: 'dsar_request', id: dsarId }),
  },

  // Organizations (docs/tenancy.md)
  createOrganization: {
    actor: 'administrator',
    call: () => ({ payload: { name: `Cobalt Logistics ${unique()}` } }),
    entity: (body) => ({ type: 'organization', id: idOf(body) }),
  },
  assignStaff: {
    actor: 'administrator',
    call: async () => {
      const staff = await createTestUser(app, { confirmed: false });
      await ensureProfile(database.db, { userId: staff.userId, userType: 'staff' });
      return { params: { organizationId: orgA() }, payload: { staffUserId: staff.userId, engagementRole: 'reviewer' } };
    },
    entity: (body) => ({ type: 'staff_assignment', id: idOf(body) }),
  },
  unassignStaff: {
    actor: 'administrator',
    call: () => ({ params: { organizationId: orgA(), assignmentId: fixture.orgs.a.spareAssignmentId } }),
    entity: () => ({ type: 'staff_assignment', id: fixture.orgs.a.spareAssignmentId }),
  },
  inviteMember: {
    actor: 'staffOfA',
    call: () => ({ params: { organizationId: orgA() }, payload: { email: (memberEmail = `member-${unique()}@example.com`) } }),
    entity: (body) => ({ type: 'organization_member', id: memberIdOf(body, memberEmail) }),
  },
  removeMember: {
    actor: 'staffOfA',
    call: async () => {
      const email = `leaver-${unique()}@example.com`;
      removedMemberId = memberIdOf(await setUp('staffOfA', 'POST', `/api/v1/organizations/${orgA()}/members`, { email }), email);
      return { params: { organizationId: orgA(), memberId: removedMemberId } };
    },
    entity: () => ({ type: 'organization_member', id: removedMemberId }),
  },
  deleteOrganization: {
    actor: 'administrator',
    call: async () => {
      const name = `Leaving ${unique()}`;
      const [row] = await database.db.insert(organizations).values({ name }).returning({ id: organizations.id });
      deletedOrganizationId = row!.id;
      return { params: { organizationId: deletedOrganizationId }, payload: { confirmName: name } };
    },
    entity: () => ({ type: 'organization', id: deletedOrganizationId }),
  },
  loadSampleData: {
    actor: 'administrator',
    replays:
      'the sample organization is built through the workspace’s own operations, as its sample accounts: their entries are the sample’s history',
    call: () => ({}),
    entity: (body) => {
      sampleOrganizationId = (body as { organization: { id: string } }).organization.id;
      return { type: 'organization', id: sampleOrganizationId };
    },
  },
  removeSampleData: {
    actor: 'administrator',
    call: () => ({}),
    entity: () => ({ type: 'organization', id: sampleOrganizationId }),
  },

  // Assistant plans and their review
  createPlan: {
    actor: 'clientOfA',
    call: () => ({ payload: { title: `Get SOC 2 ready ${unique()}` } }),
    entity: (body) => ({ type: 'plan', id: idOf(body) }),
  },
  addPlanStep: {
    actor: 'clientOfA',
    call: async () => ({ params: { id: (planId = (await plan('draft')).id) }, payload: { title: 'Build the risk register' } }),
    entity: () => ({ type: 'plan', id: planId }),
  },
  updatePlanStep: {
    actor: 'clientOfA',
    call: async () => {
      const draft = await plan('draft');
      planId = draft.id;
      return { params: { id: draft.id, stepId: draft.stepIds[0]! }, payload: { title: 'Write the security policy' } };
    },
    entity: () => ({ type: 'plan', id: planId }),
  },
  removePlanStep: {
    actor: 'clientOfA',
    call: async () => {
      const draft = await plan('draft');
      planId = draft.id;
      return { params: { id: draft.id, stepId: draft.stepIds[1]! } };
    },
    entity: () => ({ type: 'plan', id: planId }),
  },
  reorderPlanSteps: {
    actor: 'clientOfA',
    call: async () => {
      const draft = await plan('draft');
      planId = draft.id;
      return { params: { id: draft.id }, payload: { step_ids: [...draft.stepIds].reverse() } };
    },
    entity: () => ({ type: 'plan', id: planId }),
  },
  submitPlan: {
    actor: 'clientOfA',
    call: async () => ({ params: { id: (planId = (await plan('draft')).id) } }),
    entity: () => ({ type: 'plan', id: planId }),
  },
  decidePlan: {
    actor: 'administrator',
    call: async () => ({ params: { id: (planId = (await plan()).id) }, payload: { decision: 'approve', note: '' } }),
    entity: () => ({ type: 'plan', id: planId }),
  },

  // Workflows (writers)
  generateWorkflow: {
    actor: 'clientOfA',
    call: () => ({ payload: { title: 'Quarterly access review', description: 'Review who can reach production.' } }),
    entity: (body) => ({ type: 'workflow_template', id: idOf(body) }),
  },
  saveWorkflowVersion: {
    actor: 'clientOfA',
    call: async () => {
      workflowId = idOf(await setUp('clientOfA', 'POST', '/api/v1/workflows/generate', { title: 'Vendor onboarding' }));
      const saved = (await setUp('clientOfA', 'GET', `/api/v1/workflows/${workflowId}`)) as { nodes: unknown[]; edges: unknown[] };
      return { params: { id: workflowId }, payload: { nodes: saved.nodes, edges: saved.edges } };
    },
    // The entry names the lineage, which is the first version's id.
    entity: () => ({ type: 'workflow_template', id: workflowId }),
  },
  createWorkflowFromTemplate: {
    actor: 'staffOfA',
    call: () => ({ payload: { organizationId: orgA(), templateId: library.id } }),
    entity: (body) => ({ type: 'workflow', id: idOf(body) }),
  },
  updateOrganizationWorkflow: {
    actor: 'staffOfA',
    call: async () => ({ params: { workflowId: (workflowId = await seedWorkflow()) }, payload: graph }),
    entity: () => ({ type: 'workflow', id: workflowId }),
  },
  publishWorkflow: {
    actor: 'staffOfA',
    call: async () => {
      workflowId = await seedWorkflow();
      await setUp('staffOfA', 'PUT', `/api/v1/organization-workflows/${workflowId}`, graph);
      return { params: { workflowId } };
    },
    entity: () => ({ type: 'workflow', id: workflowId }),
  },
  updateWorkflowStatus: {
    actor: 'staffOfA',
    call: async () => ({ params: { workflowId: (workflowId = await seedWorkflow()) }, payload: { status: 'paused' } }),
    entity: () => ({ type: 'workflow', id: workflowId }),
  },
  startWorkflowRun: {
    actor: 'staffOfA',
    call: async () => ({ params: { workflowId: (workflowId = await seedWorkflow()) }, payload: { data: {} } }),
    entity: (body) => ({ type: 'workflow_run', id: idOf(body) }),
  },
  cancelWorkflowRun: {
    actor: 'staffOfA',
    call: async () => ({ params: { runId: (runId = (await seedRun()).runId) } }),
    entity: () => ({ type: 'workflow_run', id: runId }),
  },
  retryWorkflowRun: {
    actor: 'staffOfA',
    call: async () => ({ params: { runId: (runId = (await seedRun('failed')).runId) } }),
    entity: () => ({ type: 'workflow_run', id: runId }),
  },
  decideWorkflowApproval: {
    actor: 'staffOfA',
    call: async () => ({ params: { approvalId: (approvalId = (await seedRun()).approvalId) }, payload: { decision: 'approved' } }),
    entity: () => ({ type: 'workflow_approval', id: approvalId }),
  },
  updateOrganizationTimeZone: {
    actor: 'staffOfA',
    call: () => ({ payload: { organizationId: orgA(), timeZone: 'Europe/Berlin' } }),
    entity: () => ({ type: 'organization', id: orgA() }),
  },

  // Delivery: requests, drafts, agents
  createTaskRequest: {
    actor: 'clientOfA',
    call: () => ({
      payload: {
        title: 'Vendor security review of CloudPay',
        description: 'Read the supplier’s SOC 2 report before we sign.',
        department: 'risk',
        deadline: day(20),
        frameworks: ['SOC 2'],
      },
    }),
    entity: (body) => ({ type: 'task_request', id: idOf(body) }),
  },
  cancelTaskRequest: {
    actor: 'clientOfA',
    call: async () => ({ params: { id: (requestId = await seedTaskRequest()) } }),
    entity: () => ({ type: 'task_request', id: requestId }),
  },
  submitTaskRevision: {
    actor: 'clientOfA',
    call: async () => ({
      params: { id: (requestId = await seedTaskRequest('delivered')) },
      payload: { notes: 'Add the subprocessors in the EU and name the reviewer of each.' },
    }),
    entity: () => ({ type: 'task_request', id: requestId }),
  },
  retryTaskRequest: {
    actor: 'administrator',
    call: async () => ({ params: { id: (requestId = await seedTaskRequest('failed')) } }),
    entity: () => ({ type: 'task_request', id: requestId }),
  },
  createTaskComment: {
    actor: 'clientOfA',
    call: async () => ({ params: { id: (requestId = await seedTaskRequest()) }, payload: { body: 'A question about scope.' } }),
    entity: () => ({ type: 'task_request', id: requestId }),
  },
  createTaskRequestsFromPlan: {
    actor: 'clientOfA',
    call: async () => {
      const approved = await seedPlan(database.db, {
        subscriptionId: subscriptionOfA,
        userId: fixture.userIds.clientOfA,
        status: 'approved',
        steps: [
          { title: 'Write the information security policy', description: 'Cover access control.', category: 'policy' },
          { title: 'Build the risk register', description: 'Our top threats.', category: 'risk_assessment' },
        ],
      });
      planId = approved.id;
      return { params: { planId } };
    },
    entity: () => ({ type: 'plan', id: planId }),
  },
  uploadTaskAttachment: {
    actor: 'clientOfA',
    call: () => ({
      query: `fileName=scope.txt&organizationId=${orgA()}`,
      payload: Buffer.from('The scope of the review.\n'),
      headers: { 'content-type': 'text/plain' },
    }),
    entity: (body) => ({ type: 'task_attachment', id: idOf(body) }),
  },
  reviseOutput: {
    actor: 'administrator',
    call: async () => ({
      params: { outputId: (outputId = await seedDraft()) },
      payload: { body: '# Access control\n\nAccess is granted by role and reviewed every quarter.\n' },
    }),
    entity: (body) => ({ type: 'ai_output', id: (body as { output: { id: string } }).output.id }),
  },
  decideOutput: {
    actor: 'administrator',
    call: async () => ({
      params: { outputId: (outputId = await seedDraft()) },
      payload: {
        decision: 'approved',
        notes: '',
        scores: { accuracy: 90, completeness: 80, framework_alignment: 85, timeliness: 95 },
        issues: [],
      },
    }),
    entity: () => ({ type: 'ai_output', id: outputId }),
  },
  updateAgentStatus: {
    actor: 'administrator',
    call: () => ({ params: { agentId: 'policy-drafter' }, payload: { status: 'standby' } }),
    entity: () => ({ type: 'agent', id: 'policy-drafter' }),
  },

  // The programme: frameworks, controls, evidence, risks, registers
  activateFramework: {
    actor: 'staffOfA',
    call: () => ({ params: { frameworkId: 'soc2' }, payload: { organizationId: orgA() } }),
    entity: () => ({ type: 'framework', id: 'soc2' }),
  },
  deactivateFramework: {
    actor: 'staffOfA',
    call: async () => {
      await setUp('staffOfA', 'PUT', '/api/v1/frameworks/iso27001/activation', { organizationId: orgA() });
      return { params: { frameworkId: 'iso27001' }, query: `organizationId=${orgA()}` };
    },
    entity: () => ({ type: 'framework', id: 'iso27001' }),
  },
  updateControl: {
    actor: 'staffOfA',
    call: () => ({ params: { controlId: 'IAM-02' }, payload: { organizationId: orgA(), status: 'in_progress' } }),
    entity: () => ({ type: 'control', id: 'IAM-02' }),
  },
  createEvidenceLink: {
    actor: 'staffOfA',
    call: () => ({ payload: { organizationId: orgA(), title: 'Status page', controlIds: ['GOV-01'], url: 'https://status.example.com' } }),
    entity: (body) => ({ type: 'evidence', id: idOf(body) }),
  },
  uploadEvidence: {
    actor: 'staffOfA',
    call: () => {
      const upload = evidenceUpload(
        { organizationId: orgA(), title: 'Backup restore test', controlIds: ['GOV-01'] },
        { name: 'restore.txt', bytes: Buffer.from('restored') },
      );
      return { payload: upload.payload, headers: upload.headers };
    },
    entity: (body) => ({ type: 'evidence', id: idOf(body) }),
  },
  updateEvidence: {
    actor: 'staffOfA',
    call: async () => ({ params: { evidenceId: (evidenceId = await evidenceLink()) }, payload: { description: 'Checked again.' } }),
    entity: () => ({ type: 'evidence', id: evidenceId }),
  },
  deleteEvidence: {
    actor: 'staffOfA',
    call: async () => ({ params: { evidenceId: (evidenceId = await evidenceLink()) } }),
    entity: () => ({ type: 'evidence', id: evidenceId }),
  },
  signOffEvidence: {
    actor: 'staffOfA',
    call: async () => ({ params: { evidenceId: (evidenceId = await evidenceLink('administrator')) } }),
    entity: () => ({ type: 'evidence', id: evidenceId }),
  },
  createQuestionnaire: {
    actor: 'staffOfA',
    call: () => {
      const upload = evidenceUpload(
        { organizationId: orgA() },
        { name: 'review.csv', bytes: Buffer.from('Question,Answer\nDo you encrypt data at rest?,\n') },
      );
      return { payload: upload.payload, headers: upload.headers };
    },
    entity: (body) => ({ type: 'questionnaire', id: idOf(body) }),
  },
  answerQuestionnaire: {
    actor: 'staffOfA',
    call: async () => ({ params: { questionnaireId: (questionnaireId = await seedQuestionnaire()) }, payload: {} }),
    entity: () => ({ type: 'questionnaire', id: questionnaireId }),
  },
  updateQuestionnaireAnswer: {
    actor: 'staffOfA',
    call: async () => ({
      params: { questionnaireId: (questionnaireId = await seedQuestionnaire()) },
      payload: { action: 'acceptHighConfidence' },
    }),
    entity: () => ({ type: 'questionnaire', id: questionnaireId }),
  },
  createRisk: {
    actor: 'staffOfA',
    call: () => ({
      payload: {
        organizationId: orgA(),
        title: 'Key person leaves',
        category: 'operational',
        likelihood: 2,
        impact: 4,
        treatment: 'accept',
      },
    }),
    entity: (body) => ({ type: 'risk', id: idOf(body) }),
  },
  updateRisk: {
    actor: 'staffOfA',
    call: async () => ({ params: { riskId: (riskId = await riskOfA()) }, payload: { treatmentPlan: 'Add a second region.' } }),
    entity: () => ({ type: 'risk', id: riskId }),
  },
  createVendor: {
    actor: 'staffOfA',
    call: () => ({ payload: { organizationId: orgA(), name: 'Mail relay', tier: 3, dataCategories: ['personal'] } }),
    entity: (body) => ({ type: 'vendor', id: idOf(body) }),
  },
  updateVendor: {
    actor: 'staffOfA',
    call: async () => ({ params: { vendorId: (vendorId = await vendorOfA()) }, payload: { status: 'in_review' } }),
    entity: () => ({ type: 'vendor', id: vendorId }),
  },
  sendVendorQuestionnaire: {
    actor: 'staffOfA',
    call: async () => ({ params: { vendorId: await vendorOfA() }, payload: { contactEmail: 'security@payroll.example' } }),
    entity: (body) => ({ type: 'vendor_questionnaire', id: idOf(body) }),
  },
  uploadVendorDocument: {
    actor: 'staffOfA',
    call: async () => {
      const upload = evidenceUpload({}, { name: 'soc2.pdf', bytes: Buffer.from('%PDF-1.7 not really') });
      return { params: { vendorId: (vendorId = await vendorOfA()) }, payload: upload.payload, headers: upload.headers };
    },
    entity: (body) => ({ type: 'vendor_document', id: idOf(body) }),
  },
  confirmVendorDocumentExtraction: {
    actor: 'staffOfA',
    // Many rows (the document, CUEC requirements, a finding, the vendor's residual risk, task requests): one entry naming the document.
    call: async () => {
      const { documentId, body } = await readVendorDocumentOfA();
      return { params: { vendorId, documentId: (vendorDocumentId = documentId) }, payload: body };
    },
    entity: () => ({ type: 'vendor_document', id: vendorDocumentId }),
  },
  importRegister: {
    actor: 'staffOfA',
    call: async () => {
      const { ref } = (await setUp('staffOfA', 'GET', `/api/v1/risks/${await riskOfA()}`)) as { ref: string };
      return {
        params: { register: 'risks' },
        payload: {
          organizationId: orgA(),
          csv: `Ref,Title\n${ref},Supplier outage renamed`,
          mapping: { Ref: 'ref', Title: 'title' },
          dryRun: false,
        },
      };
    },
    entity: () => ({ type: 'register', id: 'risks' }),
  },

  // Integrations (docs/integrations.md)
  createApiKey: {
    actor: 'administrator',
    call: () => ({ payload: { organizationId: orgA(), name: `Key ${unique()}`, scopes: { evidence: 'read' } } }),
    entity: (body) => ({ type: 'api_key', id: idOf(body) }),
  },
  revokeApiKey: {
    actor: 'administrator',
    call: async () => {
      const created = await setUp('administrator', 'POST', '/api/v1/integrations/api-keys', {
        organizationId: orgA(),
        name: `Key ${unique()}`,
        scopes: {},
      });
      apiKeyId = idOf(created);
      return { params: { apiKeyId } };
    },
    entity: () => ({ type: 'api_key', id: apiKeyId }),
  },
  // SCIM provisioning's token (docs/scim.md).
  rotateScimToken: {
    actor: 'administrator',
    call: () => ({ payload: { organizationId: orgA() } }),
    entity: () => ({ type: 'scim_token', id: orgA() }),
  },
  revokeScimToken: {
    actor: 'administrator',
    call: async () => {
      await setUp('administrator', 'POST', '/api/v1/integrations/scim/token', { organizationId: orgA() });
      return { payload: { organizationId: orgA() } };
    },
    entity: () => ({ type: 'scim_token', id: orgA() }),
  },
  // SAML single sign-on's settings (docs/auth.md "SAML SSO"): the metadata is read, not its certificate.
  updateSsoSettings: {
    actor: 'administrator',
    call: () => ({
      payload: {
        organizationId: orgA(),
        domains: [`sso-${unique()}.example`],
        metadataXml: `<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" xmlns:ds="http://www.w3.org/2000/09/xmldsig#" entityID="https://idp.example/${unique()}"><md:IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol"><md:KeyDescriptor use="signing"><ds:KeyInfo><ds:X509Data><ds:X509Certificate>MIIB</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor><md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="https://idp.example/sso"/></md:IDPSSODescriptor></md:EntityDescriptor>`,
      },
    }),
    entity: () => ({ type: 'sso_settings', id: orgA() }),
  },
  createWebhook: {
    actor: 'administrator',
    call: () => ({ payload: { organizationId: orgA(), url: 'http://127.0.0.1:9/compliance', events: ['member.added'] } }),
    entity: (body) => ({ type: 'webhook', id: idOf(body) }),
  },
  updateWebhook: {
    actor: 'administrator',
    call: async () => ({ params: { webhookId: (webhookId = await webhook()) }, payload: { enabled: false } }),
    entity: () => ({ type: 'webhook', id: webhookId }),
  },
  redeliverWebhookDelivery: {
    actor: 'administrator',
    call: async () => {
      webhookId = await webhook();
      const [delivery] = await all((tx) =>
        tx
          .insert(webhookDeliveries)
          .values({
            organizationId: orgA(),
            webhookId,
            eventId: randomUUID(),
            eventType: 'member.added',
            event: {
              id: randomUUID(),
              type: 'member.added',
              organizationId: orgA(),
              entityId: 'member-1',
              occurredAt: new Date().toISOString(),
              data: {},
            },
            status: 'failed',
          })
          .returning({ id: webhookDeliveries.id }),
      );
      deliveryId = delivery!.id;
      return { params: { webhookId, deliveryId } };
    },
    entity: () => ({ type: 'webhook_delivery', id: deliveryId }),
  },

  // The audit (docs/audit.md)
  createEngagement: {
    actor: 'administrator',
    call: () => ({ payload: engagementInput() }),
    entity: (body) => ({ type: 'engagement', id: idOf(body) }),
  },
  uploadSamplePopulation: {
    actor: 'administrator',
    call: async () => ({ params: { engagementId: await engagement() }, payload: { name: 'Leavers', csv: 'id\n1\n2\n' } }),
    entity: (body) => ({ type: 'audit_sample', id: idOf(body) }),
  },
  drawSample: {
    actor: 'auditor',
    call: async () => {
      const id = await engagement();
      sampleId = idOf(
        await setUp('administrator', 'POST', `/api/v1/engagements/${id}/samples`, { name: 'New hires', csv: 'id\n1\n2\n3\n' }),
      );
      return { params: { engagementId: id, sampleId }, payload: { sampleSize: 1 } };
    },
    entity: () => ({ type: 'audit_sample', id: sampleId }),
  },
  addAuditRequest: {
    actor: 'auditor',
    call: async () => ({ params: { engagementId: await engagement() }, payload: { title: 'Board minutes' } }),
    entity: (body) => ({ type: 'audit_request', id: idOf(body) }),
  },
  decideAuditRequest: {
    actor: 'auditor',
    call: async () => ({
      params: { engagementId: await engagement(), requestId: (auditRequestId = await auditRequest()) },
      payload: { decision: 'request_resubmission', comment: 'Please send the signed version.' },
    }),
    entity: () => ({ type: 'audit_request', id: auditRequestId }),
  },
  respondAuditRequest: {
    actor: 'auditor',
    call: async () => ({
      params: { engagementId: await engagement(), requestId: (auditRequestId = await auditRequest()) },
      payload: { body: 'A question about the sample.' },
    }),
    entity: () => ({ type: 'audit_request', id: auditRequestId }),
  },
  createTaskFromAuditRequest: {
    actor: 'administrator',
    call: async () => {
      const id = await engagement();
      auditRequestId = await auditRequest();
      await setUp('auditor', 'POST', `/api/v1/engagements/${id}/requests/${auditRequestId}/decision`, {
        decision: 'request_resubmission',
        comment: 'Please send the signed version.',
      });
      return { params: { engagementId: id, requestId: auditRequestId } };
    },
    entity: () => ({ type: 'audit_request', id: auditRequestId }),
  },

  // Support (docs/support.md)
  createSupportRequest: {
    actor: 'clientOfA',
    call: () => ({
      payload: {
        subject: 'Cannot export the risk register',
        category: 'technical_problem',
        priority: 'urgent',
        message: 'The export button does nothing since this morning.',
      },
    }),
    entity: (body) => ({ type: 'support_request', id: idOf(body) }),
  },
  replyToSupportRequest: {
    actor: 'clientOfA',
    call: async () => ({ params: { id: (supportId = await supportRequest()) }, payload: { body: 'It works again, thank you.' } }),
    entity: () => ({ type: 'support_request', id: supportId }),
  },
  updateSupportRequestStatus: {
    actor: 'administrator',
    call: async () => ({ params: { id: (supportId = await supportRequest()) }, payload: { status: 'resolved' } }),
    entity: () => ({ type: 'support_request', id: supportId }),
  },
  uploadSupportAttachment: {
    actor: 'clientOfA',
    call: () => ({
      query: 'fileName=screenshot.txt',
      payload: Buffer.from('what the screen showed'),
      headers: { 'content-type': 'text/plain' },
    }),
    entity: (body) => ({ type: 'support_attachment', id: idOf(body) }),
  },
  updateTrustCenter: {
    actor: 'staffOfA',
    call: () => ({ payload: trustSettings(`walk-${unique()}`, []) }),
    entity: () => ({ type: 'trust_center', id: orgA() }),
  },
  uploadTrustDocument: {
    actor: 'staffOfA',
    call: () => ({
      query: `fileName=overview.txt&organizationId=${orgA()}`,
      payload: Buffer.from('How we keep your data safe.'),
      headers: { 'content-type': 'text/plain' },
    }),
    entity: (body) => ({ type: 'trust_document', id: idOf(body) }),
  },
  addTrustDocument: {
    actor: 'staffOfA',
    call: async () => ({
      payload: { organizationId: orgA(), source: 'evidence', sourceId: await reviewedEvidenceFile(), visibility: 'public' },
    }),
    entity: (body) => ({ type: 'trust_document', id: idOf(body) }),
  },
  decideTrustAccess: {
    actor: 'staffOfA',
    call: async () => ({ params: { id: (trustRequestId = await trustAccessRequest()) }, payload: { decision: 'denied' } }),
    entity: () => ({ type: 'trust_access_request', id: trustRequestId }),
  },
};

// ---- Trust center (docs/trust-center.md) ----------------------------------------------------------

let trustRequestId = '';
const trustSettings = (slug: string, documents: { id: string; title: string; visibility: 'restricted' }[]) => ({
  organizationId: orgA(),
  enabled: true,
  slug,
  frameworkIds: [],
  controlDomains: [],
  autoApproveDomains: [],
  ndaText: 'Keep it confidential.',
  accessDays: 7,
  documents,
});

/** An evidence file of organization A, uploaded by the administrator and signed off by staff. */
async function reviewedEvidenceFile(): Promise<string> {
  const upload = evidenceUpload(
    { organizationId: orgA(), title: 'Penetration test summary', controlIds: ['GOV-01'] },
    { name: 'pentest.txt', bytes: Buffer.from('No critical findings.') },
  );
  const uploaded = await app.inject({
    method: 'POST',
    url: '/api/v1/evidence',
    headers: { authorization: `Bearer ${token('administrator')}`, ...upload.headers },
    payload: upload.payload,
  });
  if (uploaded.statusCode !== 201) throw new Error(`set-up evidence upload: ${uploaded.statusCode} ${uploaded.body}`);
  const id = idOf(uploaded.json());
  await setUp('staffOfA', 'POST', `/api/v1/evidence/${id}/sign-off`);
  return id;
}

/** A prospect's pending request for a restricted document on organization A's trust center. */
async function trustAccessRequest(): Promise<string> {
  const uploaded = await app.inject({
    method: 'POST',
    url: `/api/v1/trust-center/documents?fileName=soc2.txt&organizationId=${orgA()}`,
    headers: { authorization: `Bearer ${token('staffOfA')}`, 'content-type': 'text/plain' },
    payload: Buffer.from('SOC 2 Type II report'),
  });
  const documentId = idOf(uploaded.json());
  const slug = `walk-${unique()}`;
  await setUp(
    'staffOfA',
    'PUT',
    '/api/v1/trust-center',
    trustSettings(slug, [{ id: documentId, title: 'SOC 2', visibility: 'restricted' }]),
  );
  const requested = await app.inject({
    method: 'POST',
    url: `/api/v1/trust-centers/${slug}/access-requests`,
    payload: { documentId, name: 'Pat Prospect', email: 'pat@prospect.example', company: 'Prospect Co', ndaAccepted: true },
  });
  if (requested.statusCode !== 201) throw new Error(`set-up access request: ${requested.statusCode} ${requested.body}`);
  return idOf(requested.json());
}

// Ids a walk's set-up makes and its entity names.
let deletedUserId = '';
let dsarId = '';
let removedMemberId = '';
let memberEmail = '';
const memberIdOf = (body: unknown, email: string) =>
  (body as { members: { id: string; email: string | null }[] }).members.find((member) => member.email === email)?.id ?? '';
let deletedOrganizationId = '';
let planId = '';
let workflowId = '';
let runId = '';
let approvalId = '';
let requestId = '';
let outputId = '';
let evidenceId = '';
let riskId = '';
let vendorId = '';
let vendorDocumentId = '';
let apiKeyId = '';
let webhookId = '';
let deliveryId = '';
let sampleId = '';
let auditRequestId = '';
let supportId = '';
let questionnaireId = '';

interface DocumentedOperation {
  operationId: string;
  method: string;
  path: string;
}
let mutating: DocumentedOperation[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'trail-walk-'));
  app = await buildApp({
    database,
    env: parseEnv({ NODE_ENV: 'test', JOB_WORKERS: 'off', DATA_DIR: dataDir, WEBHOOK_ALLOW_PRIVATE_TARGETS: '1' }),
  });
  await app.ready();
  fixture = await createTenantFixture(app, database);
  await grantRole(database.db, {
    userId: fixture.userIds.administrator,
    role: 'administrator',
    isApprover: true,
    isIntegrationAdmin: true,
    isDataAiAdmin: true,
  });
  buyer = await createTestUser(app);
  auditor = await createTestUser(app);
  await ensureProfile(database.db, { userId: auditor.userId, userType: 'staff' });
  await grantRole(database.db, { userId: auditor.userId, role: 'auditor' });
  subscriptionOfA = await seedSubscription(database.db, { userId: fixture.userIds.clientOfA, organizationId: orgA() });
  await seedTestControls(database.db);
  await addProgrammeControls(database.db, orgA(), ['GOV-01', 'IAM-02']);
  const document = app.swagger() as { paths: Record<string, Record<string, { operationId?: string }>> };
  mutating = Object.entries(document.paths)
    .filter(([documentedPath]) => /^\/(api|functions)\/v1\//.test(documentedPath))
    .flatMap(([documentedPath, methods]) =>
      Object.entries(methods)
        .filter(([method]) => ['post', 'put', 'patch', 'delete'].includes(method))
        .map(([method, operation]) => ({ operationId: operation.operationId ?? '', method: method.toUpperCase(), path: documentedPath })),
    );
}, 120_000);
afterAll(async () => {
  await app?.close();
  await database?.dispose();
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

function urlOf(operation: DocumentedOperation, call: WalkCall): string {
  const filled = operation.path.replace(/\{(\w+)\}/g, (_match, name: string) => {
    const value = call.params?.[name];
    if (value === undefined) throw new Error(`${operation.operationId}: no value for path parameter ${name}`);
    return encodeURIComponent(value);
  });
  return call.query ? `${filled}?${call.query}` : filled;
}

describe('the trail walk: every mutating operation leaves exactly one audit entry', () => {
  it('classifies every mutating operation of the document: walked, or exempt with a reason', () => {
    const ids = mutating.map((operation) => operation.operationId);
    expect(ids.length).toBeGreaterThan(70);
    const lists = [WALKS, NO_TRAIL, WALKED_ELSEWHERE];
    expect(
      ids.filter((id) => !lists.some((list) => id in list)),
      'unclassified: add a walk, or a NO_TRAIL reason',
    ).toEqual([]);
    expect(
      ids.filter((id) => lists.filter((list) => id in list).length > 1),
      'classified twice',
    ).toEqual([]);
    const stale = lists.flatMap((list) => Object.keys(list)).filter((id) => !ids.includes(id));
    expect(stale, 'listed but no longer documented').toEqual([]);
  });

  for (const [operationId, walk] of Object.entries(WALKS)) {
    it(operationId, async () => {
      const operation = mutating.find((candidate) => candidate.operationId === operationId);
      if (!operation) throw new Error(`${operationId} is not in the document`);
      const call = await walk.call();
      const before = (await all((tx) => tx.select({ id: auditEvents.id }).from(auditEvents))).map((row) => row.id);
      const response = await app.inject({
        method: operation.method as InjectOptions['method'],
        url: urlOf(operation, call),
        headers: { authorization: `Bearer ${token(walk.actor)}`, 'user-agent': 'trail-walk', ...call.headers },
        ...(call.payload === undefined ? {} : { payload: call.payload }),
      });
      expect(response.statusCode, `${operation.method} ${operation.path}: ${response.body.slice(0, 300)}`).toBeGreaterThanOrEqual(200);
      expect(response.statusCode, `${operation.method} ${operation.path}: ${response.body.slice(0, 300)}`).toBeLessThan(300);
      const entity = await walk.entity(response.body ? (response.json() as unknown) : undefined);
      const added = await all((tx) =>
        tx
          .select({
            action: auditEvents.action,
            organizationId: auditEvents.organizationId,
            actorId: auditEvents.actorId,
            entityType: auditEvents.entityType,
            entityId: auditEvents.entityId,
          })
          .from(auditEvents)
          .where(before.length > 0 ? notInArray(auditEvents.id, before) : undefined),
      );
      const actor = userId(walk.actor);
      const own = walk.replays ? added.filter((row) => row.actorId === actor) : added;
      if (walk.replays) {
        const replayed = added.filter((row) => row.actorId !== actor);
        expect(replayed.length, walk.replays).toBeGreaterThan(0);
        expect(
          replayed.filter((row) => row.organizationId !== entity.id),
          walk.replays,
        ).toEqual([]);
      }
      const named = own.map(({ actorId, entityType, entityId }) => ({ actorId, entityType, entityId }));
      const expected = [{ actorId: actor, entityType: entity.type, entityId: entity.id }];
      expect(named, `${operationId} left ${JSON.stringify(added)}`).toEqual(expected);
    });
  }
});
