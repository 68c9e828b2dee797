import type { Db } from '../../db/client.ts';
import type { SampleAccountKind } from '../../../shared/schemas/sample-data.ts';
import type { AuditOrigin } from '../../platform/audit/record-audit.ts';
import type { AuthDeps } from '../auth/context.ts';
import type { FileStore } from '../../platform/files/file-store.ts';
import type { ProgrammeContext } from '../frameworks/frameworks.service.ts';
import type { JobDataMap, JobName, Jobs } from '../../platform/jobs/job-types.ts';
import type { Tenant } from '../../platform/tenancy/tenant.ts';

/** What the sample data's loader and remover share (docs/sample-data.md). */

export interface SampleDataDeps {
  db: Db;
  store: FileStore;
  authDeps: AuthDeps;
  /** Where the workspace lives (links in the sample's notices). */
  publicOrigin: string;
  /** Who loads or removes, for the audit trail. */
  origin: AuditOrigin;
  /** The application's queue: the open requests' agent runs are handed to it when a load ends. */
  jobs: Jobs;
  /** Progress for the log (each step's name). */
  onStep?: (step: string) => void;
}

/**
 * The sample's jobs run inline while it loads: the loader drives the agent runs and workflow steps it
 * wants finished (with the offline builtin provider), keeps the open requests' agent runs for the real
 * queue (handOverOpenRuns, at the end), and drops the rest (domain events, mail deliveries), so the sample
 * fires no webhooks and starts no other workflows.
 */
export class InlineJobs implements Jobs {
  readonly pending: { name: JobName; data: JobDataMap[JobName] }[] = [];
  async enqueue<N extends JobName>(_tx: unknown, name: N, data: JobDataMap[N]): Promise<string | null> {
    this.pending.push({ name, data });
    return null;
  }
  take<N extends JobName>(name: N): JobDataMap[N][] {
    const taken = this.pending.filter((job) => job.name === name).map((job) => job.data as JobDataMap[N]);
    this.pending.splice(0, this.pending.length, ...this.pending.filter((job) => job.name !== name));
    return taken;
  }
}

/** What every loading step shares. */
export interface SampleContext {
  deps: SampleDataDeps;
  now: Date;
  jobs: InlineJobs;
  ids: Record<SampleAccountKind, string>;
  organizationId: string;
  /** The client manager's tenant (requests, evidence, approvals) and our reviewer's (reviews, programme, workflows). */
  manager: Tenant;
  reviewer: Tenant;
  staffContext: ProgrammeContext;
  controlIds: string[];
  /** The open requests' agent runs, kept for the real queue (handOverOpenRuns). */
  openRuns: JobDataMap['agent-run'][];
}
