/**
 * Creates a confirmed user, optionally with a role, through the admin APIs
 * (POST /auth/v1/admin/users, PUT /api/v1/admin/users/{id}/access):
 *   npm run user:create -- --email admin@example.com --password '…' --role administrator [--approver]
 * Which server answers:
 *   - `--url https://… ` with SERVICE_ROLE_KEY in the environment: that server;
 *   - a server running here on the embedded database: that one (it leaves its address beside DATA_DIR);
 *   - otherwise the app is built in this process on the database of DATABASE_URL or DATA_DIR.
 */
import { parseArgs } from 'node:util';
import { buildApp } from '../src/server/app.ts';
import { type Database, openPglite, openPostgres } from '../src/server/db/client.ts';
import { type DataDirLock, DataDirLockedError, acquireDataDirLock } from '../src/server/db/lock.ts';
import { seedReferenceData } from '../src/server/db/seed.ts';
import { type Env, parseEnv } from '../src/server/env.ts';
import { injectFetch } from '../src/server/inject-fetch.ts';
import { readLocalAdminEndpoint } from '../src/server/local-admin-endpoint.ts';
import { type AdminConnection, UserCreateError, createUserWithRole } from '../src/server/modules/auth/admin/create-user-with-role.ts';

const USAGE =
  "Usage: npm run user:create -- --email <address> --password '<password>' [--role <role>] [--approver] [--integration-admin] [--data-ai-admin] [--url <server> (with SERVICE_ROLE_KEY set)]";

interface Connected {
  connection: AdminConnection;
  where: string;
  close(): Promise<void>;
}

async function inProcess(env: Env, lock: DataDirLock | undefined): Promise<Connected> {
  let database: Database | undefined;
  try {
    database = env.DATABASE_URL ? openPostgres(env.DATABASE_URL, 1) : await openPglite(env.DATA_DIR);
    await database.migrate();
    await seedReferenceData(database.db);
    const app = await buildApp({ database, env });
    await app.ready();
    const opened = database;
    return {
      connection: { url: 'http://in-process', serviceRoleKey: app.authKeys.serviceRoleKey, fetch: injectFetch(app) },
      where: env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `the embedded database in ${env.DATA_DIR}`,
      async close() {
        await app.close();
        await opened.close();
        lock?.release();
      },
    };
  } catch (error) {
    await database?.close();
    lock?.release();
    throw error;
  }
}

async function connect(env: Env, url: string | undefined): Promise<Connected> {
  const nothing = async () => undefined;
  if (url) {
    const serviceRoleKey = process.env.SERVICE_ROLE_KEY; // eslint-disable-line n/no-process-env -- the key is this tool's input, never on the command line
    if (!serviceRoleKey) throw new UserCreateError('--url needs the server’s service-role key in SERVICE_ROLE_KEY.');
    return { connection: { url: url.replace(/\/+$/, ''), serviceRoleKey, fetch }, where: url, close: nothing };
  }
  if (env.DATABASE_URL) return inProcess(env, undefined);
  try {
    return await inProcess(env, acquireDataDirLock(env.DATA_DIR));
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    const running = readLocalAdminEndpoint(env.DATA_DIR);
    if (!running) throw error;
    return { connection: { ...running, fetch }, where: `the server running at ${running.url}`, close: nothing };
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      role: { type: 'string' },
      approver: { type: 'boolean' },
      'integration-admin': { type: 'boolean' },
      'data-ai-admin': { type: 'boolean' },
      url: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help || !values.email || !values.password) {
    console.log(USAGE);
    process.exitCode = values.help ? 0 : 1;
    return;
  }
  const connected = await connect(parseEnv(), values.url);
  try {
    const outcome = await createUserWithRole(connected.connection, {
      email: values.email,
      password: values.password,
      role: values.role,
      isApprover: values.approver,
      isIntegrationAdmin: values['integration-admin'],
      isDataAiAdmin: values['data-ai-admin'],
    });
    const action = outcome.created ? 'Created' : 'Updated';
    console.log(
      `${action} ${values.email.toLowerCase()} (${outcome.userId})${outcome.role ? ` with the role ${outcome.role}` : ''} through ${connected.where}.`,
    );
  } finally {
    await connected.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof UserCreateError || error instanceof DataDirLockedError ? error.message : error);
  process.exitCode = 1;
});
