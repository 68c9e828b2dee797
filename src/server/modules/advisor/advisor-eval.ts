import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { AdvisorProvider } from './providers/provider.ts';
import { citesReference } from './advisor-references.ts';
import { askAdvisor } from './advisor.service.ts';

/**
 * The advisor's evaluation: held-out questions (tests/fixtures/advisor-questions.json), each with
 * the framework references a good answer must cite. A question is a hit when the answer cites all
 * of them; reference recall counts each reference on its own.
 */

export const evalFixtureSchema = z.object({
  description: z.string(),
  questions: z.array(z.object({ id: z.string(), question: z.string().min(1), mustCite: z.array(z.string().min(1)).min(1) })).min(30),
});
export type EvalFixture = z.infer<typeof evalFixtureSchema>;

export interface EvalResult {
  id: string;
  question: string;
  mustCite: string[];
  cited: string[];
  missed: string[];
  isHit: boolean;
  ms: number;
}

export interface EvalSummary {
  results: EvalResult[];
  questions: number;
  hits: number;
  hitRate: number;
  referenceRecall: number;
  medianMs: number;
}

export async function runAdvisorEval(db: Db, provider: AdvisorProvider, fixture: EvalFixture): Promise<EvalSummary> {
  const userId = crypto.randomUUID();
  const results: EvalResult[] = [];
  for (const item of fixture.questions) {
    const started = performance.now();
    const reply = await askAdvisor(db, provider, { userId, input: { message: item.question, mode: 'general', context: {} } });
    const ms = performance.now() - started;
    const cited = item.mustCite.filter((reference) => citesReference(reply.message, reference));
    results.push({
      ...item,
      cited,
      missed: item.mustCite.filter((reference) => !cited.includes(reference)),
      isHit: cited.length === item.mustCite.length,
      ms,
    });
  }
  const expected = results.reduce((sum, result) => sum + result.mustCite.length, 0);
  const found = results.reduce((sum, result) => sum + result.cited.length, 0);
  const times = results.map((result) => result.ms).sort((a, b) => a - b);
  const hits = results.filter((result) => result.isHit).length;
  return {
    results,
    questions: results.length,
    hits,
    hitRate: hits / Math.max(1, results.length),
    referenceRecall: found / Math.max(1, expected),
    medianMs: times[Math.floor(times.length / 2)] ?? 0,
  };
}
