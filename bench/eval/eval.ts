/**
 * `npm run eval`: the agents' fidelity to what the client asked (docs/delivery.md "Evaluation").
 * Every brief of bench/eval/briefs/ goes through the configured agent provider (builtin by default;
 * LLM_PROVIDER=openai with LLM_BASE_URL and LLM_MODEL runs the same briefs through that model) on an
 * in-memory PGlite seeded with the frameworks catalogue and the knowledge base. Prints figures per
 * check and per kind of work, the briefs fully right, and what failed. Figures only, never pass/fail.
 *
 *   npm run eval                      all briefs, failures listed
 *   npm run eval -- --only=gap        briefs whose id starts with "gap"
 *   npm run eval -- --json=out.json   also write every result (with the drafts) to a file
 *   npm run eval -- --quiet           figures only
 *
 * Then the vendor document reader's accuracy on its generated corpus (bench/eval/reader-eval.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { WORK_KINDS } from '../../src/shared/schemas/task-requests.ts';
import { openPglite } from '../../src/server/db/client.ts';
import { seedReferenceData } from '../../src/server/db/seed.ts';
import { parseEnv } from '../../src/server/env.ts';
import { createAgentProvider } from '../../src/server/modules/agent-runs/providers/choose-agent-provider.ts';
import { seedContent } from '../../src/server/modules/content/content.service.ts';
import { seedCatalogue } from '../../src/server/modules/frameworks/catalogue-seed.ts';
import { type EvalBrief, evalBriefFileSchema } from './brief-schema.ts';
import { CHECKS, CHECK_LABELS, type CheckItem } from './checks.ts';
import { evaluateReader } from './reader-eval.ts';
import { type BriefResult, evaluateBrief, knownCodes } from './run-eval.ts';

const { values: args } = parseArgs({
  options: { only: { type: 'string' }, json: { type: 'string' }, quiet: { type: 'boolean', default: false } },
});

const briefsDir = path.resolve(import.meta.dirname, 'briefs');
const briefs: EvalBrief[] = fs
  .readdirSync(briefsDir)
  .filter((file) => file.endsWith('.json'))
  .sort()
  .flatMap((file) => {
    const parsed = evalBriefFileSchema.safeParse(JSON.parse(fs.readFileSync(path.join(briefsDir, file), 'utf8')));
    if (!parsed.success) throw new Error(`${file}: ${parsed.error.message}`);
    return parsed.data;
  })
  .filter((brief) => !args.only || brief.id.startsWith(args.only));
const ids = new Set<string>();
for (const brief of briefs) {
  if (ids.has(brief.id)) throw new Error(`Two briefs are called ${brief.id}.`);
  ids.add(brief.id);
}

// eslint-disable-next-line n/no-process-env -- like the server, the evaluation runs the provider the environment configures
const env = parseEnv({ ...process.env, NODE_ENV: 'test' });
const provider = createAgentProvider(env, (details, message) => console.warn(message, details));

const database = await openPglite();
await database.migrate();
await seedReferenceData(database.db);
await seedCatalogue(database.db);
await seedContent(database.db);
const known = await knownCodes(database.db);

const results: BriefResult[] = [];
for (const brief of briefs) results.push(await evaluateBrief(database.db, provider, brief, known));
await database.close();

const percent = (passed: number, total: number) => (total === 0 ? '—' : `${((passed / total) * 100).toFixed(1)}%`);
const tally = (items: CheckItem[]) => ({ passed: items.filter((item) => item.passed).length, total: items.length });
const isRight = (result: BriefResult) => result.items.every((item) => item.passed);
const allItems = results.flatMap((result) => result.items);

console.log(
  `\nAgent evaluation: ${results.length} briefs, provider ${provider.name}${env.LLM_PROVIDER === 'openai' ? ` (${env.LLM_MODEL})` : ''}`,
);
console.log('\nPer check');
console.table(
  Object.fromEntries(
    CHECKS.map((check) => {
      const { passed, total } = tally(allItems.filter((item) => item.check === check));
      return [CHECK_LABELS[check], { passed, checks: total, fidelity: percent(passed, total) }];
    }),
  ),
);
console.log('Per kind of work');
console.table(
  Object.fromEntries(
    WORK_KINDS.map((kind) => {
      const ofKind = results.filter((result) => result.brief.kind === kind);
      const { passed, total } = tally(ofKind.flatMap((result) => result.items));
      return [
        kind,
        {
          briefs: ofKind.length,
          'fully right': ofKind.filter(isRight).length,
          checks: total,
          fidelity: percent(passed, total),
        },
      ];
    }),
  ),
);
const overall = tally(allItems);
const right = results.filter(isRight).length;
const times = results.map((result) => result.ms).sort((a, b) => a - b);
console.log(
  `Overall: ${overall.passed}/${overall.total} checks = ${percent(overall.passed, overall.total)}; briefs fully right ${right}/${results.length} = ${percent(right, results.length)}; median ${Math.round(times[Math.floor(times.length / 2)] ?? 0)} ms a brief`,
);

if (!args.quiet) {
  const failed = results.filter((result) => !isRight(result));
  if (failed.length > 0) console.log('\nWhat failed');
  for (const result of failed) {
    console.log(`  ${result.brief.id} (${result.brief.kind}, ${result.brief.voice}) ${result.brief.title}`);
    for (const item of result.items.filter((entry) => !entry.passed)) console.log(`      ${item.check}: ${item.item} — ${item.detail}`);
  }
}

await evaluateReader(args.quiet);

if (args.json) {
  fs.writeFileSync(args.json, JSON.stringify(results, null, 2));
  console.log(`\nResults written to ${args.json}`);
}
