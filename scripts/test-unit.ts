/**
 * `npm run test:unit`: the server tests on PGlite (a worker per core; with DATABASE_URL only those
 * about the engines and those that need no database, decision 015) beside the web component tests,
 * then the server's database tests on PostgreSQL (when DATABASE_URL is set). The web run's output is
 * printed when the PGlite run ends, so the reports never interleave. Exits non-zero when any run fails.
 * `npm test` runs the same steps (scripts/test.ts), with the build beside them too.
 */
import { exitOnFailure, runTogether, unitSteps } from './test-steps.ts';

exitOnFailure(await runTogether([unitSteps.pglite, unitSteps.web]), 'npm run test:unit');
exitOnFailure(await runTogether([unitSteps.postgres]), 'npm run test:unit');
