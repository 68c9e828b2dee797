import zlib from 'node:zlib';
import compress from '@fastify/compress';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ContentDocument } from '../shared/schemas/content.ts';
import type { Database } from './db/client.ts';
import { type Env, type TrustProxySetting, parseEnv } from './env.ts';
import type { MailTransport } from './platform/mail/mail-transport.ts';
import { registerMailModule } from './platform/mail/mail.module.ts';
import type { JobQueueOptions } from './platform/jobs/job-queue.ts';
import { registerJobsModule } from './platform/jobs/jobs.module.ts';
import { registerEventsModule } from './platform/events/events.module.ts';
import type { AgentProvider } from './modules/agent-runs/providers/agent-provider.ts';
import { loadSigningKeys, registerAuthModule } from './modules/auth/auth.module.ts';
import { registerAccessRoutes } from './modules/access/access.routes.ts';
import { checkSessionAndReadAccess } from './platform/access/access-guard.ts';
import { registerRouteAccess } from './platform/access/route-access.ts';
import type { AdvisorProvider } from './modules/advisor/providers/provider.ts';
import { createAdvisorProvider } from './modules/advisor/providers/choose-provider.ts';
import { registerAdvisorRoutes } from './modules/advisor/advisor.routes.ts';
import { registerAgentRunsModule } from './modules/agent-runs/agent-runs.module.ts';
import type { BillingProvider } from './modules/billing/billing-provider.ts';
import { registerBillingRoutes } from './modules/billing/billing.routes.ts';
import { registerConsentRoutes } from './modules/consent/consent.routes.ts';
import { registerContentRoutes } from './modules/content/content.routes.ts';
import { registerDeliverableRoutes } from './modules/deliverables/deliverables.routes.ts';
import { registerDsarRoutes } from './modules/dsar/dsar.routes.ts';
import { registerEvidenceRoutes } from './modules/evidence/evidence.routes.ts';
import { registerFilesModule } from './modules/files/files.module.ts';
import { registerFrameworksModule } from './modules/frameworks/frameworks.module.ts';
import { registerControlRoutes } from './modules/controls/controls.routes.ts';
import { registerRegisterExportRoutes } from './modules/registers/registers-export.routes.ts';
import { registerHealthRoutes } from './modules/health/health.routes.ts';
import { registerLeadRoutes } from './modules/leads/leads.routes.ts';
import { registerAssistantPlanRoutes } from './modules/assistant-plans/assistant-plans.routes.ts';
import { registerOrganizationRoutes } from './modules/organizations/organizations.routes.ts';
import { registerPressRoutes } from './modules/press/press.routes.ts';
import { registerReviewRoutes } from './modules/reviews/reviews.routes.ts';
import { registerRegisterImportRoutes } from './modules/registers/registers-import.routes.ts';
import { registerRiskRoutes } from './modules/risks/risks.routes.ts';
import { registerVendorDocumentRoutes } from './modules/vendors/documents/vendor-documents.routes.ts';
import { registerVendorRoutes } from './modules/vendors/vendors.routes.ts';
import { registerAttestationRoutes } from './modules/attestations/attestations.routes.ts';
import { registerPeopleRoutes } from './modules/people/people.routes.ts';
import { registerPolicyRoutes } from './modules/policies/policies.routes.ts';
import { registerVendorQuestionnaireRoutes } from './modules/vendor-questionnaires/vendor-questionnaires.routes.ts';
import { registerQuestionnaireRoutes } from './modules/questionnaires/questionnaires.routes.ts';
import { registerNotificationRoutes } from './modules/notifications/notifications.routes.ts';
import { registerOrganizationMemberRoutes } from './modules/organizations/organization-members.routes.ts';
import { addInvitedMember } from './modules/organizations/organization-members.ts';
import { SYSTEM_ORIGIN } from './platform/audit/record-audit.ts';
import { registerSampleDataRoutes } from './modules/sample-data/sample-data.routes.ts';
import { registerOffboardingRoutes } from './modules/organizations/offboarding.routes.ts';
import { deleteOrganizationSubscriptions } from './modules/billing/billing.service.ts';
import { registerApiKeyAuthentication } from './modules/integrations/api-key-auth.ts';
import { registerIntegrationRoutes } from './modules/integrations/integrations.routes.ts';
import { registerTaskRequestRoutes } from './modules/task-requests/task-requests.routes.ts';
import { registerSearchRoutes } from './modules/search/search.routes.ts';
import { registerWebRoutes } from './modules/web/web.routes.ts';
import { registerWorkflowRoutes } from './modules/workflows/workflows.routes.ts';
import { registerWorkflowRunsModule } from './modules/workflow-runs/workflow-runs.module.ts';
import { registerAuditRoutes } from './modules/audit/audit.routes.ts';
import { registerAuditRequestRoutes } from './modules/engagements/audit-requests.routes.ts';
import { registerEngagementRoutes } from './modules/engagements/engagements.routes.ts';
import { registerSupportRoutes } from './modules/support/support.routes.ts';
import { registerTrustCenterRoutes, trustCenterPageSource } from './modules/trust-center/trust-center.routes.ts';
import { registerScimRoutes } from './modules/scim/scim.routes.ts';
import { registerScimTokenRoutes } from './modules/scim/scim-token.routes.ts';
import { registerMcpRoutes } from './modules/mcp/mcp.routes.ts';
import { registerConnectorRoutes } from './modules/connectors/connectors.routes.ts';
import { registerSsoRoutes } from './modules/sso/sso.routes.ts';
import { registerAuthentication } from './plugins/authenticate.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { registerMetrics } from './plugins/metrics.ts';
import { registerRateLimit } from './plugins/rate-limit.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerShutdownDrain } from './plugins/shutdown-drain.ts';
import { registerReadCache } from './platform/http/read-cache.ts';
import { registerPublicOrigin } from './plugins/public-origin.ts';
import { registerStorableInput } from './plugins/storable-input.ts';
import { registerApiReference } from './plugins/api-reference.ts';
import { startWorkers } from './workers.ts';
import { listSubProcessors } from './modules/vendors/sub-processors.ts';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
    env: Env;
  }
}

