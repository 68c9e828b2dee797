import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readJson } from '../../../../tests/read-response.ts';
import {
  createTenantFixture,
  type TenantActor,
  type TenantFixture,
  type TenantOrg,
  tenantErrorOf,
} from '../../../../tests/tenant-fixture.ts';
import { createTestDatabase, type TestDatabase } from '../../../../tests/test-database.ts';
import {
  acknowledgementReceiptSchema,
  type AttestationCampaignDetail,
  attestationCampaignDetailSchema,
  attestationCampaignListSchema,
  attestationInvitationSchema,
} from '../../../shared/schemas/attestations.ts';
import { personListSchema } from '../../../shared/schemas/people.ts';
import { type PolicyDetail, policyDetailSchema, policyListSchema } from '../../../shared/schemas/policies.ts';
import { importResultSchema } from '../../../shared/schemas/registers.ts';
import { buildApp } from '../../app.ts';
import { attestationRecipients } from '../../db/schema/attestations.ts';
import { auditEvents } from '../../db/schema/audit.ts';
import { evidence, evidenceControls } from '../../db/schema/evidence.ts';
import { outboundEmails } from '../../db/schema/mail.ts';
import { people } from '../../db/schema/people.ts';
import { taskRequests } from '../../db/schema/task-requests.ts';
import type { Jobs } from '../../platform/jobs/job-types.ts';
import { withTenant } from '../../platform/tenancy/tenant.ts';
import { runAttestationReminders } from '../attestations/attestation-reminders.ts';
import { addProgrammeControls, seedTestControls } from '../evidence/programme-test-fixture.ts';
import { deactivatePerson, findPersonByEmail } from '../people/people-records.ts';
import { runPolicyReviewClock } from './policy-review-clock.ts';
import { type SeededRequest, publishApprovedOutput, submitSeededRequest } from '../../../../tests/task-request-fixture.ts';

/**
 * Issue 37 items 1–3 through the real routes on a real database: the policy center (publishing from an
 * approved deliverable, versions, the review clock), the people roster (CSV import with its dry run,
 * filters), and attestation campaigns (links, acknowledgements, reminders, leavers, completion per
 * policy and department, evidence on the mapped controls), with tenancy and bad input.
 */

let database: TestDatabase;
let app: FastifyInstance;
let fixture: TenantFixture;
const enqueued: string[] = [];
const recordingJobs: Jobs = {
  async enqueue(_tx, name) {
    enqueued.push(name);
    return null;
  },
};
const system = { kind: 'all', userId: null } as const;
const asSystem = <T>(work: Parameters<typeof withTenant<T>>[2]) => withTenant(database.db, system, work);
const call = (actor: TenantActor, method: 'GET' | 'POST', url: string, payload?: object) =>
  app.inject({ method, url, headers: { authorization: `Bearer ${fixture.tokens[actor]}` }, ...(payload ? { payload } : {}) });
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** A policy request whose deliverable is pending (submitted, not yet approved). */
const submitPolicyRequest = (org: TenantOrg, title: string): Promise<SeededRequest> =>
  submitSeededRequest(database.db, recordingJobs, {
    organizationId: fixture.orgs[org].id,
    requestedBy: fixture.userIds[org === 'a' ? 'clientOfA' : 'clientOfB'],
    title,
  });

/** An output of the request approved and published as the deliverable's next version (the review's outcome). */
const approve = async (seeded: SeededRequest, version: number, body: string): Promise<void> => {
  await publishApprovedOutput(database.db, seeded, { version, body, publishedBy: fixture.userIds.staffOfA });
};

async function auditActions(entityId: string): Promise<string[]> {
  const rows = await asSystem((tx) =>
    tx.select({ action: auditEvents.action }).from(auditEvents).where(eq(auditEvents.entityId, entityId)),
  );
  return rows.map((row) => row.action);
}

