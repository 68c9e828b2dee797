import { type SQL, sql } from 'drizzle-orm';
import {
  type DrizzleTransactionLike,
  type Job,
  type JobWithMetadata,
  PgBoss,
  type WorkOptions as PgBossWorkOptions,
  type Queue,
  fromDrizzle,
  fromPglite,
} from 'pg-boss';
import type { Database, Db, DbTransaction } from '../../db/client.ts';
import type { EnqueueOptions, JobDataMap, JobName, Jobs } from './job-types.ts';

/**
 * The jobs layer (docs/jobs.md): pg-boss on the application's own database — the embedded PGlite
 * instance, or the PostgreSQL server every process shares. A job is sent in the caller's transaction,
 * so it exists exactly when the change that caused it commits.
 */

export const JOBS_SCHEMA = 'pgboss';

/** Each queue's retry policy; `<name>-dead` receives what runs out of retries. */
export type QueueSettings = Omit<Queue, 'name' | 'deadLetter'>;

export interface WorkOptions {
  /** Jobs one process works at once on this queue. */
  localConcurrency?: number;
  /** Jobs of one group (an organization) worked at once across every process; tiers by plan. */
  groupConcurrency?: { default: number; tiers?: Record<string, number> };
  pollingIntervalSeconds?: number;
}

type WorkOptionsWithMetadata = PgBossWorkOptions & { includeMetadata: true };

export type JobHandler<N extends JobName> = (job: JobWithMetadata<JobDataMap[N]>) => Promise<void>;

export interface JobQueueOptions {
  /** Called with pg-boss's own errors (a failed poll, a lost connection): they are logged, never thrown. */
  onError?: (error: Error) => void;
  /** Connections pg-boss opens to a PostgreSQL server (ignored on PGlite). */
  poolSize?: number;
  /** How often pg-boss looks for expired jobs and missed heartbeats (default 60 s; tests shorten it). */
  superviseIntervalSeconds?: number;
}

export class JobQueue implements Jobs {
  readonly boss: PgBoss;
  private readonly known = new Set<string>();
  private started = false;

  private constructor(boss: PgBoss) {
    this.boss = boss;
  }

  /** Connects pg-boss to the database (creating or migrating its schema) without working any queue yet. */
  static async open(database: Database, options: JobQueueOptions = {}): Promise<JobQueue> {
    const connection = database.jobsConnection;
    const common = {
      schema: JOBS_SCHEMA,
      supervise: true,
      schedule: true,
      ...(options.superviseIntervalSeconds
        ? { superviseIntervalSeconds: options.superviseIntervalSeconds, monitorIntervalSeconds: options.superviseIntervalSeconds }
        : {}),
    };
    const boss =
      connection.kind === 'pglite'
        ? new PgBoss({ ...common, db: fromPglite(connection.client), backend: 'pglite' })
        : new PgBoss({ ...common, connectionString: connection.connectionString, max: options.poolSize ?? 4 });
    boss.on('error', (error: Error) => options.onError?.(error));
    const queue = new JobQueue(boss);
    await boss.start();
    queue.started = true;
    return queue;
  }

  /** Creates the queue and its dead-letter queue when missing; settings apply to jobs sent afterwards. */
  async define(name: JobName, settings: QueueSettings): Promise<void> {
    const deadLetter = `${name}-dead`;
    for (const [queueName, queueSettings] of [
      [deadLetter, { retentionSeconds: 30 * 24 * 3600, deleteAfterSeconds: 30 * 24 * 3600 }],
      [name, { ...settings, deadLetter }],
    ] as const) {
      const existing = await this.boss.getQueue(queueName);
      if (existing) await this.boss.updateQueue(queueName, queueSettings);
      else await this.boss.createQueue(queueName, queueSettings);
      this.known.add(queueName);
    }
    // Warm pg-boss's queue cache now: a send inside an application transaction must not need a
    // second connection to look the queue up (PGlite has one, and the transaction holds it).
    for (const queueName of [name, deadLetter]) await this.warm(queueName);
  }

  /** Changes a defined queue's settings (jobs sent afterwards follow them). Use this, never boss.updateQueue. */
  async retune(name: JobName, settings: Partial<QueueSettings>): Promise<void> {
    await this.boss.updateQueue(name, settings);
    await this.warm(name);
  }

  /** pg-boss forgets a queue it updated; looking a job up makes it read the queue back into its cache. */
  private async warm(queueName: string): Promise<void> {
    await this.boss.getJobById(queueName, '00000000-0000-0000-0000-000000000000');
  }

  async enqueue<N extends JobName>(
    tx: Db | DbTransaction,
    name: N,
    data: JobDataMap[N],
    options: EnqueueOptions = {},
  ): Promise<string | null> {
    if (!this.known.has(name)) throw new Error(`Queue ${name} is not defined: call define() at start-up.`);
    // The adapter's structural type wants drizzle's result shape; both drivers return `{ rows }`.
    const executor: DrizzleTransactionLike = {
      execute: async (query) => (await tx.execute(query as SQL)) as unknown as { rows: unknown[] },
    };
    return this.boss.send(name, data, { ...options, db: fromDrizzle(executor, sql) });
  }

  /** Works the queue in this process, one job per handler call; a throw fails the attempt (retried, then dead-lettered). */
  async work<N extends JobName>(name: N, options: WorkOptions, handler: JobHandler<N>): Promise<string> {
    return this.boss.work<JobDataMap[N], void, WorkOptionsWithMetadata>(
      name,
      {
        batchSize: 1,
        includeMetadata: true,
        localConcurrency: options.localConcurrency ?? 1,
        pollingIntervalSeconds: options.pollingIntervalSeconds ?? 1,
        ...(options.groupConcurrency ? { groupConcurrency: options.groupConcurrency } : {}),
      },
      async ([job]) => {
        if (job) await handler(job);
      },
    );
  }

  /** Works the queue's dead letters: jobs that ran out of retries, with their original payload. */
  async workDeadLetters<N extends JobName>(name: N, handler: (job: Job<JobDataMap[N]>) => Promise<void>): Promise<void> {
    await this.boss.work<JobDataMap[N]>(`${name}-dead`, { batchSize: 1, pollingIntervalSeconds: 2 }, async ([job]) => {
      if (job) await handler(job);
    });
  }

  async stop(): Promise<void> {
    if (!this.started) return;
    this.started = false;
    await this.boss.stop({ graceful: true, close: true, timeout: 10_000 });
  }
}
