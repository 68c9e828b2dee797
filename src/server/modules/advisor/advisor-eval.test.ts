import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../tests/test-database.ts';
import { seedContent } from '../content/content.service.ts';
import { type EvalSummary, evalFixtureSchema, runAdvisorEval } from './advisor-eval.ts';
import { createBuiltinProvider } from './providers/builtin-provider.ts';

/**
 * The builtin advisor on the held-out questions, grounded in the real content/ (the frameworks
 * catalogue and knowledge base the product ships).
 *
 * Floor: 0.8 of questions answered with every reference they must cite. Each question names its
 * framework and the reference sits in that framework's requirement list, so a retrieval or
 * citation regression shows up as several misses at once; 0.8 leaves room for a wording change in
 * content/ moving one or two answers, without letting a broken retrieval pass.
 */
const HIT_RATE_FLOOR = 0.8;

const fixture = evalFixtureSchema.parse(
  JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../../../../tests/fixtures/advisor-questions.json'), 'utf8')),
);

let database: TestDatabase;
let summary: EvalSummary;
beforeAll(async () => {
  database = await createTestDatabase();
  await seedContent(database.db);
  summary = await runAdvisorEval(database.db, createBuiltinProvider(), fixture);
}, 120_000);
afterAll(() => database.dispose());

describe('the advisor evaluation', () => {
  it('holds at least 30 held-out questions, each with the references it must cite', () => {
    expect(fixture.questions.length).toBeGreaterThanOrEqual(30);
    expect(new Set(fixture.questions.map((item) => item.id)).size).toBe(fixture.questions.length);
  });

  it(`cites what a good answer must cite for at least ${HIT_RATE_FLOOR * 100}% of the questions`, () => {
    const misses = summary.results
      .filter((result) => !result.isHit)
      .map((result) => `${result.id} ${result.question} — missed ${result.missed.join(', ')}`);
    expect(summary.hitRate, `hit rate ${summary.hitRate.toFixed(2)}; misses:\n${misses.join('\n')}`).toBeGreaterThanOrEqual(HIT_RATE_FLOOR);
    expect(summary.referenceRecall).toBeGreaterThanOrEqual(HIT_RATE_FLOOR);
  });
});
