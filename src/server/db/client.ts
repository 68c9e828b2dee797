import fs from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import { type PgDatabase, PgDialect, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { MIGRATIONS_DIR } from '../env.ts';
import type { PgliteClient } from './pglite-thread-client.ts';

/**
 * The app's database handle. No relational schema is given to drizzle: nothing uses its relational API
 * (`db.query.…`), yet with one every transaction built a query builder per table (~100) before its first
 * statement, and the type-check resolved drizzle's relational types for every table (oxlint's
 * type-check: 49 → 41 CPU-s on the quiet machine).
 */
export type Db = PgDatabase<PgQueryResultHKT>;
/** The `tx` a `db.transaction(async (tx) => …)` callback receives. */
export type DbTransaction = Parameters<Parameters<Db['transaction']>[0]>[0];

const dialect = new PgDialect();

/**
 * Runs `query` as a named prepared statement: PostgreSQL parses and plans it once per connection, not
 * at every call. For a statement every request makes (the guards' read of the user, access.service.ts)
 * whose planning is most of its cost: EXPLAIN gave 0.3–0.4 ms of planning against 0.07 ms of execution.
 * `name` must be the statement's own (node-postgres refuses one name for two texts). PGlite runs it as
 * any other statement. Rows as the driver returns them (`db.execute`'s shape).
 */
export async function executePrepared<Row>(db: Pick<Db, '_'>, name: string, query: SQL): Promise<Row[]> {
  const prepared = db._.session.prepareQuery(dialect.sqlToQuery(query), undefined, name, false);
  return ((await prepared.execute()) as { rows: Row[] }).rows;
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /** Throws when the database does not answer. */
  ping(): Promise<void>;
  /** Flushes the embedded database to disk; a no-op on a PostgreSQL server. */
  checkpoint(): Promise<void>;
  close(): Promise<void>;
  /** What the jobs layer (pg-boss) connects through: the embedded instance itself, or the server's address. */
  jobsConnection: { kind: 'pglite'; client: PgliteClient } | { kind: 'postgres'; connectionString: string };
}

export interface PgliteDatabase extends Database {
  /** The whole database as a tarball, for `openPglite(undefined, template)`. */
  dump(): Promise<Blob>;
}

export interface PgliteOpenOptions {
  /**
   * Runs PGlite in a worker thread of its own (pglite-thread.js), so its queries never block the
   * event loop: the server's choice (env PGLITE_THREAD, on by default: decision 014). In process otherwise.
   */
  thread?: boolean;
}

/**
 * PGlite's own start parameters plus a 16 MB buffer pool instead of PostgreSQL's 128 MB: the buffer
 * pool lives in PGlite's WebAssembly memory, which only grows, so pages once read stay resident; the
 * app's database is small and the file system cache sits under it. Measured on opening a data
 * directory: 310 MB → 189 MB resident (docs/decisions/012-half-the-weight.md).
 */
const START_PARAMS = ['-c', 'shared_buffers=16MB'];

async function startPgliteClient(dataDir: string | undefined, template: Blob | undefined, thread: boolean): Promise<PgliteClient> {
  if (thread) {
    const { PgliteThread } = await import('./pglite-thread-client.ts');
    return PgliteThread.start({ dataDir, template, startParams: START_PARAMS });
  }
  const [{ PGlite }, { pg_trgm }] = await Promise.all([import('@electric-sql/pglite'), import('@electric-sql/pglite/contrib/pg_trgm')]);
  return PGlite.create({
    dataDir,
    extensions: { pg_trgm },
    startParams: [...PGlite.defaultStartParams, ...START_PARAMS],
    ...(template ? { loadDataDir: template } : {}),
  });
}

/**
 * `dataDir` undefined keeps PGlite in memory (tests); `template`, a dump of another PGlite
 * database, starts it from that copy instead of an empty cluster. PGlite and its drizzle driver are
 * imported here, so a server on PostgreSQL never loads them (~0.5 MB of JavaScript and its
 * WebAssembly loader; decision 012, third pass).
 */
export async function openPglite(dataDir?: string, template?: Blob, options: PgliteOpenOptions = {}): Promise<PgliteDatabase> {
  const [{ drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  const client = await startPgliteClient(dataDir, template, options.thread ?? false);
  // The driver types its client as PGlite; it calls only what PgliteClient has (query, exec, transaction).
  const db = drizzlePglite({ client: client as PGlite });
  let closed = false;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_DIR }),
    ping: async () => {
      await client.query('select 1');
    },
    checkpoint: async () => {
      if (!closed) await client.exec('CHECKPOINT');
    },
    dump: () => client.dumpDataDir('none'),
    jobsConnection: { kind: 'pglite', client },
    close: async () => {
      if (closed) return;
      await client.exec('CHECKPOINT');
      closed = true;
      await client.close();
    },
  };
}

export function openPostgres(connectionString: string, max = 10): Database {
  const pool = new pg.Pool({ connectionString, max });
  // An idle client dropped by the server (restart, failover, a test dropping its database) must
  // not crash the process: the pool replaces it on the next checkout.
  pool.on('error', (error) => console.warn(`PostgreSQL idle connection lost: ${error.message}`));
  const db = drizzlePg({ client: pool });
  return {
    db,
    kind: 'postgres',
    migrate: () => migratePg(db, { migrationsFolder: MIGRATIONS_DIR }),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    checkpoint: async () => {},
    close: () => pool.end(),
    jobsConnection: { kind: 'postgres', connectionString },
  };
}
