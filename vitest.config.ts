import { configDefaults, defineConfig } from 'vitest/config';
import { engineAgnosticServerTests, pgliteServerTestsBesidePostgres } from './scripts/test-steps.ts';

/**
 * Three projects: pure/shared and server tests on the embedded PGlite database, web component
 * tests in jsdom, and — when DATABASE_URL is set — the server's database tests on that PostgreSQL,
 * with only the files about the engines kept on PGlite too (decision 015).
 */
/* eslint-disable n/no-process-env -- the test runner decides which databases exist */
const postgresUrl = process.env.DATABASE_URL;
// Every database test on both engines (decision 015: by default, with PostgreSQL there, only the
// files about the engines run on PGlite as well).
const bothEngines = ['1', 'true', 'yes'].includes(process.env.TEST_BOTH_ENGINES ?? '');
/* eslint-enable n/no-process-env */

const pgliteInclude = (): string[] =>
  postgresUrl && !bothEngines
    ? ['src/shared/**/*.test.ts', ...pgliteServerTestsBesidePostgres(), 'scripts/**/*.test.ts', 'tests/**/*.test.ts']
    : ['src/shared/**/*.test.ts', 'src/server/**/*.test.ts', 'scripts/**/*.test.ts', 'tests/**/*.test.ts'];

const serverProject = (name: string, database: 'pglite' | 'postgres') => ({
  test: {
    name,
    environment: 'node' as const,
    include: database === 'pglite' ? pgliteInclude() : postgresUrl ? ['src/server/**/*.test.ts'] : [],
    exclude: database === 'postgres' ? [...configDefaults.exclude, ...engineAgnosticServerTests()] : configDefaults.exclude,
    env: { TEST_DATABASE: database },
    globalSetup: [database === 'pglite' ? 'tests/pglite-template.ts' : 'tests/postgres-template.ts'],
    // `npm run test:unit` runs this project with --no-isolate: one module graph per worker, not per
    // file (importing the whole server for each of ~50 files cost more CPU than the tests did).
    // Each file still builds its own app and database. (Set here, the option was not applied.)
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    projects: [
      serverProject('pglite', 'pglite'),
      // Without DATABASE_URL this project has no files (`npm run test:unit` still names it).
      serverProject('postgres', 'postgres'),
      {
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['src/web/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/setup-web.ts'],
          // Each file in a fresh VM context inside a reused worker thread, not a fresh worker: jsdom and
          // the other externals load once per worker instead of once per file. Same isolation of the
          // files' own modules; 88 files took ~120 CPU-s instead of ~350 (decision 013).
          pool: 'vmThreads',
          // recharts' CommonJS build requires @reduxjs/toolkit, which Node 24 resolves to its ES module
          // (the "module-sync" condition) and a VM pool cannot require; prebundled, it is one ES module.
          deps: { optimizer: { web: { enabled: true, include: ['recharts'] } } },
          // A wizard walked with userEvent takes seconds of jsdom work; beside the PGlite project on two
          // cores it outran the 5 s default (a timed test on a noisy machine). Same room as the server projects.
          testTimeout: 30_000,
        },
      },
    ],
  },
});
