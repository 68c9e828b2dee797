/**
 * `npm test`, what CI runs: type-check, lint, unit and integration tests on PGlite and (with
 * DATABASE_URL) PostgreSQL, build, browser journeys — the same steps as the npm scripts of those
 * names, but with the steps that wait on different things side by side, so neither of CI's two
 * cores idles (docs/decisions/013-ci-under-fifteen-minutes.md):
 *
 *   1. react-router typegen, then ESLint ∥ oxlint (the type-check on TypeScript 7's native checker and
 *      the type-aware promise rules) → import layers → table writers → Prettier: `npm run lint`
 *   2. server tests on PostgreSQL (a worker per core; they wait on the database server), then on
 *      PGlite (a worker per core; with DATABASE_URL only the files about the engines and those
 *      that need no database, decision 015)  ∥  web tests in jsdom, then the build
 *   3. journeys (Playwright)
 *
 * A stage starts only when the previous one passed; a failure names its step in one line.
 */
import { binStep, exitOnFailure, npmScript, runTogether, scriptCommands, unitSteps } from './test-steps.ts';

const [eslint, ...restOfLint] = scriptCommands('lint');
if (!eslint) throw new Error('npm test: the lint script has no command');

const stages = {
  // The route types typegen writes are read by the type-check.
  types: [binStep('route types (react-router typegen)', 'react-router', ['typegen'])],
  // ESLint (syntax and layers; single-threaded) in one lane; the rest of `npm run lint` in the other:
  // oxlint (the type-check and the type-aware promise rules on TypeScript 7; two threads once ESLint
  // is done), import layers, table writers, Prettier. Quiet machine: ESLint 72 s ∥ oxlint 89 s → 3 s →
  // 2 s → Prettier 38 s, 134 s in all. Prettier moved after ESLint measured no better (144 s both ways
  // in one sitting): oxlint uses two threads, so the cores are already shared (decision 013).
  checks: [eslint, restOfLint],
  // Two lanes, not two stages: the server tests on one engine then the other, and beside them the
  // web tests then the build. The machine is busy throughout (99–100 %, sampled): PGlite moved beside
  // PostgreSQL (after the build) made the stage longer, 655 s against 633, PGlite alone taking 305 s
  // instead of 134 (stop 44, decision 013).
  unit: [
    [unitSteps.postgres, unitSteps.pglite],
    [unitSteps.web, npmScript('build', 'build')],
  ],
  journeys: [npmScript('journeys', 'test:e2e')],
};
type Stage = keyof typeof stages;

// `npm test -- --only=types,checks` runs some stages (for measuring them); CI runs them all.
const only = process.argv
  .find((arg) => arg.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',');
const unknown = only?.filter((name) => !(name in stages));
if (unknown?.length) throw new Error(`npm test: no stage ${unknown.join(', ')} (stages: ${Object.keys(stages).join(', ')})`);

const started = Date.now();
for (const [name, steps] of Object.entries(stages) as [Stage, (typeof stages)[Stage]][]) {
  if (only && !only.includes(name)) continue;
  exitOnFailure(await runTogether(steps), 'npm test');
}
process.stdout.write(`\nnpm test passed in ${((Date.now() - started) / 60_000).toFixed(1)} min\n`);
