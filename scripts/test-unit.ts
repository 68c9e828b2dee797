/**
 * `npm run test:unit`: the server's database tests on PostgreSQL (when DATABASE_URL is set), then
 * the server tests on PGlite (a worker per core; with DATABASE_URL only those about the engines and
 * those that need no database, decision 015), beside the web component tests. The web run's
 * output is printed when the server runs end, so the reports never interleave. Exits non-zero when
 * any run fails. `npm test` runs the same lanes (scripts/test.ts), with the build after the web tests.
 */
import { exitOnFailure, runTogether, unitSteps } from './test-steps.ts';

exitOnFailure(await runTogether([[unitSteps.postgres, unitSteps.pglite], unitSteps.web]), 'npm run test:unit');
