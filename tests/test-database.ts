import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { inject } from 'vitest';
import pg from 'pg';
import { type Database, openPglite, openPostgres } from '../src/server/db/client.ts';
import { seedReferenceData } from '../src/server/db/seed.ts';
import { seedCatalogue } from '../src/server/modules/frameworks/catalogue-seed.ts';

/**
 * A fresh, migrated, seeded database for one test file: in-memory PGlite, or — in the
 * `postgres` Vitest project — a throwaway database created on the DATABASE_URL server.
 */
export interface TestDatabase extends Database {
  /** Drops the throwaway database (PostgreSQL) after closing. */
  dispose(): Promise<void>;
}

/* eslint-disable n/no-process-env -- test infrastructure reads which database the project runs on */
const kind = process.env.TEST_DATABASE === 'postgres' ? 'postgres' : 'pglite';
const serverUrl = process.env.DATABASE_URL;
/** PGLITE_THREAD=1 runs each test file's PGlite in a worker thread, as the server does (db/pglite-thread.js). */
const pgliteThread = process.env.PGLITE_THREAD === '1';
/* eslint-enable n/no-process-env */

let template: Blob | undefined;

/** The migrated, seeded template of the global setup, read once per test file. */
function pgliteTemplate(): Blob | undefined {
  const file = inject('pgliteTemplatePath');
  if (!template && file) template = new Blob([fs.readFileSync(file)]);
  return template;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const copy = pgliteTemplate();
    const database = await openPglite(undefined, copy, { thread: pgliteThread });
    if (!copy) {
      await database.migrate();
      await seedReferenceData(database.db);
      await seedCatalogue(database.db);
    }
    return { ...database, dispose: () => database.close() };
  }
  if (!serverUrl) throw new Error('TEST_DATABASE=postgres needs DATABASE_URL');
  const name = `cc_test_${randomBytes(6).toString('hex')}`;
  const templateName = inject('postgresTemplateName');
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(templateName ? `create database ${name} template ${templateName}` : `create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = openPostgres(url.toString(), 4);
  if (!templateName) {
    await database.migrate();
    await seedReferenceData(database.db);
    await seedCatalogue(database.db);
  }
  return {
    ...database,
    dispose: async () => {
      await database.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
