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
import { type JobClaims, JOB_LOCK_SPACE, pgliteClaims, postgresClaims } from './job-claims.ts';
import type { EnqueueOptions, JobDataMap, JobName, Jobs, ScheduledJobName } from './job-types.ts';

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
  /** With more jobs ready than this (pg-boss's cached count), fetch again at once instead of waiting out the poll. */
  burstWhenReadyExceeds?: number;
}

type WorkOptionsWithMetadata = PgBossWorkOptions & { includeMetadata: true };

export type JobHandler<N extends JobName> = (job: JobWithMetadata<JobDataMap[N]>) => Promise<void>;

export interface JobQueueOptions {
  /** Called with pg-boss's own errors (a failed poll, a lost connection): they are logged, never thrown. */
  onError?: (error: Error) => void;
  /** Connections pg-boss opens to a PostgreSQL server (ignored on PGlite). */
  poolSize?: number;
  /** How often pg-boss looks for expired jobs and missed heartbeats (default SUPERVISE_INTERVAL_SECONDS; tests shorten it). */
  superviseIntervalSeconds?: number;
  /** Called with the jobs the recovery pass put back because their worker was gone (logged by the caller). */
  onLostJobs?: (jobs: { name: string; id: string }[]) => void;
}

/**
 * pg-boss's supervision every 5 s rather than its default minute: expired jobs, and a job out of retries
 * whose worker died (missed heartbeats) reaches its dead letter within seconds. Jobs with retries left are
 * put back sooner, by the recovery pass.
 */
export const SUPERVISE_INTERVAL_SECONDS = 5;

/** Every job beats this often while its handler runs (each queue expects a beat within HEARTBEAT_SECONDS, queue-settings.ts). */
export const HEARTBEAT_REFRESH_SECONDS = 2;

/** How often a process that works the queues looks for jobs whose worker is gone (requeueLost). */
export const RECOVERY_INTERVAL_SECONDS = 2;

/**
 * A job whose claim is gone (job-claims.ts: the dead process's lock, or no JobQueue of this process holds
 * it) is lost once its heartbeat has also been quiet this long. A live worker beats every
 * HEARTBEAT_REFRESH_SECONDS, so a claim that merely failed to record never makes a running job look lost.
 */
export const LIVENESS_GRACE_SECONDS = 5;

/** What a job put back by the recovery pass reads as its last attempt's output. */
export const LOST_JOB_MESSAGE = 'The worker running this job stopped (its process died); it was put back at once.';

export class JobQueue implements Jobs {
  readonly boss: PgBoss;
  /** The queues this process works (dead-letter queues as `<name>-dead`), in the order their workers started. */
  readonly worked: string[] = [];
  private readonly known = new Set<string>();
  private started = false;
  private recoveryTimer: NodeJS.Timeout | null = null;
  private recovering: Promise<unknown> | null = null;

  private readonly claims: JobClaims;
  private readonly options: JobQueueOptions;

  private constructor(boss: PgBoss, claims: JobClaims, options: JobQueueOptions) {
    this.boss = boss;
    this.claims = claims;
    this.options = options;
  }

  /** Connects pg-boss to the database (creating or migrating its schema) without working any queue yet. */
  static async open(database: Database, options: JobQueueOptions = {}): Promise<JobQueue> {
    const connection = database.jobsConnection;
    const superviseIntervalSeconds = options.superviseIntervalSeconds ?? SUPERVISE_INTERVAL_SECONDS;
    const common = {
      schema: JOBS_SCHEMA,
      supervise: true,
      schedule: true,
      superviseIntervalSeconds,
      monitorIntervalSeconds: superviseIntervalSeconds,
    };
    const boss =
      connection.kind === 'pglite'
        ? new PgBoss({ ...common, db: fromPglite(connection.client), backend: 'pglite' })
        : new PgBoss({ ...common, connectionString: connection.connectionString, max: options.poolSize ?? 4 });
    boss.on('error', (error: Error) => options.onError?.(error));
    const claims =
      connection.kind === 'pglite'
        ? pgliteClaims(connection.client)
        : postgresClaims(connection.connectionString, (error) => options.onError?.(error));
    const queue = new JobQueue(boss, claims, options);
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
    this.worked.push(name);
    return this.boss.work<JobDataMap[N], void, WorkOptionsWithMetadata>(
      name,
      {
        batchSize: 1,
        includeMetadata: true,
        localConcurrency: options.localConcurrency ?? 1,
        pollingIntervalSeconds: options.pollingIntervalSeconds ?? 1,
        heartbeatRefreshSeconds: HEARTBEAT_REFRESH_SECONDS,
        ...(options.groupConcurrency ? { groupConcurrency: options.groupConcurrency } : {}),
        ...(options.burstWhenReadyExceeds ? { burstWhenReadyExceeds: options.burstWhenReadyExceeds } : {}),
      },
      async ([job]) => {
        if (job) await this.claimed(job.id, () => handler(job));
      },
    );
  }