/** The token of the latest mail of `kind` to `email` (only the mail carries it). */
async function tokenOf(email: string, kind = 'attestation.invitation'): Promise<string> {
  const mails = await asSystem((tx) =>
    tx
      .select({ text: outboundEmails.textBody, id: outboundEmails.id })
      .from(outboundEmails)
      .where(and(eq(outboundEmails.toAddress, email), eq(outboundEmails.kind, kind))),
  );
  const text = mails.at(-1)?.text ?? '';
  const token = /#token=([A-Za-z0-9_-]+)/.exec(text)?.[1];
  if (!token) throw new Error(`no ${kind} mail to ${email}`);
  return token;
}

const acknowledge = (token: string, policyId: string, version: number) =>
  app.inject({ method: 'POST', url: '/api/v1/attestation/acknowledgements', payload: { token, policyId, version } });

let security: PolicyDetail;
let acceptableUse: PolicyDetail;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({ database });
  fixture = await createTenantFixture(app, database);
  await seedTestControls(database.db);
  await addProgrammeControls(database.db, fixture.orgs.a.id, ['GOV-01', 'IAM-02']);
}, 240_000);
afterAll(async () => {
  await app?.close();
  await database?.dispose();
});

describe('policy center', () => {
  let securityRequest: { deliverableId: string; taskRequestId: string };

  it('refuses to publish a policy deliverable nobody approved yet (409 POLICY_NOT_APPROVED)', async () => {
    securityRequest = await submitPolicyRequest('a', 'Information security policy');
    const response = await call('clientOfA', 'POST', '/api/v1/policies', {
      deliverableId: securityRequest.deliverableId,
      ownerId: fixture.userIds.clientOfA,
      effectiveDate: day(0),
      reviewDate: day(365),
    });
    expect(response.statusCode, response.body).toBe(409);
    expect(tenantErrorOf(response.body).code).toBe('POLICY_NOT_APPROVED');
  });

  it('publishes the approved text as POL-001 version 1 with its owner, dates and controls, on the trail', async () => {
    await approve(securityRequest, 1, '# Information security policy\n\nVersion one.');
    const response = await call('clientOfA', 'POST', '/api/v1/policies', {
      deliverableId: securityRequest.deliverableId,
      ownerId: fixture.userIds.clientOfA,
      effectiveDate: day(0),
      reviewDate: day(365),
      controlIds: ['GOV-01', 'IAM-02'],
    });
    expect(response.statusCode, response.body).toBe(201);
    security = readJson(response, policyDetailSchema);
    expect(security).toMatchObject({
      ref: 'POL-001',
      currentVersion: 1,
      effectiveDate: day(0),
      reviewDate: day(365),
      isReviewDue: false,
      controlIds: ['GOV-01', 'IAM-02'],
      body: '# Information security policy\n\nVersion one.',
    });
    expect(security.versions).toHaveLength(1);
    expect(await auditActions(security.id)).toContain('policy.publish');
  });

  it('a change needs a newly approved version: the same deliverable version again is 409 POLICY_UNCHANGED', async () => {
    const again = await call('clientOfA', 'POST', '/api/v1/policies', {
      policyId: security.id,
      deliverableId: securityRequest.deliverableId,
      ownerId: fixture.userIds.clientOfA,
      effectiveDate: day(0),
      reviewDate: day(365),
    });
    expect(again.statusCode, again.body).toBe(409);
    expect(tenantErrorOf(again.body).code).toBe('POLICY_UNCHANGED');
    const twice = await call('clientOfA', 'POST', '/api/v1/policies', {
      deliverableId: securityRequest.deliverableId,
      ownerId: fixture.userIds.clientOfA,
      effectiveDate: day(0),
      reviewDate: day(365),
    });
    expect(tenantErrorOf(twice.body).code).toBe('POLICY_UNCHANGED');
  });

  it('publishes the next approved version as version 2 and keeps version 1', async () => {
    await approve(securityRequest, 2, '# Information security policy\n\nVersion two.');
    // Not as a second policy: the deliverable is POL-001's.
    const asNew = await call('clientOfA', 'POST', '/api/v1/policies', {
      deliverableId: securityRequest.deliverableId,
      ownerId: fixture.userIds.clientOfA,
      effectiveDate: day(1),
      reviewDate: day(400),
    });
    expect(asNew.statusCode, asNew.body).toBe(409);
    expect(tenantErrorOf(asNew.body)).toMatchObject({ code: 'CONFLICT', message: expect.stringContaining('POL-001') });
    const response = await call('clientOfA', 'POST', '/api/v1/policies', {
      policyId: security.id,
      deliverableId: securityRequest.deliverableId,
      ownerId: fixture.userIds.staffOfA,
      effectiveDate: day(1),
      reviewDate: day(400),
      changeSummary: 'Clarified scope',
    });
    expect(response.statusCode, response.body).toBe(201);
    security = readJson(response, policyDetailSchema);
    expect(security).toMatchObject({
      currentVersion: 2,
      ownerId: fixture.userIds.staffOfA,
      body: '# Information security policy\n\nVersion two.',
    });
    expect(security.controlIds).toEqual(['GOV-01', 'IAM-02']);
    expect(security.versions.map((version) => [version.version, version.deliverableVersion, version.changeSummary])).toEqual([
      [2, 2, 'Clarified scope'],
      [1, 1, ''],
    ]);
  });

  it('refuses bad input: a review date before the effective date, a deliverable of another kind, an owner from outside', async () => {
    const aup = await submitPolicyRequest('a', 'Acceptable use policy');
    await approve(aup, 1, '# Acceptable use\n\nBe nice.');
    const backwards = await call('clientOfA', 'POST', '/api/v1/policies', {
      deliverableId: aup.deliverableId,
      ownerId: fixture.userIds.clientOfA,
      effectiveDate: day(10),
      reviewDate: day(5),
    });
    expect(backwards.statusCode).toBe(400);
    const outsider = await call('clientOfA', 'POST', '/api/v1/policies', {
      deliverableId: aup.deliverableId,
      ownerId: fixture.userIds.clientOfB,
      effectiveDate: day(0),
      reviewDate: day(30),
    });
    expect(outsider.statusCode).toBe(400);
    // Published with a review date already past: the clock opens its review task below.
    const published = await call('clientOfA', 'POST', '/api/v1/policies', {
      deliverableId: aup.deliverableId,
      ownerId: fixture.userIds.clientOfA,
      effectiveDate: day(-400),
      reviewDate: day(-1),
      controlIds: ['GOV-01'],
    });
    expect(published.statusCode, published.body).toBe(201);
    acceptableUse = readJson(published, policyDetailSchema);
    expect(acceptableUse).toMatchObject({ ref: 'POL-002', isReviewDue: true });
  });

  it('keeps organizations apart: another organization’s policy and deliverable are 404, its list empty', async () => {
    const theirs = await submitPolicyRequest('b', 'B security policy');
    await approve(theirs, 1, '# B');
    const cross = await call('clientOfA', 'POST', '/api/v1/policies', {
      deliverableId: theirs.deliverableId,
      ownerId: fixture.userIds.clientOfA,
      effectiveDate: day(0),
      reviewDate: day(30),
    });
    expect(cross.statusCode).toBe(404);
    expect((await call('clientOfB', 'GET', `/api/v1/policies/${security.id}`)).statusCode).toBe(404);
    const newVersionOfTheirs = await call('clientOfB', 'POST', '/api/v1/policies', {
      policyId: security.id,
      deliverableId: theirs.deliverableId,
      ownerId: fixture.userIds.clientOfB,
      effectiveDate: day(0),
      reviewDate: day(30),
    });
    expect(newVersionOfTheirs.statusCode).toBe(404);
    expect(readJson(await call('clientOfB', 'GET', '/api/v1/policies'), policyListSchema).policies).toEqual([]);
    const ours = readJson(await call('clientOfA', 'GET', '/api/v1/policies'), policyListSchema);
    expect(ours.policies.map((policy) => policy.ref)).toEqual(['POL-001', 'POL-002']);
    const due = readJson(await call('clientOfA', 'GET', '/api/v1/policies?reviewDue=true'), policyListSchema);
    expect(due.policies.map((policy) => policy.ref)).toEqual(['POL-002']);
  });

  it('the review clock opens one review task per review date that came', async () => {
    expect(await runPolicyReviewClock(database.db, recordingJobs)).toEqual({ opened: 1 });
    expect(await runPolicyReviewClock(database.db, recordingJobs)).toEqual({ opened: 0 });
    const detail = readJson(await call('clientOfA', 'GET', `/api/v1/policies/${acceptableUse.id}`), policyDetailSchema);
    expect(detail.reviewTaskId).not.toBeNull();
    const [task] = await asSystem((tx) =>
      tx
        .select({ source: taskRequests.source, title: taskRequests.title })
        .from(taskRequests)
        .where(eq(taskRequests.id, detail.reviewTaskId ?? '')),
    );
    expect(task).toEqual({ source: 'policy_review', title: 'Review policy POL-002: Acceptable use policy' });
    expect(await auditActions(acceptableUse.id)).toContain('policy.review_due');
  });
});

