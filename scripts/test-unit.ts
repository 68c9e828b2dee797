/**
 * `npm run test:unit`: the server tests on PGlite (a worker per core), then the server tests on
 * PostgreSQL (when DATABASE_URL is set) beside the web component tests, whose jsdom work fills the
 * time the PostgreSQL workers spend waiting on the database server. The web run's output is printed
 * when the PostgreSQL run ends, so the reports never interleave. Exits non-zero when any run fails.
 * `npm test` runs the same steps (scripts/test.ts), with the build beside them too.
 */
import { exitOnFailure, runTogether, unitSteps } from './test-steps.ts';

exitOnFailure(await runTogether([unitSteps.pglite]), 'npm run test:unit');
exitOnFailure(await runTogether([unitSteps.postgres, unitSteps.web]), 'npm run test:unit');