  /** Runs a job's handler while this process's claim on it is recorded (job-claims.ts). */
  private async claimed(jobId: string, work: () => Promise<void>): Promise<void> {
    await this.claims.hold(jobId);
    try {
      await work();
    } finally {
      await this.claims.release(jobId);
    }
  }

  /**
   * Sends `{ reason: 'schedule' }` to the queue on the cron (UTC). pg-boss keeps the schedule in the
   * database and sends each occurrence once, however many processes keep it; whichever works the queue runs it.
   */
  async schedule(name: ScheduledJobName, cron: string): Promise<void> {
    await this.boss.schedule(name, cron, { reason: 'schedule' });
  }

  /** Works the queue's dead letters: jobs that ran out of retries, with their original payload. */
  async workDeadLetters<N extends JobName>(name: N, handler: (job: Job<JobDataMap[N]>) => Promise<void>): Promise<void> {
    this.worked.push(`${name}-dead`);
    await this.boss.work<JobDataMap[N]>(`${name}-dead`, { batchSize: 1, pollingIntervalSeconds: 2 }, async ([job]) => {
      if (job) await this.claimed(job.id, () => handler(job));
    });
  }

  /**
   * Starts the recovery pass (docs/jobs.md, "Recovery") in a process that works the queues: every
   * RECOVERY_INTERVAL_SECONDS, a job whose worker is gone goes back to its queue at once. On PGlite the
   * first pass runs now with no grace: before this process works anything, no live worker can hold a job,
   * so a restart takes up what the killed process had in hand before its workers start.
   */
  async startRecovery(intervalSeconds = RECOVERY_INTERVAL_SECONDS): Promise<void> {
    if (this.recoveryTimer) return;
    await this.requeueLost(this.claims.heldInProcess() === null ? LIVENESS_GRACE_SECONDS : 0);
    this.recoveryTimer = setInterval(() => {
      if (this.recovering) return;
      this.recovering = this.requeueLost()
        .catch((error: unknown) => this.options.onError?.(error instanceof Error ? error : new Error(String(error))))
        .finally(() => (this.recovering = null));
    }, intervalSeconds * 1000);
    this.recoveryTimer.unref();
  }

  /**
   * Puts back, ready to run now, every `active` job of a defined queue whose worker is gone: its heartbeat
   * overdue (no beat for its queue's heartbeatSeconds: the process died, hung, or lost the network), or its
   * claim gone (job-claims.ts) with the heartbeat quiet for `graceSeconds`. pg-boss would fail such a job
   * only at its next supervision and then wait out the queue's retry backoff, which is for jobs that
   * failed, not for jobs whose process died. The attempt still counts as one of the job's retries (pg-boss
   * counts every claim), so a job that kills every worker taking it still ends; a job out of retries is
   * left to pg-boss, which dead-letters it. Row locks make concurrent passes (several processes) put a job
   * back once, and a worker settling the job meanwhile wins.
   */
  async requeueLost(graceSeconds = LIVENESS_GRACE_SECONDS): Promise<{ name: string; id: string }[]> {
    const held = this.claims.heldInProcess();
    const claimGone =
      held === null
        ? `not exists (
             select 1 from pg_locks l
             where l.locktype = 'advisory' and l.objsubid = 2
               and l.database = (select oid from pg_database where datname = current_database())
               and l.classid = ${JOB_LOCK_SPACE}::oid and l.objid = (hashtext(j.id::text) & 2147483647)::oid
           )`
        : 'not (j.id = any($3::uuid[]))';
    const now = `${JOBS_SCHEMA}.job_now()`;
    const quietSince = 'coalesce(j.heartbeat_on, j.started_on)';
    const { rows } = await this.boss.getDb().executeSql(
      `with lost as (
         select j.id, j.name from ${JOBS_SCHEMA}.job j
         where j.state = 'active' and j.name = any($1::text[]) and j.retry_count < j.retry_limit
           and (
             (j.heartbeat_seconds is not null and ${quietSince} + j.heartbeat_seconds * interval '1 second' < ${now})
             or (${quietSince} <= ${now} - $2::float8 * interval '1 second' and ${claimGone})
           )
         for update of j skip locked
       )
       update ${JOBS_SCHEMA}.job j
       set state = 'retry', start_after = ${now}, heartbeat_on = null, output = jsonb_build_object('message', $${held === null ? 3 : 4}::text)
       from lost
       where j.id = lost.id and j.name = lost.name and j.state = 'active'
       returning j.name, j.id`,
      held === null ? [[...this.known], graceSeconds, LOST_JOB_MESSAGE] : [[...this.known], graceSeconds, held, LOST_JOB_MESSAGE],
    );
    const lost = (rows as { name: string; id: string }[]).map(({ name, id }) => ({ name, id }));
    if (lost.length > 0) this.options.onLostJobs?.(lost);
    return lost;
  }

  async stop(): Promise<void> {
    if (!this.started) return;
    this.started = false;
    if (this.recoveryTimer) clearInterval(this.recoveryTimer);
    this.recoveryTimer = null;
    await this.recovering;
    await this.boss.stop({ graceful: true, close: true, timeout: 10_000 });
    await this.claims.stop();
  }
}
