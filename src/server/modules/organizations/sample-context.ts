import type { Db } from '../../db/client.ts';
import type { SampleAccountKind } from '../../../shared/schemas/sample-data.ts';
import type { AuditOrigin } from '../audit/record-audit.ts';
import type { AuthDeps } from '../auth/context.ts';
import type { FileStore } from '../files/file-store.ts';
import type { ProgrammeContext } from '../frameworks/frameworks.service.ts';
import type { JobDataMap, JobName, Jobs } from '../jobs/job-types.ts';
import type { Tenant } from './tenant.ts';

/** What the sample data's loader and remover share (docs/sample-data.md). */

export interface SampleDataDeps {
  db: Db;
  store: FileStore;
  authDeps: AuthDeps;
  /** Where the workspace lives (links in the sample's notices). */
  publicOrigin: string;
  /** Who loads or removes, for the audit trail. */
  origin: AuditOrigin;
  /** Progress for the log (each step's name). */
  onStep?: (step: string) => void;
}

/**
 * The sample's jobs run inline, never through the queue: the loader drives the agent runs and workflow
 * steps it wants finished (with the offline builtin provider), and drops the rest (domain events, mail
 * wake-ups), so the sample fires no webhooks, starts no other workflows and spends no model tokens, and
 * its states stay as loaded.
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
}
