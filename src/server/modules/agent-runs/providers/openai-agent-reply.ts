import type { z } from 'zod';

/**
 * Reading a model's reply (docs/delivery.md "Providers", `openai`): the JSON it was asked for,
 * repaired when the fault is only its wrapping, and what is wrong with it when the model must be
 * asked again.
 */

export type ReplyProblem =
  | { kind: 'not_json' }
  | { kind: 'schema'; fields: string[] }
  /** Citations the frameworks catalogue does not hold, or of a framework the client put out of scope (check-references.ts). */
  | { kind: 'bad_references'; unknown: string[]; outOfScope: string[] };

export type ReadReply<T> = { ok: true; value: T } | { ok: false; problem: ReplyProblem };

/**
 * The JSON object in a reply. Models wrap it in a code fence or a sentence, or leave a trailing comma:
 * those are repaired (the first `{` to the last `}`, no comma before a closing bracket). Anything
 * else is not JSON, and the model is asked again.
 */
export function parseModelJson(content: string): unknown {
  const candidates = [content.trim()];
  const unfenced = content.replace(/^[\s\S]*?```(?:json)?\s*/i, '').replace(/\s*```[\s\S]*$/, '');
  candidates.push(unfenced.trim());
  const start = content.indexOf('{');
  const end = content.lastIndexOf('}');
  if (start >= 0 && end > start) {
    const object = content.slice(start, end + 1);
    candidates.push(object, object.replaceAll(/,(\s*[}\]])/g, '$1'));
  }
  for (const candidate of candidates) {
    try {
      return JSON.parse(candidate) as unknown;
    } catch {
      // the next repair
    }
  }
  return undefined;
}

export function readReply<T>(content: string, schema: z.ZodType<T>): ReadReply<T> {
  const json = parseModelJson(content);
  if (json === undefined) return { ok: false, problem: { kind: 'not_json' } };
  const result = schema.safeParse(json);
  if (!result.success) {
    const fields = [...new Set(result.error.issues.map((issue) => issue.path.join('.') || 'reply'))];
    return { ok: false, problem: { kind: 'schema', fields } };
  }
  return { ok: true, value: result.data };
}
