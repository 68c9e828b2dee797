import { z } from 'zod';
import { aiSuggestionSchema } from '../../../../shared/schemas/advisor.ts';
import { type AdvisorDraft, type AdvisorProvider, AdvisorProviderError, type AdvisorRequest, type AnswerOptions } from './provider.ts';
import { extractReferences, findReferences } from '../advisor-references.ts';
import { JsonStringFieldStream } from './json-field-stream.ts';
import { RESPONSE_FORMAT, SYSTEM_PROMPT, userPrompt } from './openai-prompt.ts';

/**
 * Any OpenAI-compatible chat-completions endpoint (hosted models, Ollama, vLLM, LM Studio …),
 * grounded with the same retrieval as the builtin provider. Structured output carries the
 * suggestion; with streaming on, the answer's text is passed on as the model writes it.
 */

export interface OpenAiProviderOptions {
  baseUrl: string;
  model: string;
  apiKey?: string;
  timeoutMs: number;
  /** `false` never asks the endpoint to stream; otherwise it streams whenever the caller takes deltas. */
  stream?: boolean;
  /** Where upstream failure details go (never to the user: they can name keys or hosts). */
  log?: (details: Record<string, unknown>, message: string) => void;
}

const replySchema = z.object({ answer: z.string(), suggestion: z.unknown().optional() });

const completionSchema = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string().nullish() }) })).min(1),
});

const chunkSchema = z.object({
  choices: z.array(z.object({ delta: z.object({ content: z.string().nullish() }).partial().optional() })).optional(),
});

async function readStream(response: Response, onText: (text: string) => void): Promise<string> {
  if (!response.body) throw new AdvisorProviderError('The AI provider sent an empty stream.');
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let pending = '';
  let content = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    pending += value;
    const lines = pending.split(/\r?\n/);
    pending = lines.pop() ?? '';
    for (const line of lines) {
      if (!line.startsWith('data:')) continue;
      const data = line.slice(5).trim();
      if (data === '[DONE]') return content;
      let json: unknown;
      try {
        json = JSON.parse(data);
      } catch {
        continue; // a keep-alive or a vendor comment, not a chunk
      }
      const parsed = chunkSchema.safeParse(json);
      const piece = parsed.success ? (parsed.data.choices?.[0]?.delta?.content ?? '') : '';
      if (piece) {
        content += piece;
        onText(piece);
      }
    }
  }
  return content;
}

function toDraft(content: string, request: AdvisorRequest): AdvisorDraft {
  let answer = content.trim();
  let suggestion: AdvisorDraft['suggestion'] = null;
  try {
    const reply = replySchema.parse(JSON.parse(content));
    answer = reply.answer.trim();
    const parsed = aiSuggestionSchema.safeParse(reply.suggestion);
    suggestion = parsed.success ? parsed.data : null;
  } catch {
    // The endpoint ignored the response format: the whole text is the answer, without a suggestion.
  }
  if (!answer) throw new AdvisorProviderError('The AI advisor returned an empty answer. Please try again.');
  // Only references the retrieved documents really contain count as grounded.
  const grounded = new Set(
    request.documents.flatMap((document) => findReferences(document.body, document.framework).map((r) => r.citation)),
  );
  const references = extractReferences(answer).filter((citation) => grounded.has(citation));
  return { answer, suggestion, references, usedDocumentIds: request.documents.map((document) => document.id) };
}

export function createOpenAiProvider(options: OpenAiProviderOptions): AdvisorProvider {
  const endpoint = `${options.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  const seconds = Math.round(options.timeoutMs / 100) / 10;
  return {
    name: 'openai',
    async answer(request: AdvisorRequest, answerOptions?: AnswerOptions): Promise<AdvisorDraft> {
      const timeout = AbortSignal.timeout(options.timeoutMs);
      const signal = answerOptions?.signal ? AbortSignal.any([timeout, answerOptions.signal]) : timeout;
      const stream = options.stream !== false && Boolean(answerOptions?.onDelta);
      const headers: Record<string, string> = {
        'content-type': 'application/json',
        accept: stream ? 'text/event-stream' : 'application/json',
      };
      if (options.apiKey) headers.authorization = `Bearer ${options.apiKey}`;
      try {
        const response = await fetch(endpoint, {
          method: 'POST',
          headers,
          signal,
          body: JSON.stringify({
            model: options.model,
            temperature: 0.2,
            stream,
            response_format: RESPONSE_FORMAT,
            messages: [
              { role: 'system', content: SYSTEM_PROMPT },
              { role: 'user', content: userPrompt(request) },
            ],
          }),
        });
        if (!response.ok) {
          options.log?.({ status: response.status, body: (await response.text()).slice(0, 500) }, 'LLM endpoint answered with an error');
          throw new AdvisorProviderError(
            `The AI advisor is unavailable right now (the model endpoint answered ${response.status}). Please try again later.`,
          );
        }
        let content: string;
        if (stream) {
          const field = new JsonStringFieldStream('answer');
          content = await readStream(response, (piece) => {
            const text = field.push(piece);
            if (text) answerOptions?.onDelta?.(text);
          });
        } else {
          const completion = completionSchema.safeParse(await response.json());
          if (!completion.success) throw new AdvisorProviderError('The AI advisor sent a reply it could not read. Please try again.');
          content = completion.data.choices[0]?.message.content ?? '';
        }
        return toDraft(content, request);
      } catch (error) {
        if (error instanceof AdvisorProviderError) throw error;
        if (timeout.aborted) throw new AdvisorProviderError(`The AI advisor did not answer within ${seconds} seconds. Please try again.`);
        if (answerOptions?.signal?.aborted) throw error;
        options.log?.({ err: error }, 'LLM endpoint unreachable');
        throw new AdvisorProviderError('The AI advisor could not be reached. Please try again later.');
      }
    },
  };
}
