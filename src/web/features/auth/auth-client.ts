import type { GoTrueClient } from '@supabase/auth-js';
import { STORAGE_KEYS } from '../../../shared/constants.ts';
import type { PublicConfig } from '../../../shared/schemas/auth.ts';
import { apiFetch } from '../../lib/api-client.ts';
import { readStorage, writeStorage } from '../../lib/storage.ts';

/**
 * The one GoTrueClient of the page, talking to our own `/auth/v1` on the same origin. Created
 * lazily in the browser only: prerendering runs in Node, where there is no session to read.
 */

let configPromise: Promise<PublicConfig> | undefined;
let clientPromise: Promise<GoTrueClient> | undefined;

/**
 * GET /api/v1/public-config, once per page; a failure is not cached, so the next call retries.
 *
 * The auth client's other schemas (the caller's access, the subscription) are imported when first
 * used, not with the app: zod builds every schema of a module as the module is evaluated, and a
 * visitor who is not signed in never needs them.
 */
export function loadPublicConfig(): Promise<PublicConfig> {
  configPromise ??= apiFetch<unknown>('/api/v1/public-config', { token: null })
    .then(toPublicConfig)
    .catch((error: unknown) => {
      configPromise = undefined;
      throw error;
    });
  return configPromise;
}

/**
 * The answer checked against publicConfigSchema's shape by hand: every public page reads it (the
 * anonymous key, whether Google sign-in is on), and zod is no part of a public page's start-up.
 */
function toPublicConfig(body: unknown): PublicConfig {
  const value = body as Partial<Record<keyof PublicConfig, unknown>> | null;
  const providers = value?.providers as { google?: unknown } | undefined;
  if (typeof value?.anonKey !== 'string' || typeof providers?.google !== 'boolean') {
    throw new Error('Unexpected answer from /api/v1/public-config');
  }
  return { anonKey: value.anonKey, providers: { google: providers.google } };
}

/** auth-js storage on top of src/web/lib/storage.ts, which never throws (private mode, no storage). */
const safeStorage = {
  getItem: (key: string) => readStorage(key),
  setItem: (key: string, value: string) => writeStorage(key, value),
  removeItem: (key: string) => writeStorage(key, null),
};

/**
 * Whether auth-js has a session stored in this browser, read without loading auth-js: a visitor
 * with none is signed out, and the public pages then never need the auth client.
 */
export function hasStoredSession(): boolean {
  return typeof window !== 'undefined' && readStorage(STORAGE_KEYS.authSession) !== null;
}

export function getAuthClient(): Promise<GoTrueClient> {
  if (typeof window === 'undefined') return Promise.reject(new Error('The auth client runs in the browser only.'));
  // auth-js (~120 KB) loads beside the config, after the page has rendered: it is no part of first paint.
  clientPromise ??= Promise.all([loadPublicConfig(), import('@supabase/auth-js')]).then(
    ([config, { GoTrueClient }]) =>
      new GoTrueClient({
        url: `${window.location.origin}/auth/v1`,
        headers: { apikey: config.anonKey },
        storageKey: STORAGE_KEYS.authSession,
        storage: safeStorage,
        persistSession: true,
        autoRefreshToken: true,
        detectSessionInUrl: true,
        flowType: 'pkce',
      }),
    (error: unknown) => {
      clientPromise = undefined;
      throw error;
    },
  );
  return clientPromise;
}

/**
 * The bearer for our own API: the signed-in user's access token (auth-js refreshes it when due),
 * otherwise the public anonymous key. Null when neither can be had; the request then fails with
 * 401 like any other unauthenticated call. AuthProvider registers it with the API client.
 */
export async function resolveAccessToken(): Promise<string | null> {
  // Signed out (nothing stored, client never started): the anonymous key, without loading auth-js.
  if (!clientPromise && !hasStoredSession()) {
    try {
      return (await loadPublicConfig()).anonKey;
    } catch {
      return null;
    }
  }
  try {
    const client = await getAuthClient();
    const { data } = await client.getSession();
    if (data.session?.access_token) return data.session.access_token;
  } catch {
    // no auth client (storage blocked, config unreachable): try the anonymous key alone
  }
  try {
    return (await loadPublicConfig()).anonKey;
  } catch {
    return null;
  }
}

const AUTH_CALLBACK_PARAMS = ['code', 'access_token', 'error', 'error_code', 'error_description'];

/** Whether this URL is an auth redirect (e-mail link, Google) that auth-js is about to consume. */
export function isAuthCallbackUrl(url: URL): boolean {
  const hash = new URLSearchParams(url.hash.replace(/^#/, ''));
  return AUTH_CALLBACK_PARAMS.some((name) => url.searchParams.has(name) || hash.has(name));
}

/** A same-site path only: an attacker-supplied `?redirect=https://evil` must not leave the site. */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  // Never back to the sign-in page itself, or to the auth API.
  const path = value.split(/[?#]/, 1)[0] ?? value;
  if (path === '/auth' || path.startsWith('/auth/')) return null;
  return value;
}

export function rememberReturnPath(path: string | null): void {
  writeStorage(STORAGE_KEYS.authReturnTo, safeReturnPath(path));
}

/** Reads and forgets the path saved before leaving for an e-mail link or Google. */
export function takeReturnPath(): string | null {
  const path = safeReturnPath(readStorage(STORAGE_KEYS.authReturnTo));
  writeStorage(STORAGE_KEYS.authReturnTo, null);
  return path;
}
