/**
 * Steps of `npm test` and `npm run test:unit`, run as child processes, some side by side on the two
 * cores of CI. One step of a parallel group streams its output live; the others are buffered and
 * printed whole when they end, under a header, so reports never interleave. A failing step is named
 * in one line at the end, and the run exits non-zero.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');
const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);

export interface Step {
  /** What the failure line calls it: "type-check (tsc)", "unit tests on PGlite". */
  label: string;
  command: string;
  args: string[];
  /** Extra environment for this step. */
  env?: Record<string, string>;
}

/** `npm run <script>`, as a developer runs it. */
export function npmScript(label: string, script: string): Step {
  return { label, command: 'npm', args: ['run', '--silent', script] };
}

/** A binary of node_modules/.bin. */
export function binStep(label: string, name: string, args: string[], env?: Record<string, string>): Step {
  return { label, command: bin(name), args, env };
}

/**
 * The commands of an npm script joined by `&&` (`lint`: ESLint, then the import-layer and
 * table-writer checks, then Prettier), one step each, so a stage can spread them over its lanes;
 * the script stays the one list of what `npm run lint` checks.
 */
export function scriptCommands(script: string): Step[] {
  const scripts = (JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
  const text = scripts[script];
  if (!text) throw new Error(`package.json has no script ${script}`);
  // As `npm run` does, the project's binaries (and its node) come first on the PATH.
  const env = { PATH: `${path.join(root, 'node_modules', '.bin')}${path.delimiter}${process.env.PATH ?? ''}` }; // eslint-disable-line n/no-process-env -- extended for the step, as npm run does
  return text
    .split(' && ')
    .map((command) => ({ label: `${script}: ${command.split(' ').slice(0, 2).join(' ')}`, command: 'sh', args: ['-c', command], env }));
}

/** One Vitest project; `workers` overrides Vitest's default (cores − 1, i.e. one worker on CI's two cores). */
export function vitestStep(
  label: string,
  project: string,
  options: { noIsolate?: boolean; workers?: number; extra?: string[] } = {},
): Step {
  const args = ['run', '--project', project];
  if (options.noIsolate) args.push('--no-isolate');
  if (options.workers) args.push(`--maxWorkers=${options.workers}`, `--minWorkers=1`);
  return binStep(label, 'vitest', [...args, ...(options.extra ?? [])]);
}

/** All cores for one Vitest project running beside another (never fewer than two). */
export function allCores(): number {
  return Math.max(2, os.availableParallelism());
}

/**
 * The Vitest runs of `npm run test:unit` and of `npm test`. With DATABASE_URL the PGlite project
 * holds only the files about the engines and those that need no database (decision 015), and the
 * web tests run beside it; the PostgreSQL project runs every database test, beside the build.
 */
export const unitSteps = {
  pglite: vitestStep('server tests on PGlite', 'pglite', { noIsolate: true, workers: allCores() }),
  // Without DATABASE_URL this project has no files.
  postgres: vitestStep('server tests on PostgreSQL', 'postgres', { noIsolate: true, workers: allCores(), extra: ['--passWithNoTests'] }),
  web: vitestStep('web tests (jsdom)', 'web'),
};

export interface StepResult {
  step: Step;
  code: number;
  seconds: number;
}

interface Finished extends StepResult {
  /** The buffered output (empty for the live step). */
  output: Buffer;
}

function runStep(step: Step, buffered: boolean): Promise<Finished> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(step.command, step.args, {
      cwd: root,
      stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      // The children inherit the environment (DATABASE_URL decides the PostgreSQL run); colour is kept for the buffered ones.
      env: { ...process.env, ...(buffered ? { FORCE_COLOR: '1' } : {}), ...step.env }, // eslint-disable-line n/no-process-env -- passed through to the steps
    });
    const output: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
    let done = false;
    const finish = (code: number) => {
      if (done) return;
      done = true;
      resolve({ step, code, seconds: (Date.now() - started) / 1000, output: Buffer.concat(output) });
    };
    child.on('error', (error) => {
      output.push(Buffer.from(`${step.command}: ${error.message}\n`));
      finish(1);
    });
    child.on('close', (code, signal) => finish(code ?? (signal ? 1 : 0)));
  });
}

