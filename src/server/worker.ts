import closeWithGrace from 'close-with-grace';
import { openPostgres } from './db/client.ts';
import { parseEnv } from './env.ts';
import { openWorkerProcess } from './worker-process.ts';

/**
 * `npm run worker`: a process that only works the job queues (every queue startWorkers lists), beside
 * web servers started with JOB_WORKERS=off, all on one PostgreSQL server (docs/jobs.md). Run as many as you like.
 */
async function start(): Promise<void> {
  const env = parseEnv();
  if (!env.DATABASE_URL) {
    console.error(
      'npm run worker needs DATABASE_URL: the embedded PGlite database belongs to the one server process that opened it, ' +
        'which already works the queues itself (JOB_WORKERS=in-process). Point the servers and the workers at one PostgreSQL server.',
    );
    process.exit(1);
  }
  const database = openPostgres(env.DATABASE_URL, 4);
  const worker = await openWorkerProcess(env, database);

  closeWithGrace({ delay: 20_000 }, async ({ signal, err }) => {
    if (err) console.error('worker shutting down after an error', err);
    else console.log(`worker shutting down (${signal})`);
    await worker.stop(); // lets the jobs in hand finish
    await database.close();
  });
  console.log(
    `ComplianceCore worker is running on PostgreSQL: ${worker.jobs.worked.length} queues (agent runs ${env.AGENT_RUN_CONCURRENCY} at once, mail, schedules …).`,
  );
}

start().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