describe('people roster', () => {
  const csv = [
    'Email,Full name,Team,Manager,Start,Status',
    'Dana.Lead@example.com,Dana Lead,Legal,,2024-01-01,active',
    'lee@example.com,Lee Counsel,Legal,dana.lead@example.com,2024-02-01,active',
    'max@example.com,Max Paralegal,Legal,dana.lead@example.com,2024-03-01,active',
  ].join('\n');
  const mapping = {
    Email: 'email',
    'Full name': 'name',
    Team: 'department',
    Manager: 'managerEmail',
    Start: 'startDate',
    Status: 'status',
  };

  it('a dry run shows each row and writes nothing; an error row stops a real run', async () => {
    const bad = `${csv}\nnot-an-address,Nobody,Legal,,2024-01-01,active\nann@example.com,Ann,Legal,ghost@example.com,2024-01-01,active`;
    const dry = readJson(await call('clientOfA', 'POST', '/api/v1/people/import', { csv: bad, mapping }), importResultSchema);
    expect(dry).toMatchObject({
      register: 'people',
      dryRun: true,
      applied: false,
      summary: { create: 3, update: 0, unchanged: 0, error: 2 },
    });
    expect(dry.rows[1]).toMatchObject({
      key: 'lee@example.com',
      action: 'create',
      changes: { managerEmail: [null, 'dana.lead@example.com'] },
    });
    expect(dry.rows[4]?.errors).toEqual(['Manager ghost@example.com is neither on the roster nor in this file']);
    const refused = readJson(
      await call('clientOfA', 'POST', '/api/v1/people/import', { csv: bad, mapping, dryRun: false }),
      importResultSchema,
    );
    expect(refused.applied).toBe(false);
    expect(readJson(await call('clientOfA', 'GET', '/api/v1/people'), personListSchema).people).toEqual([]);
  });

  it('a real run writes the roster with managers (in any row order), one trail entry; the list filters', async () => {
    const result = readJson(await call('clientOfA', 'POST', '/api/v1/people/import', { csv, mapping, dryRun: false }), importResultSchema);
    expect(result).toMatchObject({ applied: true, summary: { create: 3, error: 0 } });
    const legal = readJson(await call('clientOfA', 'GET', '/api/v1/people?department=Legal'), personListSchema);
    expect(legal.people.map((person) => [person.email, person.managerName])).toEqual([
      ['dana.lead@example.com', null],
      ['lee@example.com', 'Dana Lead'],
      ['max@example.com', 'Dana Lead'],
    ]);
    expect(readJson(await call('clientOfA', 'GET', '/api/v1/people?q=paralegal'), personListSchema).people).toHaveLength(1);
    expect(await auditActions('people')).toEqual(['register.import']);
    // Another organization sees none of it; a re-import changes nothing.
    expect(readJson(await call('clientOfB', 'GET', '/api/v1/people'), personListSchema).people).toEqual([]);
    const again = readJson(await call('clientOfA', 'POST', '/api/v1/people/import', { csv, mapping }), importResultSchema);
    expect(again.summary).toEqual({ create: 0, update: 0, unchanged: 3, error: 0 });
  });
});