function printBuffered(result: Finished): void {
  process.stdout.write(`\n── ${result.step.label} (${result.seconds.toFixed(0)} s) ──\n`);
  process.stdout.write(result.output);
}

/** Steps run one after another beside the other lanes of a stage (a lane of one step is that step). */
export type Lane = Step | readonly Step[];

const stepsOf = (lane: Lane): readonly Step[] => ('command' in lane ? [lane] : lane);

/** A lane's steps one after another; each runs whatever the one before it gave (all are reported). */
async function runLane(lane: Lane, buffered: boolean): Promise<Finished[]> {
  const results: Finished[] = [];
  for (const step of stepsOf(lane)) results.push(await runStep(step, buffered));
  return results;
}

/**
 * Runs the lanes side by side; the first streams live, the others' steps print whole, in order,
 * once the live lane has ended (so the live report is never cut). Resolves with every step's result.
 */
export async function runTogether(lanes: readonly Lane[]): Promise<StepResult[]> {
  const [live, ...rest] = lanes;
  if (!live) return [];
  process.stdout.write(
    `\n▶ ${lanes
      .map((lane) =>
        stepsOf(lane)
          .map((step) => step.label)
          .join(' → '),
      )
      .join('  ∥  ')}\n`,
  );
  const others = rest.map((lane) => runLane(lane, true));
  const results: Finished[] = await runLane(live, false);
  for (const other of others) {
    for (const result of await other) {
      printBuffered(result);
      results.push(result);
    }
  }
  for (const result of results)
    process.stdout.write(`  ${result.code === 0 ? '✓' : '✘'} ${result.step.label}: ${result.seconds.toFixed(0)} s\n`);
  return results.map(({ step, code, seconds }) => ({ step, code, seconds }));
}

/** The failed steps, each named on one line; exits the process non-zero when there is any. */
export function exitOnFailure(results: StepResult[], what: string): void {
  const failed = results.filter((result) => result.code !== 0);
  if (failed.length === 0) return;
  for (const result of failed) process.stderr.write(`\n✘ ${what}: ${result.step.label} failed (exit code ${result.code})\n`);
  process.exit(1);
}

/**
 * A server test file that never reaches a database — no test database or fixture built on one, no
 * app, no child process, no environment — gives the same result on either engine, so only the
 * PGlite project runs it (docs/decisions/013). Any of these words in the file keeps it on both: a
 * false "needs a database" costs seconds, a false "engine-agnostic" would lose coverage.
 */
export const ENGINE_MARKERS =
  /test-database|tenant-fixture|auth-helpers|compliance-fixtures|task-request-fixture|fake-auth|DATABASE|process\.env|\/db\/|app\.ts|main\.ts|worker\.ts|child_process|buildApp/;

/**
 * A database test file that is about the embedded engine itself, or about what differs between
 * the engines (one connection against a pool: races, claims, crashes, restarts, migrations), names
 * it — or says `@both-engines` — and runs on PGlite even when PostgreSQL is there (decision 015).
 */
export const BOTH_ENGINES_MARKERS = /pglite|TEST_DATABASE|crash-children|@both-engines/i;

const serverTestFiles = (): string[] => fs.globSync('src/server/**/*.test.ts', { cwd: root }).sort();
const sourceOf = (file: string): string => fs.readFileSync(path.join(root, file), 'utf8');

export function engineAgnosticServerTests(): string[] {
  return serverTestFiles().filter((file) => !ENGINE_MARKERS.test(sourceOf(file)));
}

/**
 * The server test files the PGlite project runs when a PostgreSQL server is there too: the
 * engine-agnostic ones (they run nowhere else) and the ones about the engines. Every other
 * database test runs once, on PostgreSQL — the engine companies run on — while the journeys drive
 * the whole product on PGlite. `TEST_BOTH_ENGINES=1` runs every file on both, as the suite did
 * before decision 015; without DATABASE_URL every file runs on PGlite.
 */
export function pgliteServerTestsBesidePostgres(): string[] {
  return serverTestFiles().filter((file) => {
    const source = sourceOf(file);
    return !ENGINE_MARKERS.test(source) || BOTH_ENGINES_MARKERS.test(source);
  });
}
