import { z } from 'zod';
import { TASK_COMPLEXITIES, TASK_PRIORITIES, type TaskClassification, WORK_KINDS } from '../../../../shared/schemas/task-requests.ts';
import { stripCertificationClaims } from '../../advisor/advisor-guardrails.ts';
import type { AgentProvider, DraftResult } from './agent-provider.ts';
import { citedSources, groundDraft } from './agent-grounding.ts';
import { AGENT_FOR_KIND } from './builtin-classifier.ts';
import { applyReviewNotes } from '../notes/apply-notes.ts';
import {
  CLASSIFY_RESPONSE_FORMAT,
  CLASSIFY_SYSTEM_PROMPT,
  DRAFT_RESPONSE_FORMAT,
  DRAFT_SYSTEM_PROMPT,
  classifyPrompt,
  correctionPrompt,
  draftPrompt,
} from './openai-agent-prompt.ts';
import { type ReplyProblem, readReply } from './openai-agent-reply.ts';
import { referenceContext, referenceProblems } from '../check-references.ts';

/**
 * The agents on any OpenAI-compatible `/chat/completions` endpoint (the advisor's LLM_* settings),
 * grounded like the builtin provider, with the facts the client stated (readBrief). Replies are
 * structured JSON validated with zod. A reply wrapped in prose or a code fence is repaired; a reply
 * that is not JSON, does not match the schema, or cites a reference the frameworks catalogue does not
 * hold or of an out-of-scope framework (check-references.ts) is sent back with what is wrong, at most
 * MAX_REPLY_ATTEMPTS times in all. After the last attempt a draft still citing such a reference goes
 * on, and the pipeline's one reference check (run-agent.ts) takes it out before review; a reply that
 * never parsed throws, so the job retries the run. An HTTP error or a timeout throws at once.
 */

/** Replies asked for one draft or classification: the first and two corrections. */
export const MAX_REPLY_ATTEMPTS = 3;

