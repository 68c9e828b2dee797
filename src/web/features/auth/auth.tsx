import type { AuthError, GoTrueClient, Session, User } from '@supabase/auth-js';
import { type ReactNode, Suspense, createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ACCESS_DENIED_PATH, STORAGE_KEYS } from '../../../shared/constants.ts';
import type { MeAccess } from '../../../shared/schemas/access.ts';
import type { CheckSubscriptionResponse } from '../../../shared/schemas/billing.ts';
import { setAccessTokenProvider } from '../../lib/api-client.ts';
import { lazyWithQuery } from '../../lib/lazy-with-query.tsx';
import type { AccessQueryResult } from './access-query.tsx';
import type { PublicConfig } from '../../../shared/schemas/auth.ts';
import {
  getAuthClient,
  hasStoredSession,
  isAuthCallbackUrl,
  loadPublicConfig,
  rememberReturnPath,
  resolveAccessToken,
  takeReturnPath,
} from './auth-client.ts';
import { fetchSubscription, needsSecondFactor } from './auth-session.ts';
import { writeStorage } from '../../lib/storage.ts';

/**
 * Who is signed in (product.md §4 Auth): the auth-js session, the roles and permissions the server
 * grants (/api/v1/me/access), and the subscription fetched after sign-in.
 */

export type AccessStatus = 'idle' | 'loading' | 'ready' | 'error';

export interface AuthContextValue {
  user: User | null;
  session: Session | null;
  /** True until the first session state is known (product.md §4). */
  isLoading: boolean;
  /** A sign-out started here is under way: guards wait instead of sending the user to /auth. */
  isSigningOut?: boolean;
  /** Roles, flags, permissions and scopes; null while loading, signed out, or when the fetch failed. */
  access: MeAccess | null;
  accessStatus: AccessStatus;
  /** Signed in with a password (or link) only, while the account has a verified second factor. */
  needsMfa: boolean;
  subscription: CheckSubscriptionResponse | null;
  providers: PublicConfig['providers'] | null;
  /** The auth-js client, once created in the browser (null during prerender and first load). */
  client: GoTrueClient | null;
  signInWithPassword(email: string, password: string): Promise<{ error: AuthError | null }>;
  signUp(email: string, password: string, returnTo?: string | null): Promise<SignUpResult>;
  signInWithMagicLink(email: string, returnTo?: string | null): Promise<{ error: AuthError | null }>;
  signInWithGoogle(returnTo?: string | null): Promise<{ error: AuthError | null }>;
  /** Sends the browser to the identity provider of the address's domain (SAML single sign-on). */
  signInWithSso(email: string, returnTo?: string | null): Promise<{ error: AuthError | null }>;
  /** Signs out; with `redirectTo`, then loads that page afresh (guards wait instead of detouring via /auth). */
  signOut(scope?: 'local' | 'global' | 'others', options?: { redirectTo?: string }): Promise<{ error: AuthError | null }>;
  /** Fetches the user again (after unlinking an identity, say) by refreshing the session. */
  reloadUser(): Promise<void>;
}

export interface SignUpResult {
  error: AuthError | null;
  /** The confirmation e-mail is on its way: no session yet. */
  needsConfirmation: boolean;
}

/** Exported for component tests, which supply a known auth state. */
export const AuthContext = createContext<AuthContextValue | null>(null);

// TanStack Query and the access request load once someone is signed in (lib/query-client.ts).
const AccessQuery = lazyWithQuery(() => import('./access-query.tsx').then((module) => module.AccessQuery));

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used within an AuthProvider');
  return value;
}

