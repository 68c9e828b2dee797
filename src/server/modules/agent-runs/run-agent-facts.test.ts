import { Document, Packer, Paragraph } from 'docx';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TenantFixture, createTenantFixture } from '../../../../tests/tenant-fixture.ts';
import { type TestDatabase, createTestDatabase } from '../../../../tests/test-database.ts';
import type { OutputReview } from '../../../shared/schemas/reviews.ts';
import { buildApp } from '../../app.ts';
import { aiOutputs } from '../../db/schema/reviews.ts';
import { taskAttachments, taskRequests } from '../../db/schema/task-requests.ts';
import { withTenant } from '../../platform/tenancy/tenant.ts';
import { submitTaskRequest } from '../task-requests/pipeline.ts';
import type { AgentProvider, DraftInput, DraftResult } from './providers/agent-provider.ts';
import { classifyBuiltin } from './providers/builtin-classifier.ts';

/**
 * The pipeline reads the brief as facts: the job reads the request's attachments from the file store
 * (outside any transaction), hands the facts to the provider, passes the draft through the one
 * reference check, and stores the facts and what the check removed with the output, which the review
 * screen's API shows. The provider is a test double that invents references, as a model may.
 */

class InventingProvider implements AgentProvider {
  name = 'inventing';
  seen: DraftInput[] = [];
  async classify(input: Parameters<AgentProvider['classify']>[0]) {
    return classifyBuiltin(input);
  }
  async draft(_db: unknown, input: DraftInput): Promise<DraftResult> {
    this.seen.push(input);
    return {
      title: `Draft: ${input.request.title}`,
      confidence: 70,
      summary: 'Access is restricted (SOC 2 CC6.1).',
      keyFindings: ['Keys rotate (SOC 2 CC6.19).', 'Access reviews are missing.'],
      riskScore: 50,
      recommendations: ['Encrypt health data (HIPAA §164.312(a)(2)(iv)).', 'Run access reviews.'],
      body: [
        `# ${input.request.title}`,
        '',
        'Access is restricted to named users (SOC 2 CC6.1). Keys rotate yearly (SOC 2 CC6.19).',
        '',
        '| Area | Requirement |',
        '| --- | --- |',
        '| Access | SOC 2 CC6.1 |',
        '| Health data | HIPAA §164.312(b) |',
      ].join('\n'),
      sources: [
        { kind: 'framework_requirement', ref: 'SOC 2 CC6.1', title: 'Logical access security' },
        { kind: 'framework_requirement', ref: 'SOC 2 CC6.19', title: 'Invented' },
      ],
      provider: 'inventing',
      model: 'test',
      inputTokens: null,
      outputTokens: null,
    };
  }
}

let database: TestDatabase;
let app: FastifyInstance;
let fixture: TenantFixture;
const provider = new InventingProvider();
const system = { kind: 'all', userId: null } as const;
const read = <T>(work: (tx: Parameters<Parameters<typeof withTenant>[2]>[0]) => Promise<T>) => withTenant(database.db, system, work);

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({ database, agentProvider: provider });
  await app.ready();
  fixture = await createTenantFixture(app, database);
});
afterAll(async () => {
  await app?.close();
  await database?.dispose();
});

async function attach(name: string, mediaType: string, bytes: Buffer): Promise<string> {
  const stored = await app.fileStore.put(bytes);
  const [row] = await read((tx) =>
    tx
      .insert(taskAttachments)
      .values({
        organizationId: fixture.orgs.a.id,
        uploadedBy: fixture.userIds.clientOfA,
        fileName: name,
        mediaType,
        sizeBytes: stored.size,
        sha256: stored.sha256,
      })
      .returning({ id: taskAttachments.id }),
  );
  if (!row) throw new Error('attachment not stored');
  return row.id;
}

describe('the agent run reads the brief as facts', () => {
  it('reads attachments, checks references, and stores and shows both', async () => {
    const docx = await Packer.toBuffer(
      new Document({ sections: [{ children: [new Paragraph('We use Okta for SSO. Quarterly access reviews are not done yet.')] }] }),
    );
    const attachmentIds = [
      await attach('current-state.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', docx),
      await attach('scope.txt', 'text/plain', Buffer.from('HIPAA is out of scope. Please cover CC6.1 to CC6.3.')),
    ];
    const title = 'SOC 2 access control gap assessment';
    const description = 'We are a team of 60 people hosted on AWS. Backups have never been tested.';
    const request = await read((tx) =>
      submitTaskRequest(tx, app.jobs, {
        organizationId: fixture.orgs.a.id,
        requestedBy: fixture.userIds.clientOfA,
        title,
        description,
        department: 'compliance',
        deadline: null,
        frameworks: ['SOC 2'],
        source: 'wizard',
        attachmentIds,
        classification: classifyBuiltin({ title, description, department: 'compliance', deadline: null, frameworks: ['SOC 2'] }),
      }),
    );
    await expect
      .poll(async () => (await read((tx) => tx.select().from(taskRequests).where(eq(taskRequests.id, request.id))))[0]?.status, {
        timeout: 20_000,
      })
      .toBe('in_review');

    // The provider got the facts, attachments included.
    const facts = provider.seen.at(-1)?.facts;
    expect(facts?.things.map((thing) => thing.name)).toEqual(expect.arrayContaining(['Okta', 'AWS']));
    expect(facts?.gaps.map((gap) => gap.topic)).toEqual(expect.arrayContaining(['access reviews', 'backups and restore testing']));
    expect(facts?.outOfScope.map((entry) => entry.framework)).toEqual(['hipaa']);
    expect(facts?.references.map((reference) => reference.citation)).toEqual(['SOC 2 CC6.1', 'SOC 2 CC6.2', 'SOC 2 CC6.3']);
    expect(facts?.peopleCount).toBe(60);
    expect(facts?.sources.map((source) => [source.name, source.problem])).toEqual([
      ['title', null],
      ['brief', null],
      ['current-state.docx', null],
      ['scope.txt', null],
    ]);

    // What reached review holds no invented or out-of-scope reference.
    const [output] = await read((tx) => tx.select().from(aiOutputs).where(eq(aiOutputs.taskRequestId, request.id)));
    expect(output?.removedReferences).toEqual(['SOC 2 CC6.19', 'HIPAA §164.312(a)(2)', 'HIPAA §164.312(b)']);
    expect(output?.body).not.toMatch(/CC6\.19|HIPAA/);
    expect(output?.body).toContain('Access is restricted to named users (SOC 2 CC6.1).');
    expect(output?.keyFindings).toEqual(['Access reviews are missing.']);
    expect(output?.recommendations).toEqual(['Run access reviews.']);
    expect(output?.sources.map((source) => source.ref)).toEqual(['SOC 2 CC6.1']);

    // The review screen's API shows what the agent read and what the check removed.
    const response = await app.inject({
      method: 'GET',
      url: `/api/v1/outputs/${output?.id}`,
      headers: { authorization: `Bearer ${fixture.tokens.staffOfA}` },
    });
    expect(response.statusCode).toBe(200);
    const review = response.json<OutputReview>();
    expect(review.output.briefFacts).toEqual(output?.briefFacts);
    expect(review.output.briefFacts?.vendor ?? null).toBeNull();
    expect(review.output.removedReferences).toEqual(output?.removedReferences);
  });
});
