import type http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startModelServer } from '../../../../../tests/fake-model-server.ts';
import { createTestDatabase, type TestDatabase } from '../../../../../tests/test-database.ts';
import { readBrief } from '../brief/read-brief.ts';
import { checkDraftReferences, referenceContext } from '../check-references.ts';
import type { DraftInput } from './agent-provider.ts';
import { MAX_REPLY_ATTEMPTS, createOpenAiAgentProvider } from './openai-agent-provider.ts';

/**
 * The openai provider against a scripted OpenAI-compatible endpoint (a real local HTTP server): the
 * facts the client stated reach the prompt, and what a model gets wrong — JSON in prose, no JSON,
 * references the catalogue does not hold — is repaired or asked again, a bounded number of times, so
 * an invented reference never reaches review.
 */

interface Message {
  role: string;
  content: string;
}
interface Sent {
  messages: Message[];
}

/** A model that answers from a script, one reply per request (the last one repeats). */
async function scriptedModel(replies: readonly string[]) {
  let turn = 0;
  return startModelServer<Sent>((_recorded, response: http.ServerResponse) => {
    const content = replies[Math.min(turn, replies.length - 1)] ?? '';
    turn += 1;
    response.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        model: 'scripted-1',
        choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
        usage: { prompt_tokens: 1000, completion_tokens: 100 },
      }),
    );
  });
}

const goodBody = [
  '# Evidence checklist — Fjord Analytics',
  '',
  '## Checklist',
  '',
  '| Evidence | Requirement | Owner |',
  '| --- | --- | --- |',
  '| Kandji device compliance export | ISO 27001 A.8.1 | IT lead |',
  '| Okta MFA policy screenshot | ISO 27001 A.8.5 | IT lead |',
  '',
  'Restore tests of the backups are a gap to close first.',
].join('\n');

const draft = (body: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    title: 'Evidence checklist for ISO 27001 A.8.1–8.5',
    confidence: 70,
    summary: 'What the auditor will sample for the endpoint and authentication controls.',
    keyFindings: ['Restores have never been tested.'],
    riskScore: 60,
    recommendations: ['Run a restore test this month.'],
    body,
    ...extra,
  });

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.dispose());

const input: DraftInput = {
  request: {
    id: 'req-facts',
    title: 'Evidence checklist for ISO 27001 A.8.1–8.5',
    description:
      'Our laptops are managed with Kandji and we sign in through Okta. We have never tested a restore of our backups. MFA is enforced everywhere. SOC 2 is out of scope for this work.\nWhich evidence does the auditor sample for A.8.5?\nDo you need screenshots of Kandji?',
    department: 'operations',
    frameworks: ['ISO 27001'],
    workKind: 'evidence_checklist',
    deadline: null,
  },
  organization: { id: 'org-1', name: 'Fjord Analytics', size: '51-200', country: 'Norway', website: null },
  reviewNotes: null,
  previous: null,
  earlierDeliverables: [],
};

const providerFor = (baseUrl: string) => createOpenAiAgentProvider({ baseUrl, model: 'scripted', timeoutMs: 5000 });

function between(text: string, open: string, close: string): string {
  const start = text.indexOf(open);
  return start < 0 ? '' : text.slice(start, text.indexOf(close, start));
}

describe('the openai agent provider: the brief as facts in the prompt', () => {
  it('sends what the client stated, the references asked for among the requirements, and no out-of-scope framework', async () => {
    const model = await scriptedModel([draft(goodBody)]);
    await providerFor(model.baseUrl).draft(database.db, input);
    const user = model.requests[0]?.body.messages[1]?.content ?? '';
    const facts = between(user, '<facts>', '</facts>');
    expect(facts).toContain('Okta (identity provider)');
    expect(facts).toContain('Kandji');
    for (const ref of ['A.8.1', 'A.8.2', 'A.8.3', 'A.8.4', 'A.8.5']) expect(facts).toContain(`ISO 27001 ${ref}`);
    expect(facts).toMatch(/Stated gaps[^\n]*:\n- [^\n]*"We have never tested a restore of our backups\."/);
    expect(facts).toMatch(/Stated strengths[^\n]*:\n(- [^\n]*\n)*- [^\n]*"MFA is enforced everywhere\."/);
    expect(facts).toContain('SOC 2: "SOC 2 is out of scope for this work."');
    expect(facts).toContain('- Which evidence does the auditor sample for A.8.5?');
    expect(facts).toContain('- Do you need screenshots of Kandji?');
    // The references asked for lead the requirements the model may cite; SOC 2 is not among them.
    const requirements = between(user, '<requirements>', '</requirements>');
    expect(requirements.split('\n')[1]).toMatch(/^- ISO 27001 A.8.1 User endpoint devices: /);
    expect(requirements).toContain('- ISO 27001 A.8.5 Secure authentication: ');
    expect(requirements).not.toMatch(/SOC 2 CC/);
    expect(between(user, '<request>', '</request>')).toMatch(/Frameworks: ISO 27001\n/);
  });
});

