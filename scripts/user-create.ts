/**
 * Creates a confirmed user directly in the database, optionally with a role:
 *   npm run user:create -- --email admin@example.com --password '…' --role administrator [--approver]
 * Uses the same environment as the server (DATABASE_URL, or the embedded database in DATA_DIR;
 * stop the server first when it runs on the embedded database: only one process may open it).
 */
import { parseArgs } from 'node:util';
import { type Database, openPglite, openPostgres } from '../src/server/db/client.ts';
import { type DataDirLock, acquireDataDirLock } from '../src/server/db/lock.ts';
import { seedReferenceData } from '../src/server/db/seed.ts';
import { parseEnv } from '../src/server/env.ts';
import { UserCreateError, createUserWithRole } from '../src/server/modules/auth/user-create.service.ts';

const USAGE = "Usage: npm run user:create -- --email <address> --password '<password>' [--role <role>] [--approver] [--integration-admin] [--data-ai-admin]";

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      role: { type: 'string' },
      approver: { type: 'boolean' },
      'integration-admin': { type: 'boolean' },
      'data-ai-admin': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help || !values.email || !values.password) {
    console.log(USAGE);
    process.exitCode = values.help ? 0 : 1;
    return;
  }
  const env = parseEnv();
  let database: Database;
  let lock: DataDirLock | undefined;
  if (env.DATABASE_URL) {
    database = openPostgres(env.DATABASE_URL, 1);
  } else {
    lock = acquireDataDirLock(env.DATA_DIR);
    database = await openPglite(env.DATA_DIR);
  }
  try {
    await database.migrate();
    await seedReferenceData(database.db);
    const outcome = await createUserWithRole(database.db, {
      email: values.email,
      password: values.password,
      role: values.role,
      isApprover: values.approver,
      isIntegrationAdmin: values['integration-admin'],
      isDataAiAdmin: values['data-ai-admin'],
    });
    const action = outcome.created ? 'Created' : 'Updated';
    console.log(`${action} ${values.email.toLowerCase()} (${outcome.userId})${outcome.role ? ` with the role ${outcome.role}` : ''}.`);
  } finally {
    await database.close();
    lock?.release();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof UserCreateError ? error.message : error);
  process.exitCode = 1;
});
