/**
 * The server's layers, written once (docs/architecture.md, "How a new server module finds its
 * place"). Read by eslint.config.js, which turns it into `import-x/no-restricted-paths` zones, and by
 * scripts/check-import-cycles.ts, which fails when a module directory is missing from it or the
 * module graph knots.
 *
 * From the ground up: src/shared, db, plugins and src/server/platform (cross-cutting machinery that
 * knows no domain) ← the domain modules of src/server/modules, ranked below ← app wiring (app.ts,
 * worker.ts). Plain data, no imports: eslint.config.js loads this file as it is.
 */

/** Cross-cutting machinery under src/server/platform/<piece>: it never imports src/server/modules. */
export const PLATFORM_PIECES = ['access', 'audit', 'events', 'files', 'http', 'jobs', 'mail', 'tenancy'] as const;

/**
 * The domain modules of src/server/modules, by rank. A module imports only modules of a lower rank;
 * modules of one rank never import each other. A new module goes in the lowest rank above everything
 * it imports; a module that needs something from a higher rank takes the piece down to the module that
 * owns it, to src/shared (pure rules and schemas) or to the platform, or has it handed in by its caller.
 * Tests may import any module (they compose like app wiring does).
 */
export const SERVER_MODULE_RANKS: readonly (readonly string[])[] = [
  // The MCP server (issue 39) imports no module: its tools, resources and prompts call the API itself.
  ['auth', 'consent', 'content', 'deliverables', 'dsar', 'health', 'leads', 'mcp', 'notifications', 'press', 'sso', 'web'],
  ['access', 'frameworks', 'integrations', 'task-requests'],
  ['controls', 'files', 'organizations', 'reviews', 'support', 'trust-center', 'workflows'],
  ['billing', 'search'],
  ['advisor', 'assistant-plans'],
  ['agent-runs'],
  ['engagements', 'evidence', 'workflow-runs'],
  ['risks'],
  // Vendors (issue 35) build on risks, controls, evidence and files; the register import reads them.
  // Policies (issue 37) build on deliverables, evidence's programme controls and task requests; attestation
  // campaigns on evidence (their acknowledgements become evidence).
  ['vendors', 'policies', 'attestations'],
  // The people roster takes leavers off open attestation campaigns; the register import (above) imports it.
  ['people'],
  // Questionnaires answer from the whole programme (and may read the vendor register); vendor
  // questionnaires (sent to a vendor) change the vendor through the register and open a review request.
  ['questionnaires', 'vendor-questionnaires'],
  ['registers'],
  ['audit'],
  // SCIM provisions the people roster through the people module's named functions (issue 37).
  ['scim'],
  // Connectors (issue 38) store evidence, fail controls, open tasks and notify through those modules' functions.
  ['connectors'],
  // Sample data loads every domain and is imported by app wiring only.
  ['sample-data'],
];
