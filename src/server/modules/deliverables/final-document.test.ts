import { inflateSync } from 'node:zlib';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser } from '../../../../tests/auth-helpers.ts';
import { createTenantFixture, type TenantFixture } from '../../../../tests/tenant-fixture.ts';
import { createTestDatabase, type TestDatabase } from '../../../../tests/test-database.ts';
import type { OutputReview } from '../../../shared/schemas/reviews.ts';
import { buildApp } from '../../app.ts';
import { authUsers } from '../../db/schema/auth.ts';
import { deliverables } from '../../db/schema/deliverables.ts';
import { staffAssignments } from '../../db/schema/organizations.ts';
import { aiOutputs } from '../../db/schema/reviews.ts';
import { parseEnv } from '../../env.ts';
import { ensureProfile, grantRole } from '../../platform/access/access.service.ts';
import { createBuiltinAgentProvider } from '../agent-runs/providers/builtin-agent-provider.ts';
import { seedContent } from '../content/content.service.ts';
import { readZipEntry } from '../../platform/files/zip-entries.ts';
import { withTenant } from '../../platform/tenancy/tenant.ts';
import { submitTaskRequest } from '../task-requests/pipeline.ts';
import { testClassification } from '../../../../tests/task-request-fixture.ts';

/**
 * Final documents (docs/delivery.md): an agent's draft, edited by one reviewer and approved by an
 * approver, is published; its Markdown, PDF and DOCX name the same version, reviewers, approver and
 * dates, and none of them calls itself a draft.
 */

let database: TestDatabase;
let app: FastifyInstance;
let fixture: TenantFixture;
let approver: { userId: string; token: string };

const all = <T>(work: Parameters<typeof withTenant<T>>[2]) => withTenant(database.db, { kind: 'all', userId: null }, work);
const SCORES = { accuracy: 90, completeness: 85, framework_alignment: 88, timeliness: 92 };

beforeAll(async () => {
  database = await createTestDatabase();
  await seedContent(database.db);
  app = await buildApp({ database, env: parseEnv({ NODE_ENV: 'test', JOB_WORKERS: 'off' }) });
  fixture = await createTenantFixture(app, database);
  const user = await createTestUser(app);
  await ensureProfile(database.db, { userId: user.userId, userType: 'staff' });
  await grantRole(database.db, { userId: user.userId, role: 'consultant', isApprover: true });
  await all((tx) =>
    tx.insert(staffAssignments).values({ organizationId: fixture.orgs.a.id, staffUserId: user.userId, engagementRole: 'reviewer' }),
  );
  approver = { userId: user.userId, token: user.accessToken };
}, 120_000);
afterAll(async () => {
  await app?.close();
  await database?.dispose();
});

/** The text a pdfkit PDF draws: its content streams inflated, the strings of each TJ joined. */
function pdfText(bytes: Buffer): string {
  const raw = bytes.toString('latin1');
  const out: string[] = [];
  for (const match of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(match[1] ?? '', 'latin1')).toString('latin1');
    } catch {
      continue;
    }
    for (const array of content.matchAll(/\[((?:<[0-9a-fA-F]*>|\((?:\\.|[^\\)])*\)|\s|-?[\d.]+)*)\]\s*TJ/g)) {
      const strings = [...(array[1] ?? '').matchAll(/<([0-9a-fA-F]*)>/g)].map((hex) => Buffer.from(hex[1] ?? '', 'hex').toString('latin1'));
      out.push(strings.join(''));
    }
  }
  return out.join('\n');
}

/** Word's text: the w:t runs of document.xml, one paragraph a line. */
function docxText(bytes: Buffer): string {
  const xml = readZipEntry(bytes, 'word/document.xml')?.toString('utf8') ?? '';
  return xml
    .replaceAll(/<\/w:p>/g, '\n')
    .replaceAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g, '$1')
    .replaceAll(/<[^>]+>/g, '')
    .replaceAll('&amp;', '&')
    .replaceAll('&apos;', "'")
    .replaceAll('&quot;', '"');
}

type Fact = 'Version' | 'Reviewed by' | 'Approved by' | 'Published';

/** The document-control facts read from plain text: each key's value runs until the next key. */
function facts(text: string): Record<Fact, string> {
  const flat = text.replaceAll(/\|/g, ' ').replaceAll(/\s+/g, ' ');
  const start = flat.indexOf('Document control');
  const control = flat.slice(start);
  const read = (key: string, next: string) => {
    const from = control.indexOf(`${key} `) + key.length + 1;
    const to = next
      ? control.indexOf(` ${next} `, from)
      : control.indexOf(' _', from) >= 0
        ? control.indexOf(' Prepared by a ComplianceCore', from)
        : -1;
    return control
      .slice(from, to)
      .replaceAll(/^[-\s]+|\s+$/g, '')
      .trim();
  };
  return {
    Version: read('Version', 'Reviewed by'),
    'Reviewed by': read('Reviewed by', 'Approved by'),
    'Approved by': read('Approved by', 'Published'),
    Published: control.slice(control.indexOf('Published ') + 10, control.indexOf('Published ') + 20),
  };
}