function callbackError(url: URL): { code: string | null; description: string | null } | null {
  const hash = new URLSearchParams(url.hash.replace(/^#/, ''));
  const read = (name: string) => url.searchParams.get(name) ?? hash.get(name);
  if (!read('error') && !read('error_code') && !read('error_description')) return null;
  return { code: read('error_code') ?? read('error'), description: read('error_description') };
}

function useSessionState() {
  const [client, setClient] = useState<GoTrueClient | null>(null);
  const [session, setSession] = useState<Session | null>(null);
  const [isLoading, setLoading] = useState(true);
  const [providers, setProviders] = useState<PublicConfig['providers'] | null>(null);
  const [subscription, setSubscription] = useState<CheckSubscriptionResponse | null>(null);
  const subscribedUser = useRef<string | null>(null);
  /** Starts the auth client once (signing in from this page, a session from another tab). */
  const startClient = useRef<(() => Promise<GoTrueClient>) | null>(null);
  const navigate = useNavigate();

  useEffect(() => {
    let cancelled = false;
    let unsubscribe = () => {};
    let started: Promise<GoTrueClient> | undefined;
    // Read before auth-js consumes (and strips) the parameters of an e-mail link or Google redirect.
    const landing = new URL(window.location.href);
    const isCallback = isAuthCallbackUrl(landing);
    const redirectError = callbackError(landing);

    async function start(): Promise<GoTrueClient> {
      const [authClient, config] = await Promise.all([getAuthClient(), loadPublicConfig()]);
      if (cancelled) return authClient;
      setClient(authClient);
      setProviders(config.providers);
      setAccessTokenProvider(resolveAccessToken);
      const { data } = authClient.onAuthStateChange((event, next) => {
        setSession(next);
        setLoading(false);
        if (event === 'SIGNED_OUT' || !next) {
          subscribedUser.current = null;
          // The cached access goes with AccessQuery, which unmounts when no one is signed in.
          setSubscription(null);
          return;
        }
        const isSignIn = event === 'SIGNED_IN' || event === 'INITIAL_SESSION' || event === 'MFA_CHALLENGE_VERIFIED';
        if (isSignIn && !needsSecondFactor(next) && subscribedUser.current !== next.user.id) {
          subscribedUser.current = next.user.id;
          const token = next.access_token;
          // Deferred by a zero-delay timer (product.md §4): never call out from inside auth-js's callback.
          setTimeout(() => {
            fetchSubscription(token).then(
              (result) => {
                if (subscribedUser.current === next.user.id) setSubscription(result);
              },
              (error: unknown) => console.error('Subscription check failed', error),
            );
          }, 0);
        }
      });
      unsubscribe = () => data.subscription.unsubscribe();
      if (!isCallback) return authClient;
      const { error } = await authClient.initialize();
      const { data: current } = await authClient.getSession();
      if (cancelled) return authClient;
      if (current.session && !redirectError) {
        const here = window.location.pathname;
        // Back from an e-mail link or Google on /auth: its screen forwards the signed-in user to their home
        // once their roles are known (an auditor's is the auditor portal); on the site's root, the dashboard.
        const target = takeReturnPath() ?? (here === '/' ? ACCESS_DENIED_PATH : null);
        if (target && target !== here) void navigate(target, { replace: true });
      } else if (redirectError || error) {
        const params = new URLSearchParams();
        const code = redirectError?.code ?? error?.code;
        if (code) params.set('error_code', code);
        const description = redirectError?.description ?? error?.message;
        if (description) params.set('error_description', description);
        void navigate(`/auth?${params.toString()}`, { replace: true });
      }
      return authClient;
    }

    const ensureStarted = () => {
      started ??= start();
      started.catch((error: unknown) => {
        console.error('Could not start the auth client', error);
        started = undefined;
        if (!cancelled) setLoading(false);
      });
      return started;
    };
    startClient.current = ensureStarted;
    setAccessTokenProvider(resolveAccessToken);
    // A visitor with no stored session (and not back from an e-mail link or Google) is signed out:
    // the auth client (auth-js, its config request) loads when they start signing in, not with the page.
    // An e-mail link that is spent on a button press (an invitation's `token_hash`) also needs the
    // client listening before the press, or the session it creates would never reach this provider.
    const isEmailLink = landing.searchParams.has('token_hash');
    if (isCallback || isEmailLink || hasStoredSession()) void ensureStarted().catch(() => undefined);
    else {
      setLoading(false);
      void loadPublicConfig().then(
        (config) => !cancelled && setProviders(config.providers),
        () => undefined,
      );
    }
    // Signed in in another tab: follow it here.
    const onStorage = (event: StorageEvent) => {
      if (event.key === STORAGE_KEYS.authSession && event.newValue) void ensureStarted().catch(() => undefined);
    };
    window.addEventListener('storage', onStorage);
    return () => {
      cancelled = true;
      startClient.current = null;
      window.removeEventListener('storage', onStorage);
      unsubscribe();
    };
  }, [navigate]);

  return { client, session, isLoading, providers, subscription, startClient };
}

function useAccess(client: GoTrueClient | null, session: Session | null) {
  // Mid sign-in (second factor due) the server answers MFA_REQUIRED; ask once the step is done.
  const userId = session && !needsSecondFactor(session) ? session.user.id : null;
  const [result, setResult] = useState<AccessQueryResult | null>(null);
  const current = userId !== null && result?.userId === userId ? result : null;
  const isDeadSession = current?.isDeadSession ?? false;
  useEffect(() => {
    // The server no longer knows this session (signed out elsewhere, revoked): end it here too.
    if (isDeadSession && client) void client.signOut({ scope: 'local' });
  }, [client, isDeadSession]);
  const status: AccessStatus = !userId ? 'idle' : (current?.status ?? 'loading');
  const query =
    userId === null ? null : (
      <Suspense fallback={null}>
        <AccessQuery userId={userId} onChange={setResult} />
      </Suspense>
    );
  return { access: status === 'ready' ? (current?.access ?? null) : null, accessStatus: status, query };
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const { client, session, isLoading, providers, subscription, startClient } = useSessionState();
  const { access, accessStatus, query } = useAccess(client, session);
  const [isSigningOut, setSigningOut] = useState(false);
  const origin = typeof window === 'undefined' ? '' : window.location.origin;

  const withClient = useCallback(
    async <T,>(run: (authClient: GoTrueClient) => Promise<T>): Promise<T> =>
      run(client ?? (await (startClient.current ?? getAuthClient)())),
    [client, startClient],
  );

  const reloadUser = useCallback(async () => {
    await withClient((authClient) => authClient.refreshSession());
  }, [withClient]);

  const value = useMemo<AuthContextValue>(
    () => ({
      user: session?.user ?? null,
      session,
      isLoading,
      isSigningOut,
      access,
      accessStatus,
      needsMfa: needsSecondFactor(session),
      subscription,
      providers,
      client,
      signInWithPassword: (email, password) =>
        withClient(async (authClient) => ({ error: (await authClient.signInWithPassword({ email, password })).error })),
      signUp: (email, password, returnTo) =>
        withClient(async (authClient) => {
          rememberReturnPath(returnTo ?? null);
          // product.md §6: the confirmation link brings the user back to the site root.
          const { data, error } = await authClient.signUp({ email, password, options: { emailRedirectTo: `${origin}/` } });
          return { error, needsConfirmation: !error && !data.session };
        }),
      signInWithMagicLink: (email, returnTo) =>
        withClient(async (authClient) => {
          rememberReturnPath(returnTo ?? null);
          // product.md §6: the link redirects to the given path, by default the root.
          const { error } = await authClient.signInWithOtp({
            email,
            options: { emailRedirectTo: `${origin}${returnTo ?? '/'}` },
          });
          return { error };
        }),
      signInWithGoogle: (returnTo) =>
        withClient(async (authClient) => {
          rememberReturnPath(returnTo ?? null);
          const { error } = await authClient.signInWithOAuth({ provider: 'google', options: { redirectTo: `${origin}/` } });
          return { error };
        }),
      signInWithSso: (email, returnTo) =>
        withClient(async (authClient) => {
          rememberReturnPath(returnTo ?? null);
          const domain = email
            .slice(email.lastIndexOf('@') + 1)
            .trim()
            .toLowerCase();
          // auth-js sends the browser to the identity provider itself once the server answers its address.
          const { error } = await authClient.signInWithSSO({ domain, options: { redirectTo: `${origin}/` } });
          return { error };
        }),
      signOut: async (scope = 'local', options = {}) => {
        if (scope === 'others') return withClient((authClient) => authClient.signOut({ scope }));
        setSigningOut(true);
        let isLeaving = false;
        try {
          const result = await withClient((authClient) => authClient.signOut({ scope }));
          // The advisor's cached suggestion belongs to this session (cookie policy: until sign-out).
          if (!result.error) writeStorage(STORAGE_KEYS.aiTaskSuggestion, null);
          if (options.redirectTo) {
            // A full load of the next page: nothing of the signed-in session (query cache, guards
            // about to redirect to /auth) survives it.
            isLeaving = true;
            window.location.assign(options.redirectTo);
          }
          return result;
        } finally {
          if (!isLeaving) setSigningOut(false);
        }
      },
      reloadUser,
    }),
    [session, isLoading, isSigningOut, access, accessStatus, subscription, providers, client, withClient, reloadUser, origin],
  );
  return (
    <AuthContext.Provider value={value}>
      {query}
      {children}
    </AuthContext.Provider>
  );
}
