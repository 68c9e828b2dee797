import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPostgres } from '../src/server/db/client.ts';
import { seedReferenceData } from '../src/server/db/seed.ts';
import { seedCatalogue } from '../src/server/modules/frameworks/catalogue-seed.ts';
import { JobQueue } from '../src/server/platform/jobs/job-queue.ts';
import { QUEUE_SETTINGS } from '../src/server/platform/jobs/queue-settings.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated, seeded PostgreSQL database every test database of the run is copied from. */
    postgresTemplateName: string;
  }
}

async function admin<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Vitest global setup of the `postgres` project: migrating and seeding (the catalogue included) and
 * installing the job queue once, in a template database; each test file's database is then a
 * `CREATE DATABASE … TEMPLATE` copy, which PostgreSQL makes by copying files, not by replaying
 * every migration again.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // eslint-disable-next-line n/no-process-env -- test infrastructure: the server the project runs on
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) return async () => {};
  const name = `cc_template_${randomBytes(6).toString('hex')}`;
  await admin(serverUrl, (client) => client.query(`create database ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = openPostgres(url.toString(), 2);
  try {
    await database.migrate();
    await seedReferenceData(database.db);
    await seedCatalogue(database.db);
    const jobs = await JobQueue.open(database);
    for (const [queue, settings] of Object.entries(QUEUE_SETTINGS)) await jobs.define(queue as keyof typeof QUEUE_SETTINGS, settings);
    await jobs.stop();
  } finally {
    await database.close();
  }
  project.provide('postgresTemplateName', name);
  return async () => {
    await admin(serverUrl, (client) => client.query(`drop database if exists ${name} with (force)`));
  };
}
