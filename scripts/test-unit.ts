/**
 * `npm run test:unit`: the server tests on PGlite and the web component tests run side by side (two
 * cores: one is WASM PostgreSQL in-process, the other jsdom), then the server tests again on
 * PostgreSQL when DATABASE_URL is set. The web run's output is printed when the PGlite run ends, so
 * the two reports never interleave. Exits non-zero when any run fails. `npm test` runs the same
 * steps (scripts/test.ts), with the build beside the PostgreSQL run.
 */
import { exitOnFailure, runTogether, unitSteps } from './test-steps.ts';

exitOnFailure(await runTogether(unitSteps.engineAndWeb), 'npm run test:unit');
exitOnFailure(await runTogether([unitSteps.postgres]), 'npm run test:unit');