export interface AppDeps {
  database: Database;
  /** The parsed environment; tests get the test defaults. */
  env?: Env;
  /** Overrides the transport chosen from the environment (tests). */
  mailTransport?: MailTransport;
  /** The built web app to serve; omit to run the API alone (most integration tests). */
  webDir?: string;
  /**
   * Where the pages' compressed forms are kept between starts (start-server.ts: `<DATA_DIR>/page-cache`);
   * omitted, every start compresses them again (tests, which must not write into a data folder).
   */
  pageCacheDir?: string;
  /** content/, when the caller has read it already (start-server.ts, for seeding); otherwise read here. */
  content?: readonly ContentDocument[];
  logger?: FastifyServerOptions['logger'];
  /** Which proxies' X-Forwarded-* headers count (env TRUST_PROXY); off by default. */
  trustProxy?: TrustProxySetting;
  /** Overrides the billing provider chosen from BILLING_PROVIDER (tests). */
  billingProvider?: BillingProvider;
  /** Overrides the advisor provider chosen from LLM_PROVIDER (tests). */
  advisorProvider?: AdvisorProvider;
  /** Overrides the agents' provider chosen from LLM_PROVIDER (tests). */
  agentProvider?: AgentProvider;
  /** pg-boss tuning (tests shorten its supervision interval). */
  jobOptions?: JobQueueOptions;
}

/** A hop count as the function Fastify's types accept: the nearest `hops` addresses are our proxies. */
function proxyTrust(setting: TrustProxySetting): false | string[] | ((address: string, hop: number) => boolean) {
  return typeof setting === 'number' ? (_address, hop) => hop < setting : setting;
}

/** The programme's registers and what answers from them: controls, evidence, risks, vendors, questionnaires, the CSV exports and imports. */
function registerProgrammeRoutes(app: FastifyInstance): void {
  registerControlRoutes(app);
  registerRegisterExportRoutes(app);
  registerEvidenceRoutes(app);
  registerRiskRoutes(app);
  registerVendorRoutes(app);
  registerPolicyRoutes(app);
  registerPeopleRoutes(app);
  registerAttestationRoutes(app);
  registerVendorQuestionnaireRoutes(app);
  registerVendorDocumentRoutes(app);
  registerQuestionnaireRoutes(app);
  registerRegisterImportRoutes(app);
}

/** Every queue's worker and the schedules, as `npm run worker` starts them (one list: workers.ts). */
function startWorkersWhenReady(app: FastifyInstance, database: Database, env: Env): void {
  app.addHook('onReady', async () => {
    if (!app.jobWorkersEnabled) return;
    await startWorkers(app.jobs, {
      db: database.db,
      env,
      mailTransport: app.mailTransport,
      agentProvider: app.agentProvider,
      fileStore: app.fileStore,
      extraListeners: app.domainEventListeners,
      onMailError: (error, mailId) => app.log.warn({ err: error, mailId }, 'mail delivery failed; pg-boss retries it'),
    });
  });
}

function fastifyOptions(deps: AppDeps): FastifyServerOptions {
  return {
    logger: deps.logger ?? false,
    trustProxy: proxyTrust(deps.trustProxy ?? false),
    bodyLimit: 1024 * 1024,
    requestIdHeader: 'x-request-id',
    genReqId: () => crypto.randomUUID(),
    // A shutdown answers in the app's error shape (plugins/shutdown-drain.ts), not Fastify's body.
    return503OnClosing: false,
  };
}

