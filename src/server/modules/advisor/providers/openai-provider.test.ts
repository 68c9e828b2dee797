import type http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INJECTION_LINE, seedAdvisorArticles } from '../../../../../tests/fixtures/advisor-articles.ts';
import { startModelServer as startFakeModelServer } from '../../../../../tests/fake-model-server.ts';
import { createTestDatabase, type TestDatabase } from '../../../../../tests/test-database.ts';
import { ADVISOR_DISCLAIMER } from '../advisor-guardrails.ts';
import { askAdvisor } from '../advisor.service.ts';
import { createOpenAiProvider } from './openai-provider.ts';
import { SYSTEM_PROMPT } from './openai-prompt.ts';

/** A local OpenAI-compatible endpoint: records each request and answers as the test says. */
interface Recorded {
  headers: http.IncomingHttpHeaders;
  body: { model: string; stream: boolean; response_format: { type: string }; messages: { role: string; content: string }[] };
}
type Responder = (recorded: Recorded, response: http.ServerResponse) => void;

const startModelServer = (respond: (recorded: Recorded, response: http.ServerResponse) => void) =>
  startFakeModelServer<Recorded['body']>(respond);

function completion(content: string) {
  return JSON.stringify({
    id: 'chatcmpl-1',
    object: 'chat.completion',
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
  });
}

/** A responder that streams `content` as chat-completion deltas of `size` characters. */
function streamInPieces(content: string, size: number): Responder {
  return (_recorded, response) => {
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    for (let index = 0; index < content.length; index += size) {
      response.write(`data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: content.slice(index, index + size) } }] })}\n\n`);
    }
    response.end('data: [DONE]\n\n');
  };
}

const reply = {
  answer:
    'Review access every quarter and record each decision (SOC 2 CC6.2, SOC 2 CC6.3). See [Running quarterly access reviews](/knowledge-base/access-reviews). SOC 2 CC9.9 also applies.',
  suggestion: {
    title: 'Run the Q3 access review',
    description: 'Export user lists and collect owner approvals.',
    category: 'security',
    priority: 2,
  },
};

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  await seedAdvisorArticles(database.db);
});
afterAll(() => database.dispose());

const input = (message: string) => ({
  message,
  mode: 'general',
  context: { portalContext: 'client-portal', additionalContext: 'Access review workflow' },
});

