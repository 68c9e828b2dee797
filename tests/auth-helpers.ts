import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { GoTrueClient, type SupportedStorage } from '@supabase/auth-js';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/server/app.ts';
import { parseEnv } from '../src/server/env.ts';
import { listMailbox } from '../src/server/platform/mail/mail.service.ts';
import type { TestDatabase } from './test-database.ts';

export interface TestUser {
  userId: string;
  email: string;
  password: string;
  /** Empty when the user is unconfirmed (an unconfirmed user cannot sign in). */
  accessToken: string;
  refreshToken: string;
}

/** The service-role key of this app (full admin rights on /auth/v1/admin). */
export function serviceRoleToken(app: FastifyInstance): string {
  return app.authKeys.serviceRoleKey;
}

/**
 * A user created through the real service: admin create (service-role key), then the password
 * grant, exactly as a browser would sign in. Confirmed unless `confirmed: false`.
 */
export async function createTestUser(
  app: FastifyInstance,
  options: { email?: string; password?: string; confirmed?: boolean } = {},
): Promise<TestUser> {
  const email = (options.email ?? `user-${randomUUID()}@example.com`).toLowerCase();
  const password = options.password ?? `Correct-Horse-${randomUUID()}`;
  const confirmed = options.confirmed ?? true;
  const created = await app.inject({
    method: 'POST',
    url: '/auth/v1/admin/users',
    headers: { authorization: `Bearer ${serviceRoleToken(app)}` },
    payload: { email, password, email_confirm: confirmed },
  });
  if (created.statusCode !== 200) throw new Error(`createTestUser: admin create failed ${created.statusCode} ${created.body}`);
  const userId = (created.json() as { id: string }).id;
  if (!confirmed) return { userId, email, password, accessToken: '', refreshToken: '' };
  const signedIn = await app.inject({
    method: 'POST',
    url: '/auth/v1/token?grant_type=password',
    payload: { email, password },
  });
  if (signedIn.statusCode !== 200) throw new Error(`createTestUser: sign-in failed ${signedIn.statusCode} ${signedIn.body}`);
  const session = signedIn.json() as { access_token: string; refresh_token: string };
  return { userId, email, password, accessToken: session.access_token, refreshToken: session.refresh_token };
}

/** An in-memory storage for auth-js in Node. */
export function memoryStorage(): SupportedStorage & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

export interface RunningAuthServer {
  app: FastifyInstance;
  /** http://127.0.0.1:<port> */
  origin: string;
  /** A pinned-auth-js client against /auth/v1 with its own memory storage. */
  client(options?: { flowType?: 'implicit' | 'pkce'; storage?: SupportedStorage }): GoTrueClient;
  /** The newest outbox mail to `to` (after delivery), with its links. */
  latestMail(to: string): Promise<{ subject: string; text: string; links: string[] }>;
}

/**
 * The real app listening on 127.0.0.1 (random port), for conformance tests that drive it over
 * HTTP with the pinned `@supabase/auth-js`. Env overrides go through parseEnv as in production.
 */
export async function startAuthServer(
  database: TestDatabase,
  envOverrides: Record<string, string> = {},
  /** A built web app to serve next to the API (its page fallback answers unknown GETs). */
  options: { webDir?: string } = {},
): Promise<RunningAuthServer> {
  const app = await buildApp({
    database,
    webDir: options.webDir,
    env: parseEnv({ NODE_ENV: 'test', AUTH_EMAIL_MIN_INTERVAL_SECONDS: '0', ...envOverrides }),
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    app,
    origin,
    client: (options = {}) =>
      new GoTrueClient({
        url: `${origin}/auth/v1`,
        headers: { apikey: app.authKeys.anonKey },
        storage: options.storage ?? memoryStorage(),
        storageKey: `sb-test-${randomUUID()}`,
        flowType: options.flowType ?? 'implicit',
        autoRefreshToken: false,
        persistSession: true,
        detectSessionInUrl: false,
      }),
    latestMail: async (to) => {
      // The outbox row commits with the change that queued it: readable at once, whether or not it was sent yet.
      const mail = (await listMailbox(database.db, 200)).find((entry) => entry.to === to.toLowerCase());
      if (!mail) throw new Error(`No mail to ${to}`);
      return mail;
    },
  };
}
