import { z } from 'zod';
import { TASK_COMPLEXITIES, TASK_PRIORITIES, type TaskClassification, WORK_KINDS } from '../../../../shared/schemas/task-requests.ts';
import { stripCertificationClaims } from '../../advisor/advisor-guardrails.ts';
import type { AgentProvider, DraftResult } from './agent-provider.ts';
import { citedSources, groundDraft } from './agent-grounding.ts';
import { AGENT_FOR_KIND } from './builtin-classifier.ts';
import {
  CLASSIFY_RESPONSE_FORMAT,
  CLASSIFY_SYSTEM_PROMPT,
  DRAFT_RESPONSE_FORMAT,
  DRAFT_SYSTEM_PROMPT,
  classifyPrompt,
  draftPrompt,
} from './openai-agent-prompt.ts';

/**
 * The agents on any OpenAI-compatible `/chat/completions` endpoint (the advisor's LLM_* settings),
 * grounded like the builtin provider. Replies are structured JSON validated with zod; an HTTP error,
 * a timeout or an invalid reply throws, and the job retries the run.
 */

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

export function createOpenAiAgentProvider(options: OpenAiAgentProviderOptions): AgentProvider {
  const endpoint = `${options.baseUrl.replace(/\/+$/, '')}/chat/completions`;

  async function complete(system: string, user: string, responseFormat: object): Promise<Completion> {
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
          messages: [
            { role: 'system', content: system },
            { role: 'user', content: user },
          ],
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

  function readJson<T>(content: string, schema: z.ZodType<T>, what: string): T {
    let json: unknown;
    try {
      json = JSON.parse(content.trim().replace(/^```(?:json)?\s*|\s*```$/g, ''));
    } catch {
      throw new AgentProviderError(`The model's ${what} is not JSON.`);
    }
    const result = schema.safeParse(json);
    if (!result.success) {
      throw new AgentProviderError(
        `The model's ${what} does not match the schema: ${result.error.issues.map((issue) => issue.path.join('.') || 'reply').join(', ')}.`,
      );
    }
    return result.data;
  }

  return {
    name: 'openai',
    async classify(input): Promise<TaskClassification> {
      const completion = await complete(CLASSIFY_SYSTEM_PROMPT, classifyPrompt(input, input.now ?? new Date()), CLASSIFY_RESPONSE_FORMAT);
      const reply = readJson(completion.content, classificationSchema, 'classification');
      return {
        ...reply,
        estimateMaxDays: Math.max(reply.estimateMinDays, reply.estimateMaxDays),
        agentId: AGENT_FOR_KIND[reply.workKind],
        provider: 'openai',
      };
    },
    async draft(db, input): Promise<DraftResult> {
      const grounding = await groundDraft(db, input);
      const completion = await complete(DRAFT_SYSTEM_PROMPT, draftPrompt(grounding, input), DRAFT_RESPONSE_FORMAT);
      const reply = readJson(completion.content, draftSchema, 'draft');
      const body = stripCertificationClaims(reply.body);
      if (input.previous && body === input.previous.body.trim())
        throw new AgentProviderError('The model returned the previous draft unchanged.');
      return {
        ...reply,
        summary: stripCertificationClaims(reply.summary),
        body,
        // Only what the grounding really holds counts as a source: an invented reference is not one.
        sources: citedSources(body, grounding),
        provider: 'openai',
        model: completion.model,
        inputTokens: completion.inputTokens,
        outputTokens: completion.outputTokens,
      };
    },
  };
}
