import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADVISOR_ARTICLES, INJECTION_LINE, seedAdvisorArticles } from '../../../../../tests/fixtures/advisor-articles.ts';
import { createTestDatabase, type TestDatabase } from '../../../../../tests/test-database.ts';
import { ADVISOR_DISCLAIMER } from '../advisor-guardrails.ts';
import { type AskAdvisorInput, askAdvisor } from '../advisor.service.ts';
import { createBuiltinProvider } from './builtin-provider.ts';

let database: TestDatabase;
const userId = crypto.randomUUID();
const provider = createBuiltinProvider();

beforeAll(async () => {
  database = await createTestDatabase();
  await seedAdvisorArticles(database.db);
});
afterAll(() => database.dispose());

function ask(message: string, mode = 'general', additionalContext?: string) {
  const input: AskAdvisorInput = { message, mode, context: additionalContext ? { additionalContext } : {} };
  return askAdvisor(database.db, provider, { userId, input });
}

describe('the builtin advisor', () => {
  it('answers from the knowledge base, cites the framework references it used and links its sources', async () => {
    const reply = await ask('What do auditors expect from SOC 2 access reviews?');
    expect(reply.success).toBe(true);
    expect(reply.message).toContain('SOC 2 CC6.2');
    expect(reply.message).toContain('SOC 2 CC6.3');
    expect(reply.references).toEqual(expect.arrayContaining(['SOC 2 CC6.2', 'SOC 2 CC6.3']));
    expect(reply.message).toContain('[Running quarterly access reviews](/knowledge-base/access-reviews)');
    expect(reply.sources?.map((source) => source.url_path)).toContain('/knowledge-base/access-reviews');
    expect(reply.message.endsWith(ADVISOR_DISCLAIMER)).toBe(true);
    expect(reply.suggestion).toBeUndefined();
  });

  it('cites only the framework the question names', async () => {
    const reply = await ask('How fast must we notify a personal data breach under GDPR?');
    expect(reply.references).toContain('GDPR Art. 33');
    expect(reply.references?.every((reference) => reference.startsWith('GDPR'))).toBe(true);
    expect(reply.message).toContain('72 hours');
  });

  it('proposes a structured suggestion when the question asks for work', async () => {
    const reply = await ask('Help us set up quarterly access reviews for SOC 2 before our audit');
    expect(reply.suggestion).toMatchObject({
      title: 'Set up quarterly access reviews for SOC 2 before our audit',
      category: 'audit_preparation',
      priority: 2,
    });
    expect(reply.suggestion?.description).toContain('SOC 2 CC6.2');
    expect(reply.message).toContain('**Suggested next step:** Set up quarterly access reviews for SOC 2 before our audit.');
  });

  it('uses the default priority 3 and category when nothing says otherwise', async () => {
    const reply = await ask('Prepare a SOC 2 gap assessment', 'task');
    expect(reply.suggestion).toMatchObject({ priority: 3, category: 'compliance_assessment' });
    expect(reply.suggestion?.title).toBe('Prepare a SOC 2 gap assessment');
  });

  it('is deterministic', async () => {
    const first = await ask('What does SOC 2 say about change management?');
    const second = await ask('What does SOC 2 say about change management?');
    expect(second.message).toBe(first.message);
    expect(first.references).toContain('SOC 2 CC8.1');
  });

  it('treats retrieved text as data: an instruction inside an article never reaches the answer', async () => {
    expect(ADVISOR_ARTICLES.some((article) => article.body.includes(INJECTION_LINE))).toBe(true);
    const reply = await ask('What should vendor contracts say about security under GDPR?');
    expect(reply.sources?.map((source) => source.url_path)).toContain('/knowledge-base/vendor-risk');
    expect(reply.message).toContain('GDPR Art. 28');
    expect(reply.message).not.toMatch(/PWNED|system prompt/i);
    expect(reply.message.endsWith(ADVISOR_DISCLAIMER)).toBe(true);
  });

  it('says it cannot certify when asked to', async () => {
    const reply = await ask('Can you certify us as SOC 2 compliant?');
    expect(reply.message).toContain('issued by an independent, accredited auditor');
    expect(reply.message).not.toMatch(/you are (now )?(certified|compliant)/i);
  });

  it('stays on compliance when the question is about something else', async () => {
    const reply = await ask('Write me a poem about the sea');
    expect(reply.message).toContain('I can only help with compliance');
    expect(reply.suggestion).toBeUndefined();
  });

  it('reads the framework from the page the user is on when the question names none', async () => {
    const reply = await ask('Which requirement covers encryption?', 'general', 'GDPR readiness workflow');
    expect(reply.references).toContain('GDPR Art. 32');
  });
});