const DRAFT_WORDING =
  /first draft|for human review|\bDraft \d|Draft —|\| Draft \||Version\s*\|\s*Draft|Changes in this version|Drafted for/i;

describe('a published deliverable', () => {
  it('names the version, reviewers, approver and dates, the same in Markdown, PDF and DOCX, and no longer says draft', async () => {
    const request = await all((tx) =>
      submitTaskRequest(tx, app.jobs, {
        organizationId: fixture.orgs.a.id,
        requestedBy: fixture.userIds.clientOfA,
        title: 'Access control policy for SOC 2',
        description: 'We use Okta with MFA and need a policy covering access reviews, joiners and leavers.',
        department: 'compliance',
        deadline: null,
        frameworks: ['SOC 2'],
        source: 'wizard',
        classification: testClassification('policy_draft'),
      }),
    );
    const draft = await createBuiltinAgentProvider().draft(database.db, {
      request: { ...request, deadline: null, workKind: 'policy_draft' },
      organization: { id: fixture.orgs.a.id, name: fixture.orgs.a.name, size: '51-200', country: 'Germany', website: null },
      reviewNotes: null,
      previous: null,
      earlierDeliverables: [],
    });
    expect(draft.body).toMatch(/A first draft by a ComplianceCore agent for human review/);
    expect(draft.body).toContain('| Version | Draft 1 |');
    const [output] = await all((tx) =>
      tx
        .insert(aiOutputs)
        .values({
          organizationId: fixture.orgs.a.id,
          taskRequestId: request.id,
          agentId: 'policy-drafter',
          version: 1,
          title: draft.title,
          type: 'policy_draft',
          confidence: draft.confidence,
          summary: draft.summary,
          keyFindings: draft.keyFindings,
          riskScore: draft.riskScore,
          recommendations: draft.recommendations,
          body: draft.body,
          sources: draft.sources,
        })
        .returning({ id: aiOutputs.id }),
    );
    const headers = (token: string) => ({ authorization: `Bearer ${token}` });
    // A reviewer edits (version 2), an approver approves it.
    const edit = await app.inject({
      method: 'POST',
      url: `/api/v1/outputs/${output!.id}/revisions`,
      headers: headers(fixture.tokens.staffOfA),
      payload: { body: draft.body.replace('## 1. Purpose', '## 1. Purpose and intent') },
    });
    expect(edit.statusCode, edit.body).toBe(201);
    const revised = (edit.json() as OutputReview).output;
    expect(revised.version).toBe(2);
    const approved = await app.inject({
      method: 'POST',
      url: `/api/v1/outputs/${revised.id}/decision`,
      headers: headers(approver.token),
      payload: { decision: 'approved', notes: '', scores: SCORES, issues: [] },
    });
    expect(approved.statusCode, approved.body).toBe(200);

    const [deliverable] = await all((tx) => tx.select().from(deliverables).where(eq(deliverables.taskRequestId, request.id)));
    const people = await all((tx) =>
      tx
        .select({ id: authUsers.id, email: authUsers.email })
        .from(authUsers)
        .where(inArray(authUsers.id, [fixture.userIds.staffOfA, approver.userId])),
    );
    const emailOf = (id: string) => people.find((person) => person.id === id)?.email ?? '';
    const today = new Date().toISOString().slice(0, 10);

    const get = (format: string) =>
      app.inject({
        method: 'GET',
        url: `/api/v1/deliverables/${deliverable!.id}/download?format=${format}`,
        headers: headers(fixture.tokens.clientOfA),
      });
    const markdown = (await get('md')).body;
    const pdf = pdfText((await get('pdf')).rawPayload);
    const docx = docxText((await get('docx')).rawPayload);

    // The Markdown's table has a real header row, and says who did what.
    expect(markdown).toContain('| Document control | Detail |');
    expect(markdown).not.toMatch(/^\|\s*\|\s*\|$/m);
    expect(markdown).toContain('| Prepared for | ');
    const expected = {
      Version: '1 (final, approved revision 2)',
      'Reviewed by': `${emailOf(fixture.userIds.staffOfA)} (${today}); ${emailOf(approver.userId)} (${today})`,
      'Approved by': `${emailOf(approver.userId)} (${today})`,
      Published: today,
    };
    for (const [format, text] of [
      ['md', markdown],
      ['pdf', pdf],
      ['docx', docx],
    ] as const) {
      // A PDF table cell wraps long words where it must: compare the facts with layout spaces removed.
      const squash = (record: Record<string, string>) =>
        Object.fromEntries(Object.entries(record).map(([key, value]) => [key, value.replaceAll(/\s+/g, '')]));
      expect(squash(facts(text)), format).toEqual(squash(expected));
      if (format !== 'pdf') expect(facts(text), format).toEqual(expected);
      expect(text, format).not.toMatch(DRAFT_WORDING);
      expect(text, format).toContain('Purpose and intent');
    }
    // The title blocks agree with the table.
    expect(pdf).toContain(`${fixture.orgs.a.name} · Version 1 · ${today}`);
    expect(docx).toContain(`${fixture.orgs.a.name} · Version 1 · ${today}`);
  }, 60_000);
});
