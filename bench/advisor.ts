/**
 * `npm run bench` (advisor part): the builtin advisor on the held-out questions of
 * tests/fixtures/advisor-questions.json, grounded in the real content/ and catalogue (data/catalogue). Prints the hit rate (every
 * required reference cited), the reference recall, the misses, and how long an answer takes
 * (retrieval + composition, in process on PGlite). Figures only, never pass/fail.
 */
import fs from 'node:fs';
import path from 'node:path';
import { openPglite } from '../src/server/db/client.ts';
import { seedReferenceData } from '../src/server/db/seed.ts';
import { evalFixtureSchema, runAdvisorEval } from '../src/server/modules/advisor/advisor-eval.ts';
import { createBuiltinProvider } from '../src/server/modules/advisor/providers/builtin-provider.ts';
import { seedContent } from '../src/server/modules/content/content.service.ts';
import { seedCatalogue } from '../src/server/modules/frameworks/catalogue-seed.ts';

const fixture = evalFixtureSchema.parse(
  JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../tests/fixtures/advisor-questions.json'), 'utf8')),
);

const database = await openPglite();
await database.migrate();
await seedReferenceData(database.db);
const seeded = await seedContent(database.db);
await seedCatalogue(database.db);
const summary = await runAdvisorEval(database.db, createBuiltinProvider(), fixture);
await database.close();

const times = summary.results.map((result) => result.ms).sort((a, b) => a - b);
const percentile = (p: number) => Math.round((times[Math.min(times.length - 1, Math.floor(p * times.length))] ?? 0) * 10) / 10;

console.log(`\nAI advisor (builtin) on ${summary.questions} held-out questions, ${seeded.inserted} content rows`);
console.table({
  'hit rate (all required references cited)': `${summary.hits}/${summary.questions} = ${(summary.hitRate * 100).toFixed(1)}%`,
  'reference recall': `${(summary.referenceRecall * 100).toFixed(1)}%`,
  'answer time p50 / p95 (ms)': `${percentile(0.5)} / ${percentile(0.95)}`,
});
// The catalogue questions (ids c…): "which requirement covers …", answered from data/catalogue first.
const catalogueQuestions = summary.results.filter((result) => result.id.startsWith('c'));
const catalogueHits = catalogueQuestions.filter((result) => result.isHit).length;
console.log(
  `catalogue questions: ${catalogueHits}/${catalogueQuestions.length} = ${((catalogueHits / Math.max(1, catalogueQuestions.length)) * 100).toFixed(1)}% hit rate`,
);
const misses = summary.results.filter((result) => !result.isHit);
if (misses.length > 0) {
  console.log('misses:');
  for (const miss of misses) console.log(`  ${miss.id} ${miss.question}\n      missed ${miss.missed.join(', ')}`);
}
