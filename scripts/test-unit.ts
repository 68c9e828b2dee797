/**
 * `npm run test:unit`: the server tests on PGlite and the web component tests run side by side (two
 * cores: one is WASM PostgreSQL in-process, the other jsdom), then the server tests again on
 * PostgreSQL when DATABASE_URL is set. The web run's output is printed when it ends, so the two
 * reports never interleave. Exits non-zero when any run fails.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';

const vitest = path.resolve(import.meta.dirname, '../node_modules/vitest/vitest.mjs');

function run(args: string[], options: { buffered: boolean }): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [vitest, 'run', ...args], {
      stdio: options.buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      // The children inherit the environment (DATABASE_URL decides the PostgreSQL run); colour is kept for the buffered one.
      env: { ...process.env, ...(options.buffered ? { FORCE_COLOR: '1' } : {}) }, // eslint-disable-line n/no-process-env -- passed through to the test runs
    });
    const output: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
    child.on('close', (code) => {
      if (options.buffered) process.stdout.write(Buffer.concat(output));
      resolve(code ?? 1);
    });
  });
}

const [pglite, web] = await Promise.all([
  run(['--project', 'pglite', '--no-isolate'], { buffered: false }),
  run(['--project', 'web'], { buffered: true }),
]);
if (pglite !== 0 || web !== 0) process.exit(1);
process.exit(await run(['--project', 'postgres', '--no-isolate', '--passWithNoTests'], { buffered: false }));