describe('the openai provider', () => {
  it('sends fixed instructions, fences retrieved text as data without its injected lines, and reads the structured reply', async () => {
    const model = await startModelServer((_recorded, response) => {
      response.writeHead(200, { 'content-type': 'application/json' }).end(completion(JSON.stringify(reply)));
    });
    const provider = createOpenAiProvider({ baseUrl: model.baseUrl, model: 'test-model', apiKey: 'sk-test', timeoutMs: 5000 });
    const result = await askAdvisor(database.db, provider, {
      userId: crypto.randomUUID(),
      input: input('Help us run SOC 2 access reviews and vendor reviews'),
    });

    const [sent] = model.requests;
    expect(sent?.headers.authorization).toBe('Bearer sk-test');
    expect(sent?.body).toMatchObject({ model: 'test-model', stream: false, response_format: { type: 'json_schema' } });
    expect(sent?.body.messages[0]).toEqual({ role: 'system', content: SYSTEM_PROMPT });
    const user = sent?.body.messages[1]?.content ?? '';
    expect(user).toContain('<documents>');
    expect(user).toContain('Export the user list of every in-scope system');
    expect(user).toContain('Vendor contracts must name the data processed');
    expect(user).not.toContain('PWNED');
    expect(user).not.toContain(INJECTION_LINE);
    expect(user).toContain('The user is asking for work to be done');

    expect(result.success).toBe(true);
    expect(result.message).toBe(`${reply.answer}\n\n${ADVISOR_DISCLAIMER}`);
    expect(result.suggestion).toEqual(reply.suggestion);
    // CC9.9 is not in any retrieved document: it is not counted as a grounded reference.
    expect(result.references).toEqual(['SOC 2 CC6.2', 'SOC 2 CC6.3']);
  });

  it('streams the answer text as the model writes it', async () => {
    const content = JSON.stringify(reply);
    const model = await startModelServer(streamInPieces(content, 7));
    const provider = createOpenAiProvider({ baseUrl: model.baseUrl, model: 'test-model', timeoutMs: 5000 });
    const deltas: string[] = [];
    const result = await askAdvisor(database.db, provider, {
      userId: crypto.randomUUID(),
      input: input('What do SOC 2 access reviews need?'),
      onDelta: (text) => deltas.push(text),
    });
    expect(model.requests[0]?.body.stream).toBe(true);
    expect(model.requests[0]?.headers.authorization).toBeUndefined();
    // Sentence by sentence (three here), then the disclaimer.
    expect(deltas.length).toBeGreaterThanOrEqual(3);
    expect(deltas.join('')).toBe(`${reply.answer}\n\n${ADVISOR_DISCLAIMER}`);
    expect(result.suggestion?.title).toBe('Run the Q3 access review');
  });

  it('never streams a sentence that claims to certify, and streams the disclaimer', async () => {
    const claim = 'You are now fully compliant with SOC 2.';
    const content = JSON.stringify({
      answer: `Collect the access review evidence first. ${claim} Then book the auditor.\nKeep the tickets.`,
      suggestion: null,
    });
    const model = await startModelServer(streamInPieces(content, 5));
    const provider = createOpenAiProvider({ baseUrl: model.baseUrl, model: 'test-model', timeoutMs: 5000 });
    const deltas: string[] = [];
    const result = await askAdvisor(database.db, provider, {
      userId: crypto.randomUUID(),
      input: input('Are we SOC 2 ready?'),
      onDelta: (text) => deltas.push(text),
    });
    const streamed = deltas.join('');
    expect(streamed).not.toContain('fully compliant');
    expect(streamed).toContain('Collect the access review evidence first.');
    expect(streamed).toContain('Then book the auditor.\nKeep the tickets.');
    expect(streamed.endsWith(ADVISOR_DISCLAIMER)).toBe(true);
    expect(result.message).not.toContain('fully compliant');
    expect(result.message.endsWith(ADVISOR_DISCLAIMER)).toBe(true);
  });

  it('gives a clear error when the model does not answer in time', async () => {
    const model = await startModelServer(() => {
      // never answers
    });
    const provider = createOpenAiProvider({ baseUrl: model.baseUrl, model: 'test-model', timeoutMs: 200 });
    await expect(askAdvisor(database.db, provider, { userId: crypto.randomUUID(), input: input('What is SOC 2?') })).rejects.toMatchObject({
      code: 'UNAVAILABLE',
      message: 'The AI advisor did not answer within 0.2 seconds. Please try again.',
    });
  });

  it('gives a clear error, without the upstream details, when the endpoint fails', async () => {
    const model = await startModelServer((_recorded, response) => {
      response
        .writeHead(500, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: { message: 'Incorrect API key provided: sk-secret' } }));
    });
    const logged: Record<string, unknown>[] = [];
    const provider = createOpenAiProvider({
      baseUrl: model.baseUrl,
      model: 'test-model',
      timeoutMs: 5000,
      log: (details) => logged.push(details),
    });
    const failure = askAdvisor(database.db, provider, { userId: crypto.randomUUID(), input: input('What is SOC 2?') });
    await expect(failure).rejects.toMatchObject({
      code: 'UNAVAILABLE',
      message: 'The AI advisor is unavailable right now (the model endpoint answered 500). Please try again later.',
    });
    await expect(failure).rejects.not.toMatchObject({ message: expect.stringContaining('sk-secret') });
    expect(logged[0]).toMatchObject({ status: 500 });
  });

  it('gives a clear error when nothing listens at the address', async () => {
    const provider = createOpenAiProvider({ baseUrl: 'http://127.0.0.1:9/v1', model: 'test-model', timeoutMs: 5000 });
    await expect(askAdvisor(database.db, provider, { userId: crypto.randomUUID(), input: input('What is SOC 2?') })).rejects.toMatchObject({
      code: 'UNAVAILABLE',
      message: 'The AI advisor could not be reached. Please try again later.',
    });
  });

  it('removes a claim to certify and keeps the disclaimer, whatever the model writes', async () => {
    const model = await startModelServer((_recorded, response) => {
      const answer = 'Your access reviews look solid. You are now fully compliant with SOC 2. Keep reviewing quarterly.';
      response.writeHead(200, { 'content-type': 'application/json' }).end(completion(JSON.stringify({ answer, suggestion: null })));
    });
    const provider = createOpenAiProvider({ baseUrl: model.baseUrl, model: 'test-model', timeoutMs: 5000 });
    const result = await askAdvisor(database.db, provider, {
      userId: crypto.randomUUID(),
      input: input('Are our SOC 2 access reviews enough?'),
    });
    expect(result.message).toBe(`Your access reviews look solid. Keep reviewing quarterly.\n\n${ADVISOR_DISCLAIMER}`);
    expect(result.suggestion).toBeUndefined();
  });

  it('takes plain text as the answer when the endpoint ignores the response format', async () => {
    const model = await startModelServer((_recorded, response) => {
      response.writeHead(200, { 'content-type': 'application/json' }).end(completion('Plain **Markdown** guidance on GDPR Art. 33.'));
    });
    const provider = createOpenAiProvider({ baseUrl: model.baseUrl, model: 'test-model', timeoutMs: 5000 });
    const result = await askAdvisor(database.db, provider, {
      userId: crypto.randomUUID(),
      input: input('How fast do we report a GDPR breach?'),
    });
    expect(result.message).toBe(`Plain **Markdown** guidance on GDPR Art. 33.\n\n${ADVISOR_DISCLAIMER}`);
    expect(result.references).toEqual(['GDPR Art. 33']);
  });
});