interface Message {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface OpenAiAgentProviderOptions {
  baseUrl: string;
  model: string;
  apiKey?: string;
  timeoutMs: number;
  /** Where upstream failure details go (never into a run's stored error: they can name keys or hosts). */
  log?: (details: Record<string, unknown>, message: string) => void;
}

export class AgentProviderError extends Error {
  override readonly name = 'AgentProviderError';
}

const completionSchema = z.object({
  model: z.string().optional(),
  choices: z.array(z.object({ message: z.object({ content: z.string().nullish() }) })).min(1),
  usage: z.object({ prompt_tokens: z.number().int().nonnegative(), completion_tokens: z.number().int().nonnegative() }).partial().nullish(),
});

const classificationSchema = z.object({
  workKind: z.enum(WORK_KINDS),
  priority: z.enum(TASK_PRIORITIES),
  complexity: z.enum(TASK_COMPLEXITIES),
  estimateMinDays: z.number().int().min(1).max(60),
  estimateMaxDays: z.number().int().min(1).max(90),
  reasons: z.array(z.string().trim().min(1).max(500)).min(1).max(8),
});

const draftSchema = z.object({
  title: z.string().trim().min(3).max(200),
  confidence: z.number().int().min(0).max(100),
  summary: z.string().trim().min(10).max(2000),
  keyFindings: z.array(z.string().trim().min(1).max(1000)).min(1).max(12),
  riskScore: z.number().int().min(0).max(100),
  recommendations: z.array(z.string().trim().min(1).max(1000)).min(1).max(12),
  body: z.string().trim().min(200).max(100_000),
});

interface Completion {
  content: string;
  model: string;
  inputTokens: number | null;
  outputTokens: number | null;
}

/** One chat completion: an HTTP error, a timeout or a reply that is not a completion throws at once. */
async function requestCompletion(
  options: OpenAiAgentProviderOptions,
  endpoint: string,
  messages: readonly Message[],
  responseFormat: object,
): Promise<Completion> {
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  if (options.apiKey) headers.authorization = `Bearer ${options.apiKey}`;
  let response: Response;
  try {
    response = await fetch(endpoint, {
      method: 'POST',
      headers,
      signal: AbortSignal.timeout(options.timeoutMs),
      body: JSON.stringify({
        model: options.model,
        temperature: 0.2,
        stream: false,
        response_format: responseFormat,
        messages,
      }),
    });
  } catch (error) {
    options.log?.({ err: error }, 'LLM endpoint unreachable');
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    throw new AgentProviderError(
      timedOut ? `The model did not answer within ${options.timeoutMs} ms.` : 'The model endpoint could not be reached.',
    );
  }
  if (!response.ok) {
    options.log?.({ status: response.status, body: (await response.text()).slice(0, 500) }, 'LLM endpoint answered with an error');
    throw new AgentProviderError(`The model endpoint answered ${response.status}.`);
  }
  const parsed = completionSchema.safeParse(await response.json().catch(() => null));
  if (!parsed.success) throw new AgentProviderError('The model endpoint sent a reply that is not a chat completion.');
  return {
    content: parsed.data.choices[0]?.message.content ?? '',
    model: parsed.data.model ?? options.model,
    inputTokens: parsed.data.usage?.prompt_tokens ?? null,
    outputTokens: parsed.data.usage?.completion_tokens ?? null,
  };
}

/** How each reply problem reads in the log and in the error. */
const describe: Record<ReplyProblem['kind'], string> = {
  not_json: 'is not JSON',
  schema: 'does not match the schema',
  bad_references: 'cites references the catalogue does not hold or that are out of scope',
};

export function createOpenAiAgentProvider(options: OpenAiAgentProviderOptions): AgentProvider {
  const endpoint = `${options.baseUrl.replace(/\/+$/, '')}/chat/completions`;

  const complete = (messages: readonly Message[], responseFormat: object) => requestCompletion(options, endpoint, messages, responseFormat);

  /**
   * Asks, reads, and asks again with what was wrong, at most MAX_REPLY_ATTEMPTS times. `check` may find
   * a fault in a reply that parsed (a bad reference); the last such reply is still used.
   */
  async function converse<T>(
    system: string,
    user: string,
    responseFormat: object,
    schema: z.ZodType<T>,
    what: string,
    check: (value: T) => ReplyProblem | null = () => null,
  ) {
    const messages: Message[] = [
      { role: 'system', content: system },
      { role: 'user', content: user },
    ];
    let inputTokens: number | null = null;
    let outputTokens: number | null = null;
    let model = options.model;
    let usable: { value: T; problem: ReplyProblem | null } | null = null;
    let lastProblem: ReplyProblem = { kind: 'not_json' };
    for (let attempt = 1; attempt <= MAX_REPLY_ATTEMPTS; attempt++) {
      const completion = await complete(messages, responseFormat);
      model = completion.model;
      if (completion.inputTokens !== null) inputTokens = (inputTokens ?? 0) + completion.inputTokens;
      if (completion.outputTokens !== null) outputTokens = (outputTokens ?? 0) + completion.outputTokens;
      const read = readReply(completion.content, schema);
      const problem = read.ok ? check(read.value) : read.problem;
      if (read.ok) usable = { value: read.value, problem };
      if (!problem) break;
      lastProblem = problem;
      options.log?.({ attempt, problem }, `LLM ${what} ${describe[problem.kind]}; asking again`);
      if (attempt < MAX_REPLY_ATTEMPTS) {
        messages.push({ role: 'assistant', content: completion.content }, { role: 'user', content: correctionPrompt(problem) });
      }
    }
    if (!usable) {
      const detail = lastProblem.kind === 'schema' ? `: ${lastProblem.fields.join(', ')}` : '';
      throw new AgentProviderError(`The model's ${what} ${describe[lastProblem.kind]}${detail} after ${MAX_REPLY_ATTEMPTS} attempts.`);
    }
    return { ...usable, model, inputTokens, outputTokens };
  }

  return {
    name: 'openai',
    async classify(input): Promise<TaskClassification> {
      const reply = await converse(
        CLASSIFY_SYSTEM_PROMPT,
        classifyPrompt(input, input.now ?? new Date()),
        CLASSIFY_RESPONSE_FORMAT,
        classificationSchema,
        'classification',
      );
      return {
        ...reply.value,
        estimateMaxDays: Math.max(reply.value.estimateMinDays, reply.value.estimateMaxDays),
        agentId: AGENT_FOR_KIND[reply.value.workKind],
        provider: 'openai',
      };
    },
    async draft(db, input): Promise<DraftResult> {
      const grounding = await groundDraft(db, input);
      const context = referenceContext(
        grounding.facts,
        grounding.frameworks.map((framework) => framework.id),
      );
      const reply = await converse(
        DRAFT_SYSTEM_PROMPT,
        draftPrompt(grounding, input),
        DRAFT_RESPONSE_FORMAT,
        draftSchema,
        'draft',
        (draft) => {
          const problems = referenceProblems(draftText(draft), context);
          return problems.unknown.length + problems.outOfScope.length > 0 ? { kind: 'bad_references', ...problems } : null;
        },
      );
      // Still wrong after the last attempt: the pipeline's one reference check (run-agent.ts,
      // checkDraftReferences) takes those citations out before review and tells the reviewer.
      const body = stripCertificationClaims(reply.value.body);
      if (input.previous && body === input.previous.body.trim())
        throw new AgentProviderError('The model returned the previous draft unchanged.');
      const draft: DraftResult = {
        ...reply.value,
        summary: stripCertificationClaims(reply.value.summary),
        body,
        // Only what the grounding really holds counts as a source: an invented reference is not one.
        sources: citedSources(body, grounding),
        provider: 'openai',
        model: reply.model,
        inputTokens: reply.inputTokens,
        outputTokens: reply.outputTokens,
      };
      // The model's own account of its changes is replaced by one checked against the previous version.
      return applyReviewNotes({ draft, grounding, previous: input.previous, reviewNotes: input.reviewNotes }).draft;
    },
  };
}

type Draft = z.infer<typeof draftSchema>;

/** Every text of a draft a reviewer reads. */
function draftText(draft: Draft): string {
  return [draft.title, draft.summary, ...draft.keyFindings, ...draft.recommendations, draft.body].join('\n');
}
