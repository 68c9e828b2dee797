import fs from 'node:fs';
import path from 'node:path';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { type Database, openPglite, openPostgres } from './db/client.ts';
import { type DataDirLock, acquireDataDirLock } from './db/lock.ts';
import { seedReferenceData } from './db/seed.ts';
import { seedContentDocuments } from './modules/content/content.service.ts';
import { seedCatalogue } from './modules/frameworks/catalogue-seed.ts';
import { parseEnv, webBuildDir } from './env.ts';
import { publishLocalAdminEndpoint } from './local-admin-endpoint.ts';
import { startIdleMemoryRelease } from './platform/http/idle-memory-release.ts';
import { logTransport, loggerOptions } from './plugins/log-redaction.ts';
import { loadContent } from '../shared/content-reader.server.ts';

async function openDatabase(env: ReturnType<typeof parseEnv>): Promise<{ database: Database; lock?: DataDirLock }> {
  if (env.DATABASE_URL) return { database: openPostgres(env.DATABASE_URL) };
  if (env.NODE_ENV === 'production') {
    console.warn('Running production on the embedded PGlite database (ALLOW_EMBEDDED_DB=1): no fsync, one process only.');
  }
  const lock = acquireDataDirLock(env.DATA_DIR);
  try {
    return { database: await openPglite(env.DATA_DIR, undefined, { thread: env.PGLITE_THREAD }), lock };
  } catch (error) {
    lock.release();
    throw error;
  }
}

async function start(): Promise<void> {
  const env = parseEnv();
  const { database, lock } = await openDatabase(env);
  await database.migrate();
  await seedReferenceData(database.db);
  await seedCatalogue(database.db);
  // Read once: the search index's seed and the sitemap both come from it (~20 ms of parsing each time).
  const content = loadContent();
  await seedContentDocuments(database.db, content);

  const webDir = fs.existsSync(webBuildDir(env)) ? webBuildDir(env) : undefined;
  const app = await buildApp({
    database,
    env,
    webDir,
    pageCacheDir: path.join(env.DATA_DIR, 'page-cache'),
    content,
    trustProxy: env.TRUST_PROXY,
    logger: { ...loggerOptions(env.LOG_LEVEL), ...logTransport(env.NODE_ENV) },
  });
  if (!webDir) app.log.warn('No web build found: serving the API only. Run `npm run build` for the web app.');

  const checkpointTimer = setInterval(() => {
    database.checkpoint().catch((error: unknown) => app.log.error({ err: error }, 'checkpoint failed'));
  }, env.CHECKPOINT_INTERVAL_MINUTES * 60_000);
  checkpointTimer.unref();

  let forgetAdminEndpoint: (() => void) | undefined;
  // After a burst of requests, V8's pooled pages go back to the system (`npm run serve` exposes gc).
  const memoryRelease = startIdleMemoryRelease(app.server, globalThis.gc, {
    onRelease: (freedBytes) => app.log.info({ freedMb: Math.round(freedBytes / 1048576) }, 'memory released after a burst of requests'),
  });
  closeWithGrace({ delay: 15_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    clearInterval(checkpointTimer);
    forgetAdminEndpoint?.();
    memoryRelease.stop();
    // Requests running finish; new ones hear 503 and their connection closes (plugins/shutdown-drain.ts).
    // Up to 10 s of the 15 s grace: 40 writers in flight on the embedded database took longer than 5 s
    // beside other work, and the exit that followed reset the slowest two.
    if (!err) await app.drain({ maxMs: 10_000 });
    await app.close(); // stops accepting, closes the idle connections, stops the job workers
    await database.close(); // CHECKPOINT, then close
    lock?.release();
  });

  await app.listen({ port: env.PORT, host: env.HOST });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  const shownHost = env.HOST === '0.0.0.0' || env.HOST === '::' ? 'localhost' : env.HOST;
  if (lock) {
    const host = env.HOST === '0.0.0.0' || env.HOST === '::' ? '127.0.0.1' : env.HOST;
    const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
    forgetAdminEndpoint = publishLocalAdminEndpoint(env.DATA_DIR, url, () => app.authKeys.serviceRoleKey);
  }
  console.log(
    `ComplianceCore is running at http://${shownHost}:${port} (database: ${database.kind === 'pglite' ? `embedded PGlite in ${env.DATA_DIR}` : 'PostgreSQL'})`,
  );
}

start().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
