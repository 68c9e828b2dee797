import { z } from 'zod';

/**
 * Connectors (issue 38, docs/connectors.md): read-only credentials to cloud, identity and code-hosting
 * services; each connector's checks run on a schedule and on demand, store their raw answers as evidence
 * on the controls they cover, and turn a failure into a failing control, a task and an event.
 */

export const CONNECTOR_IDS = ['github', 'aws', 'google_workspace', 'okta', 'https_json'] as const;
export type ConnectorId = (typeof CONNECTOR_IDS)[number];

/** How often a connection runs by itself. */
export const CONNECTION_SCHEDULES = ['hourly', 'daily', 'weekly'] as const;
export type ConnectionSchedule = (typeof CONNECTION_SCHEDULES)[number];
export const CONNECTION_SCHEDULE_HOURS: Record<ConnectionSchedule, number> = { hourly: 1, daily: 24, weekly: 168 };
export const CONNECTION_SCHEDULE_LABELS: Record<ConnectionSchedule, string> = {
  hourly: 'Every hour',
  daily: 'Every day',
  weekly: 'Every week',
};

/** `ok`: the last run reached the provider; `credentials_failed`: the provider refused the credentials. */
export const CONNECTION_STATUSES = ['new', 'ok', 'credentials_failed', 'error'] as const;
export type ConnectionStatus = (typeof CONNECTION_STATUSES)[number];
export const CONNECTION_STATUS_LABELS: Record<ConnectionStatus, string> = {
  new: 'Not run yet',
  ok: 'Connected',
  credentials_failed: 'Credentials refused',
  error: 'Provider unreachable',
};

export const CONNECTION_RUN_STATUSES = ['queued', 'running', 'passed', 'failed', 'partial', 'error'] as const;
export type ConnectionRunStatus = (typeof CONNECTION_RUN_STATUSES)[number];
export const CONNECTION_RUN_STATUS_LABELS: Record<ConnectionRunStatus, string> = {
  queued: 'Queued',
  running: 'Running',
  passed: 'All checks passed',
  failed: 'Some checks failed',
  partial: 'Some checks could not run',
  error: 'Could not run',
};

/** A check's outcome: `error` when it could not be checked (the reason says why), never a silent pass. */
export const CHECK_OUTCOMES = ['pass', 'fail', 'error'] as const;
export type CheckOutcome = (typeof CHECK_OUTCOMES)[number];

export const credentialFieldSchema = z.object({
  key: z.string(),
  label: z.string(),
  kind: z.enum(['text', 'secret', 'url', 'textarea']),
  required: z.boolean(),
  help: z.string(),
});
export type CredentialField = z.infer<typeof credentialFieldSchema>;

export const connectorCheckSchema = z.object({ id: z.string(), title: z.string(), controlIds: z.array(z.string()) });
export type ConnectorCheck = z.infer<typeof connectorCheckSchema>;

export const connectorSchema = z.object({
  id: z.enum(CONNECTOR_IDS),
  name: z.string(),
  description: z.string(),
  credentialFields: z.array(credentialFieldSchema),
  checks: z.array(connectorCheckSchema),
});
export type Connector = z.infer<typeof connectorSchema>;
export const connectorListSchema = z.object({ connectors: z.array(connectorSchema) });
export type ConnectorList = z.infer<typeof connectorListSchema>;

const isoDateTime = z.iso.datetime({ offset: true });

export const connectionSchema = z.object({
  id: z.uuid(),
  organizationId: z.uuid(),
  connectorId: z.enum(CONNECTOR_IDS),
  name: z.string(),
  schedule: z.enum(CONNECTION_SCHEDULES),
  status: z.enum(CONNECTION_STATUSES),
  /** Why the last run could not reach the provider (credentials refused, unreachable), or null. */
  statusDetail: z.string().nullable(),
  /** The credential fields that were given, never their values. */
  credentialKeys: z.array(z.string()),
  ownerId: z.uuid(),
  lastRunAt: isoDateTime.nullable(),
  nextRunAt: isoDateTime,
  /** The checks failing since the last run. */
  failingChecks: z.array(z.string()),
  createdAt: isoDateTime,
});
export type Connection = z.infer<typeof connectionSchema>;
export const connectionListSchema = z.object({ organizationId: z.uuid(), connections: z.array(connectionSchema) });
export type ConnectionList = z.infer<typeof connectionListSchema>;

export const checkResourceSchema = z.object({ id: z.string(), passed: z.boolean(), detail: z.string() });
export type CheckResource = z.infer<typeof checkResourceSchema>;

export const checkResultSchema = z.object({
  checkId: z.string(),
  title: z.string(),
  outcome: z.enum(CHECK_OUTCOMES),
  /** What was found, or why it could not be checked. */
  summary: z.string(),
  resources: z.array(checkResourceSchema),
  /** Resources beyond those listed (a run keeps at most CHECK_RESOURCES_KEPT of them). */
  moreResources: z.number().int(),
  controlIds: z.array(z.string()),
  evidenceId: z.uuid().nullable(),
});
export type CheckResult = z.infer<typeof checkResultSchema>;

/** How many resources a check result lists (the evidence file holds them all). */
export const CHECK_RESOURCES_KEPT = 200;

export const connectionRunSchema = z.object({
  id: z.uuid(),
  connectionId: z.uuid(),
  trigger: z.enum(['schedule', 'manual', 'test']),
  status: z.enum(CONNECTION_RUN_STATUSES),
  startedAt: isoDateTime.nullable(),
  endedAt: isoDateTime.nullable(),
  /** Why the run as a whole could not run (credentials refused …), or null. */
  error: z.string().nullable(),
  results: z.array(checkResultSchema),
  createdAt: isoDateTime,
});
export type ConnectionRun = z.infer<typeof connectionRunSchema>;
export const connectionRunListSchema = z.object({ runs: z.array(connectionRunSchema) });
export type ConnectionRunList = z.infer<typeof connectionRunListSchema>;

export const testConnectionResultSchema = z.object({
  ok: z.boolean(),
  /** Who the provider says the credentials are (an account, an organization), or why they failed. */
  detail: z.string(),
});
export type TestConnectionResult = z.infer<typeof testConnectionResultSchema>;

export const connectionListQuerySchema = z.object({ organizationId: z.uuid('Not an organization id').optional() });
export const connectionParamsSchema = z.object({ connectionId: z.uuid('No such connection') });
export const connectionRunListQuerySchema = z.object({ limit: z.coerce.number().int().min(1).max(100).default(20) });

export const createConnectionInputSchema = z.object({
  organizationId: z.uuid('Not an organization id').optional(),
  connectorId: z.enum(CONNECTOR_IDS, 'Not a connector'),
  name: z.string().trim().min(2, 'Name the connection (at least 2 characters)').max(100, 'At most 100 characters'),
  schedule: z.enum(CONNECTION_SCHEDULES, 'hourly, daily or weekly').default('daily'),
  /** The connector's credential fields by key; checked against the connector's own rules. */
  credentials: z.record(z.string(), z.string().max(20_000, 'At most 20,000 characters')),
});
export type CreateConnectionInput = z.input<typeof createConnectionInputSchema>;