describe('the openai agent provider: repairs and asks again', () => {
  it('repairs JSON wrapped in prose and a code fence, with a trailing comma, without asking again', async () => {
    const wrapped = `Here is the draft you asked for:\n\`\`\`json\n${draft(goodBody).replace(/}$/, ',}')}\n\`\`\`\nLet me know!`;
    const model = await scriptedModel([wrapped]);
    const result = await providerFor(model.baseUrl).draft(database.db, input);
    expect(model.requests).toHaveLength(1);
    expect(result.body).toBe(goodBody);
  });

  it('asks again when the reply is not JSON, with the reply and what was wrong, and adds up the tokens', async () => {
    const model = await scriptedModel(['I am sorry, I cannot produce JSON today.', draft(goodBody)]);
    const result = await providerFor(model.baseUrl).draft(database.db, input);
    expect(model.requests).toHaveLength(2);
    const second = model.requests[1]?.body.messages ?? [];
    expect(second.map((message) => message.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(second[2]?.content).toBe('I am sorry, I cannot produce JSON today.');
    expect(second[3]?.content).toMatch(/not a JSON object/);
    expect(result).toMatchObject({ body: goodBody, inputTokens: 2000, outputTokens: 200, model: 'scripted-1' });
  });

  it('asks again when the draft cites references the catalogue does not hold, naming them', async () => {
    const invented = `${goodBody}\n\nAlso see ISO 27001 A.8.99 and GDPR Art. 120 (ISO 27001 A.19.1), and SOC 2 CC6.1 for MFA.`;
    const model = await scriptedModel([draft(invented, { keyFindings: ['SOC 2 CC9.9 is not met.'] }), draft(goodBody)]);
    const result = await providerFor(model.baseUrl).draft(database.db, input);
    expect(model.requests).toHaveLength(2);
    const correction = model.requests[1]?.body.messages[3]?.content ?? '';
    expect(correction).toMatch(/do not exist: [^\n]*ISO 27001 A\.8\.99/);
    for (const citation of ['GDPR Art. 120', 'ISO 27001 A.19.1']) expect(correction).toContain(citation);
    // SOC 2 is out of scope in this brief: even a real SOC 2 criterion is sent back.
    expect(correction).toMatch(/out of scope: [^\n]*SOC 2 CC6\.1/);
    expect(correction).toContain('SOC 2 CC9.9');
    expect(result.body).toBe(goodBody);
    expect(result.sources.map((source) => source.ref)).toEqual(['req-facts', 'ISO 27001 A.8.1', 'ISO 27001 A.8.5']);
  });

  it('stops after a bounded number of attempts; the pipeline’s reference check then takes out what is still wrong', async () => {
    const invented = `${goodBody}\n\nAccess is reviewed (SOC 2 CC9.9). Logging follows ISO 27001 A.8.99.`;
    const model = await scriptedModel([draft(invented, { recommendations: ['Meet SOC 2 CC9.9 by March.', 'Run a restore test.'] })]);
    const drafted = await providerFor(model.baseUrl).draft(database.db, input);
    expect(model.requests).toHaveLength(MAX_REPLY_ATTEMPTS);
    // What run-agent.ts does with every provider's draft before review.
    const facts = await readBrief({
      title: input.request.title,
      description: input.request.description,
      frameworks: input.request.frameworks,
    });
    const { draft: reviewed, removed } = checkDraftReferences(drafted, referenceContext(facts));
    expect(removed.sort()).toEqual(['ISO 27001 A.8.99', 'SOC 2 CC9.9']);
    const shown = [reviewed.title, reviewed.summary, ...reviewed.keyFindings, ...reviewed.recommendations, reviewed.body].join('\n');
    expect(shown).not.toMatch(/CC9\.9|A\.8\.99/);
    expect(reviewed.body).toContain('| Kandji device compliance export | ISO 27001 A.8.1 | IT lead |');
    expect(reviewed.recommendations).toEqual(['Run a restore test.']);
  });

  it('classifies after a malformed reply by asking again', async () => {
    const classification = {
      workKind: 'evidence_checklist',
      priority: 'medium',
      complexity: 'low',
      estimateMinDays: 1,
      estimateMaxDays: 2,
      reasons: ['Evidence checklist: the request asks what the auditor samples.'],
    };
    const model = await scriptedModel(['{"workKind": "evidence_checklist", "priority": ', JSON.stringify(classification)]);
    const result = await providerFor(model.baseUrl).classify({ ...input.request, deadline: null });
    expect(model.requests).toHaveLength(2);
    expect(result).toMatchObject({ workKind: 'evidence_checklist', agentId: 'evidence-collector', provider: 'openai' });
  });
});