describe('attestation campaigns', () => {
  let legal: AttestationCampaignDetail;

  it('refuses bad input: another organization’s policy, nobody in the departments, a past due date', async () => {
    const base = { title: 'Annual attestation', dueDate: day(14), audience: { kind: 'all' } };
    const theirs = await call('clientOfB', 'POST', '/api/v1/attestation-campaigns', { ...base, policyIds: [security.id] });
    expect(theirs.statusCode).toBe(400);
    const nobody = await call('clientOfA', 'POST', '/api/v1/attestation-campaigns', {
      ...base,
      policyIds: [security.id],
      audience: { kind: 'departments', departments: ['Nowhere'] },
    });
    expect(nobody.statusCode).toBe(400);
    const late = await call('clientOfA', 'POST', '/api/v1/attestation-campaigns', { ...base, policyIds: [security.id], dueDate: day(-1) });
    expect(late.statusCode).toBe(400);
  });

  it('mails each person of the department a personal link to both policies at their current versions', async () => {
    const response = await call('clientOfA', 'POST', '/api/v1/attestation-campaigns', {
      title: 'Legal team attestation',
      policyIds: [security.id, acceptableUse.id],
      audience: { kind: 'departments', departments: ['Legal'] },
      dueDate: day(14),
      reminderEveryDays: 3,
    });
    expect(response.statusCode, response.body).toBe(201);
    legal = readJson(response, attestationCampaignDetailSchema);
    expect(legal).toMatchObject({ status: 'open', people: { pending: 3, completed: 0, removed: 0 } });
    expect(legal.completion).toEqual({ acknowledged: 0, expected: 6, percent: 0 });
    expect(legal.policies.map((policy) => [policy.ref, policy.version])).toEqual([
      ['POL-001', 2],
      ['POL-002', 1],
    ]);
    const invitation = readJson(
      await app.inject({ method: 'GET', url: `/api/v1/attestation?token=${await tokenOf('lee@example.com')}` }),
      attestationInvitationSchema,
    );
    expect(invitation).toMatchObject({ name: 'Lee Counsel', campaignTitle: 'Legal team attestation' });
    expect(invitation.policies.map((policy) => [policy.version, policy.body, policy.acknowledgedAt])).toEqual([
      [2, '# Information security policy\n\nVersion two.', null],
      [1, '# Acceptable use\n\nBe nice.', null],
    ]);
  });

  it('acknowledges once: two clicks at once give one acknowledgement; a wrong version or bogus link is refused', async () => {
    const token = await tokenOf('lee@example.com');
    const [first, second] = await Promise.all([acknowledge(token, security.id, 2), acknowledge(token, security.id, 2)]);
    expect([first?.statusCode, second?.statusCode]).toEqual([200, 200]);
    const receipts = [first, second].map((response) => readJson(response as never, acknowledgementReceiptSchema));
    expect(receipts[0]?.acknowledgedAt).toBe(receipts[1]?.acknowledgedAt);
    expect(receipts[0]?.remaining).toBe(1);
    expect((await acknowledge(token, acceptableUse.id, 2)).statusCode).toBe(400);
    expect((await acknowledge('x'.repeat(43), acceptableUse.id, 1)).statusCode).toBe(404);
    expect((await acknowledge('short', acceptableUse.id, 1)).statusCode).toBe(400);
    const detail = readJson(await call('clientOfA', 'GET', `/api/v1/attestation-campaigns/${legal.id}`), attestationCampaignDetailSchema);
    expect(detail.completion).toEqual({ acknowledged: 1, expected: 6, percent: 16.7 });
    expect((await call('clientOfB', 'GET', `/api/v1/attestation-campaigns/${legal.id}`)).statusCode).toBe(404);
    expect(readJson(await call('clientOfB', 'GET', '/api/v1/attestation-campaigns'), attestationCampaignListSchema).campaigns).toEqual([]);
  });

  it('reminds those pending with a fresh link (the old one still works); a leaver is taken off and their link ends', async () => {
    const oldToken = await tokenOf('max@example.com');
    const later = new Date(Date.now() + 4 * 86_400_000);
    expect(await runAttestationReminders(database.db, recordingJobs, later)).toEqual({ campaigns: 1, reminded: 3 });
    expect(await runAttestationReminders(database.db, recordingJobs, later)).toEqual({ campaigns: 0, reminded: 0 });
    const fresh = await tokenOf('max@example.com', 'attestation.reminder');
    expect(fresh).not.toBe(oldToken);
    expect((await acknowledge(oldToken, security.id, 2)).statusCode).toBe(200);
    expect((await acknowledge(fresh, acceptableUse.id, 1)).statusCode).toBe(200);
    // Dana leaves (what SCIM's deactivation calls): off the campaign, her link answers 410.
    await asSystem(async (tx) => {
      const dana = await findPersonByEmail(tx, fixture.orgs.a.id, 'DANA.LEAD@example.com');
      if (!dana) throw new Error('no Dana');
      await deactivatePerson(tx, dana, { origin: { actor: null }, source: 'scim' });
    });
    const gone = await acknowledge(await tokenOf('dana.lead@example.com', 'attestation.reminder'), security.id, 2);
    expect(gone.statusCode).toBe(410);
    expect(tenantErrorOf(gone.body).code).toBe('ATTESTATION_LINK_EXPIRED');
    const detail = readJson(await call('clientOfA', 'GET', `/api/v1/attestation-campaigns/${legal.id}`), attestationCampaignDetailSchema);
    expect(detail.people).toEqual({ pending: 1, completed: 1, removed: 1 });
    expect(detail.completion).toEqual({ acknowledged: 3, expected: 4, percent: 75 });
    // Lee's last acknowledgement completes the campaign: evidence for each policy on its controls.
    expect((await acknowledge(await tokenOf('lee@example.com', 'attestation.reminder'), acceptableUse.id, 1)).statusCode).toBe(200);
    const done = readJson(await call('clientOfA', 'GET', `/api/v1/attestation-campaigns/${legal.id}`), attestationCampaignDetailSchema);
    expect(done.status).toBe('completed');
    expect(done.policies.every((policy) => policy.evidenceId !== null)).toBe(true);
  });

  it('a campaign to 200 people: completion per policy and department, then evidence on the mapped controls with who signed what when', async () => {
    const now = new Date();
    // The roster in one statement: 120 in Engineering, 80 in Sales.
    await asSystem((tx) =>
      tx.insert(people).values(
        Array.from({ length: 200 }, (_, index) => ({
          organizationId: fixture.orgs.a.id,
          name: `Person ${String(index).padStart(3, '0')}`,
          email: `person${index}@example.com`,
          department: index < 120 ? 'Engineering' : 'Sales',
          startDate: '2025-01-01',
          createdAt: now,
          updatedAt: now,
        })),
      ),
    );
    const response = await call('clientOfA', 'POST', '/api/v1/attestation-campaigns', {
      title: 'Company-wide security policy',
      policyIds: [security.id],
      audience: { kind: 'departments', departments: ['Engineering', 'Sales'] },
      dueDate: day(30),
    });
    expect(response.statusCode, response.body).toBe(201);
    const campaign = readJson(response, attestationCampaignDetailSchema);
    expect(campaign.people.pending).toBe(200);
    const recipients = await asSystem((tx) =>
      tx
        .select({ email: attestationRecipients.email })
        .from(attestationRecipients)
        .where(eq(attestationRecipients.campaignId, campaign.id)),
    );
    const mails = await asSystem((tx) =>
      tx
        .select({ to: outboundEmails.toAddress, text: outboundEmails.textBody })
        .from(outboundEmails)
        .where(
          and(
            eq(outboundEmails.kind, 'attestation.invitation'),
            inArray(
              outboundEmails.toAddress,
              recipients.map((row) => row.email),
            ),
          ),
        ),
    );
    const tokens = new Map(mails.map((mail) => [mail.to, /#token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1] ?? '']));
    expect(tokens.size).toBe(200);

    // Everyone in Sales and 100 of Engineering acknowledge.
    for (let index = 0; index < 200; index += 1) {
      if (index >= 100 && index < 120) continue;
      const answer = await acknowledge(tokens.get(`person${index}@example.com`) ?? '', security.id, 2);
      expect(answer.statusCode).toBe(200);
    }
    const partial = readJson(
      await call('clientOfA', 'GET', `/api/v1/attestation-campaigns/${campaign.id}`),
      attestationCampaignDetailSchema,
    );
    expect(partial.completion).toEqual({ acknowledged: 180, expected: 200, percent: 90 });
    expect(partial.byDepartment).toEqual([
      { department: 'Engineering', acknowledged: 100, expected: 120, percent: 83.3 },
      { department: 'Sales', acknowledged: 80, expected: 80, percent: 100 },
    ]);
    expect(partial.policies[0]).toMatchObject({ acknowledged: 180, expected: 200, evidenceId: null });

    // Ten leave (off the campaign); the other ten acknowledge: the policy is complete.
    await asSystem(async (tx) => {
      for (let index = 100; index < 110; index += 1) {
        const person = await findPersonByEmail(tx, fixture.orgs.a.id, `person${index}@example.com`);
        if (person) await deactivatePerson(tx, person, { origin: { actor: fixture.userIds.clientOfA }, source: 'manual' });
      }
    });
    for (let index = 110; index < 120; index += 1) {
      expect((await acknowledge(tokens.get(`person${index}@example.com`) ?? '', security.id, 2)).statusCode).toBe(200);
    }
    const done = readJson(await call('clientOfA', 'GET', `/api/v1/attestation-campaigns/${campaign.id}`), attestationCampaignDetailSchema);
    expect(done).toMatchObject({ status: 'completed', people: { pending: 0, completed: 190, removed: 10 } });
    expect(done.completion).toEqual({ acknowledged: 190, expected: 190, percent: 100 });
    const evidenceId = done.policies[0]?.evidenceId ?? '';
    const [item] = await asSystem((tx) => tx.select().from(evidence).where(eq(evidence.id, evidenceId)));
    expect(item?.kind).toBe('link');
    expect(item?.title).toBe('Policy acknowledgements: POL-001 Information security policy v2 (Company-wide security policy)');
    const lines = item?.description.split('\n').filter((line) => line.includes(' acknowledged version 2 on ')) ?? [];
    expect(lines).toHaveLength(190);
    expect(lines.some((line) => line.startsWith('Person 150 <person150@example.com> acknowledged version 2 on '))).toBe(true);
    expect(lines.some((line) => line.includes('person105@'))).toBe(false);
    const links = await asSystem((tx) =>
      tx.select({ controlId: evidenceControls.controlId }).from(evidenceControls).where(eq(evidenceControls.evidenceId, evidenceId)),
    );
    expect(links.map((link) => link.controlId).sort()).toEqual(['GOV-01', 'IAM-02']);
    expect(await auditActions(evidenceId)).toEqual(['evidence.create_from_attestations']);
    expect(await auditActions(campaign.id)).toEqual(
      expect.arrayContaining([
        'attestation_campaign.create',
        'attestation.acknowledge',
        'attestation_recipient.remove',
        'attestation_campaign.complete',
      ]),
    );
  }, 120_000);
});