/** Builds the whole app, plugins then modules, without listening: start-server.ts listens, tests inject. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const env = deps.env ?? parseEnv({ NODE_ENV: 'test' });
  const app = Fastify(fastifyOptions(deps)).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('database', deps.database);
  app.decorate('env', env);

  registerErrorHandling(app);
  registerShutdownDrain(app);
  registerStorableInput(app);
  registerPublicOrigin(app, env);
  await registerSecurityHeaders(app);
  // Every JSON answer (the largest, the controls register, is ~66 KB) is compressed in one call on the
  // event loop, not through a zlib stream in libuv's pool: the plugin's default on two cores (8 KB) sent
  // readiness and controls through streams, whose set-up cost more CPU than the compression
  // (docs/dashboard.md, third pass). Files and pages still stream. Brotli at quality 3, not the plugin's 4:
  // half the CPU for ~2 % more bytes on a 50 KB answer (0.20 against 0.39 ms; fourth pass).
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    syncThreshold: 128 * 1024,
    brotliOptions: {
      params: { [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT, [zlib.constants.BROTLI_PARAM_QUALITY]: 3 },
    },
  });
  // After compression: a cached answer is kept as it left, compressed (docs/dashboard.md, "The read cache").
  registerReadCache(app, { enabled: env.READ_CACHE });
  await app.register(swagger, {
    openapi: {
      info: { title: 'ComplianceCore API', version: '1.0.0' },
      // Routes that need a user declare `security: [{ bearerAuth: [] }]`: an access token from /auth/v1.
      // An API key (`cck_…`, docs/integrations.md) works on every /api/v1 operation: as the bearer token, or in X-API-Key.
      components: {
        securitySchemes: {
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: 'An access token from /auth/v1, or an API key (cck_…) made under Integrations',
          },
          apiKeyAuth: {
            type: 'apiKey',
            in: 'header',
            name: 'X-API-Key',
            description:
              'An API key (cck_…) made under Integrations: the maker’s access, narrowed to the key’s organization and scopes; 300 requests a minute per key',
          },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  registerMetrics(app, env.METRICS_TOKEN);
  await registerRateLimit(app, env.REDIS_URL);

  await registerJobsModule(app, env, deps.database, deps.jobOptions);
  registerEventsModule(app);
  registerMailModule(app, env, { database: deps.database, transport: deps.mailTransport });

  // A guarded request's session is checked in one statement with the user's access (access-guard.ts).
  registerAuthentication(app, await loadSigningKeys(app), { checkSession: checkSessionAndReadAccess });
  registerApiKeyAuthentication(app);
  registerRouteAccess(app);
  // The MCP server (docs/mcp.md) notes each API route's access as the modules below register them.
  registerMcpRoutes(app);
  const authDeps = await registerAuthModule(app, {
    // A person the organization's identity provider vouches for, signing in for the first time, joins it as a client.
    joinSsoOrganization: (tx, input) => addInvitedMember(tx, app.jobs, { ...input, origin: SYSTEM_ORIGIN }),
  });
  registerHealthRoutes(app, deps.database);
  registerContentRoutes(app, deps.content);
  registerAccessRoutes(app, authDeps);
  registerSearchRoutes(app);
  registerConsentRoutes(app);
  registerLeadRoutes(app);
  registerPressRoutes(app);
  await registerBillingRoutes(app, { provider: deps.billingProvider });
  registerDsarRoutes(app);
  registerOrganizationRoutes(app);
  registerAdvisorRoutes(app, deps.advisorProvider ?? createAdvisorProvider(env, (details, message) => app.log.warn(details, message)));
  registerAssistantPlanRoutes(app);
  registerWorkflowRoutes(app);
  registerReviewRoutes(app);
  registerAgentRunsModule(app, { agentProvider: deps.agentProvider });
  registerTaskRequestRoutes(app);
  await registerFilesModule(app);
  registerDeliverableRoutes(app);
  registerFrameworksModule(app);
  registerProgrammeRoutes(app);
  registerNotificationRoutes(app);
  registerOrganizationMemberRoutes(app, authDeps);
  registerWorkflowRunsModule(app);
  // Billing ranks above organizations: the deletion is handed what must go first (server-layers.ts).
  registerOffboardingRoutes(app, { eraseFirst: deleteOrganizationSubscriptions });
  registerIntegrationRoutes(app);
  registerAuditRoutes(app);
  registerEngagementRoutes(app, authDeps);
  registerAuditRequestRoutes(app);
  registerSupportRoutes(app);
  // The trust center lists the vendor register's sub-processors; it never imports vendors (server-layers.ts).
  registerTrustCenterRoutes(app, { subProcessors: listSubProcessors });
  // SCIM 2.0 provisioning of the people roster (docs/scim.md): /scim/v2 and its token under Integrations.
  registerScimRoutes(app);
  registerScimTokenRoutes(app);
  registerConnectorRoutes(app);
  // SAML single sign-on per organization (docs/auth.md "SAML SSO"): its settings under Integrations.
  registerSsoRoutes(app);
  registerSampleDataRoutes(app, authDeps);
  await registerApiReference(app);
  startWorkersWhenReady(app, deps.database, env);

  // /trust/<slug> is rendered by the server from the trust center's public data (docs/trust-center.md).
  const trustCenterPage = trustCenterPageSource(app, { subProcessors: listSubProcessors });
  if (deps.webDir) await registerWebRoutes(app, deps.webDir, deps.pageCacheDir, { trustCenterPage });
  return app;
}
