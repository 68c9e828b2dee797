import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningAuthServer, createTestUser, startAuthServer } from '../../../../../tests/auth-helpers.ts';
import { createTestDatabase, type TestDatabase } from '../../../../../tests/test-database.ts';

/** The slice of oidc-provider (a certified OpenID Provider; the package ships no types) this test drives. */
interface InteractionDetails {
  prompt: { name: string };
  params: Record<string, unknown>;
  session?: { accountId?: string };
}
interface OidcProvider {
  callback(): (request: http.IncomingMessage, response: http.ServerResponse) => void;
  interactionDetails(request: http.IncomingMessage, response: http.ServerResponse): Promise<InteractionDetails>;
  interactionFinished(
    request: http.IncomingMessage,
    response: http.ServerResponse,
    result: Record<string, unknown>,
    options?: Record<string, unknown>,
  ): Promise<void>;
  Grant: new (options: { accountId: string; clientId: string }) => { addOIDCScope(scope: string): void; save(): Promise<string> };
}
type ProviderConstructor = new (issuer: string, configuration: Record<string, unknown>) => OidcProvider;

interface Profile {
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
}

const CLIENT_ID = 'compliancecore-test';
const CLIENT_SECRET = 'a-client-secret-for-the-test-provider';

let database: TestDatabase;
let server: RunningAuthServer;
let providerServer: http.Server;
let issuer: string;
const profiles = new Map<string, Profile>();
let signingInAs = '';

beforeAll(async () => {
  database = await createTestDatabase();
  // The provider is configured once our server's port (its redirect URI) is known.
  const holder: { provider?: OidcProvider } = {};
  providerServer = http.createServer((request, response) => {
    const provider = holder.provider;
    if (!provider) return void response.writeHead(503).end();
    if (request.url?.startsWith('/interaction/')) {
      // The user at the provider: logs in as `signingInAs` and consents to what was asked.
      const active = provider;
      void (async () => {
        const details = await active.interactionDetails(request, response);
        if (details.prompt.name === 'login') {
          await active.interactionFinished(request, response, { login: { accountId: signingInAs } }, { mergeWithLastSubmission: false });
          return;
        }
        const grant = new active.Grant({
          accountId: details.session?.accountId ?? signingInAs,
          clientId: String(details.params.client_id),
        });
        grant.addOIDCScope(String(details.params.scope));
        await active.interactionFinished(
          request,
          response,
          { consent: { grantId: await grant.save() } },
          { mergeWithLastSubmission: true },
        );
      })().catch((error: unknown) => response.writeHead(500).end(String(error)));
      return;
    }
    provider.callback()(request, response);
  });
  await new Promise<void>((resolve) => providerServer.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(providerServer.address() as AddressInfo).port}`;
  server = await startAuthServer(database, { OIDC_ISSUER: issuer, OIDC_CLIENT_ID: CLIENT_ID, OIDC_CLIENT_SECRET: CLIENT_SECRET });

  const moduleName: string = 'oidc-provider';
  const { default: Provider } = (await import(moduleName)) as { default: ProviderConstructor };
  holder.provider = new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        redirect_uris: [`${server.origin}/auth/v1/callback`],
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    findAccount: (_context: unknown, sub: string) => ({ accountId: sub, claims: () => profiles.get(sub) ?? { sub } }),
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_context: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    cookies: { keys: ['test-cookie-key'] },
    ttl: { Interaction: 600, Session: 600, Grant: 600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
    pkce: { required: () => true },
  });
});

afterAll(async () => {
  await server.app.close();
  await new Promise((resolve) => providerServer.close(resolve));
  await database.dispose();
});

/** A browser: follows redirects through the provider (keeping its cookies) until it lands on our site. */
async function browse(start: string): Promise<URL> {
  const cookies = new Map<string, string>();
  let url = start;
  for (let hop = 0; hop < 20; hop += 1) {
    const parsed = new URL(url);
    if (parsed.origin === server.origin && !parsed.pathname.startsWith('/auth/v1/')) return parsed;
    const headers: Record<string, string> = {};
    if (parsed.origin === issuer && cookies.size > 0) headers.cookie = [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await fetch(url, { redirect: 'manual', headers });
    if (parsed.origin === issuer) {
      for (const cookie of response.headers.getSetCookie()) {
        const [pair] = cookie.split(';');
        const [name, ...value] = (pair ?? '').split('=');
        if (name) cookies.set(name.trim(), value.join('='));
      }
    }
    const location = response.headers.get('location');
    if (!location) throw new Error(`No redirect from ${url}: ${response.status} ${await response.text()}`);
    url = new URL(location, url).toString();
  }
  throw new Error('Too many redirects');
}

function googleUser(profile: Profile): void {
  profiles.set(profile.sub, profile);
  signingInAs = profile.sub;
}

describe('Google sign-in through OpenID Connect (against a real OIDC provider)', () => {
  it('creates a user for a new verified Google account (implicit flow, lands on redirectTo)', async () => {
    googleUser({ sub: 'google-1', email: 'Lin@Example.com', email_verified: true, name: 'Lin Chen' });
    const client = server.client();
    const { data, error } = await client.signInWithOAuth({
      provider: 'google',
      options: { redirectTo: `${server.origin}/dashboard-compliancecore`, skipBrowserRedirect: true },
    });
    expect(error).toBeNull();
    expect(data.url).toContain(`${server.origin}/auth/v1/authorize?provider=google`);
    const landed = await browse(data.url ?? '');
    expect(landed.pathname).toBe('/dashboard-compliancecore');
    const fragment = new URLSearchParams(landed.hash.slice(1));
    expect(fragment.get('provider_token')).toEqual(expect.any(String));
    const { data: session, error: sessionError } = await client.setSession({
      access_token: fragment.get('access_token') ?? '',
      refresh_token: fragment.get('refresh_token') ?? '',
    });
    expect(sessionError).toBeNull();
    expect(session.user).toMatchObject({
      email: 'lin@example.com',
      app_metadata: { provider: 'google', providers: ['google'] },
      user_metadata: { full_name: 'Lin Chen', email_verified: true, sub: 'google-1', iss: issuer },
    });
    expect(session.user?.email_confirmed_at).toEqual(expect.any(String));
    expect(session.user?.identities).toEqual([expect.objectContaining({ provider: 'google', id: 'google-1', email: 'lin@example.com' })]);
    expect((await client.getClaims()).data?.claims.amr).toEqual([{ method: 'oauth', timestamp: expect.any(Number) }]);
  });

  it('links a verified Google e-mail to the existing confirmed account (PKCE), then unlinks it', async () => {
    const user = await createTestUser(server.app, { email: 'mei@example.com' });
    googleUser({ sub: 'google-2', email: 'mei@example.com', email_verified: true, name: 'Mei' });
    const client = server.client({ flowType: 'pkce' });
    const { data } = await client.signInWithOAuth({
      provider: 'google',
      options: { redirectTo: `${server.origin}/`, skipBrowserRedirect: true },
    });
    expect(data.url).toContain('code_challenge_method=s256');
    const landed = await browse(data.url ?? '');
    const code = landed.searchParams.get('code') ?? '';
    const exchanged = await client.exchangeCodeForSession(code);
    expect(exchanged.error).toBeNull();
    expect(exchanged.data.user?.id).toBe(user.userId);
    expect(exchanged.data.user?.app_metadata.providers).toEqual(['email', 'google']);
    expect(exchanged.data.session?.provider_token).toEqual(expect.any(String));

    const identities = await client.getUserIdentities();
    const google = identities.data?.identities.find((identity) => identity.provider === 'google');
    expect(identities.data?.identities).toHaveLength(2);
    const unlinked = await client.unlinkIdentity(google!);
    expect(unlinked.error).toBeNull();
    const after = await client.getUser();
    expect(after.data.user?.identities?.map((identity) => identity.provider)).toEqual(['email']);
    expect(after.data.user?.app_metadata.providers).toEqual(['email']);
    const last = await client.unlinkIdentity(after.data.user!.identities![0]!);
    expect(last.error).toMatchObject({ status: 422, code: 'single_identity_not_deletable' });
  });

  it('never links or creates an account for an unverified Google e-mail', async () => {
    const user = await createTestUser(server.app, { email: 'noor@example.com' });
    googleUser({ sub: 'google-3', email: 'noor@example.com', email_verified: false, name: 'Not Noor' });
    const { data } = await server
      .client()
      .signInWithOAuth({ provider: 'google', options: { redirectTo: `${server.origin}/auth`, skipBrowserRedirect: true } });
    const landed = await browse(data.url ?? '');
    expect(landed.pathname).toBe('/auth');
    expect(landed.searchParams.get('error_code')).toBe('provider_email_needs_verification');
    expect(new URLSearchParams(landed.hash.slice(1)).get('error_code')).toBe('provider_email_needs_verification');
    const admin = await server.app.inject({
      method: 'GET',
      url: `/auth/v1/admin/users/${user.userId}`,
      headers: { authorization: `Bearer ${server.app.authKeys.serviceRoleKey}` },
    });
    expect((admin.json() as { identities: unknown[] }).identities).toHaveLength(1);
  });

  it("removes a squatter's unconfirmed password when the owner signs in with Google", async () => {
    const squatter = await createTestUser(server.app, { email: 'owner@example.com', confirmed: false, password: 'Squatter-Password-77' });
    googleUser({ sub: 'google-4', email: 'owner@example.com', email_verified: true, name: 'Owner' });
    const client = server.client({ flowType: 'pkce' });
    const { data } = await client.signInWithOAuth({ provider: 'google', options: { skipBrowserRedirect: true } });
    const landed = await browse(data.url ?? '');
    expect(landed.pathname).toBe('/');
    const { data: session } = await client.exchangeCodeForSession(landed.searchParams.get('code') ?? '');
    expect(session.user?.id).toBe(squatter.userId);
    expect(session.user?.identities?.map((identity) => identity.provider)).toEqual(['google']);
    const attempt = await server.client().signInWithPassword({ email: 'owner@example.com', password: 'Squatter-Password-77' });
    expect(attempt.error).toMatchObject({ code: 'invalid_credentials' });
  });

  it('links Google to the signed-in user on request, but not an account linked elsewhere', async () => {
    const user = await createTestUser(server.app);
    const client = server.client();
    await client.signInWithPassword({ email: user.email, password: user.password });
    googleUser({ sub: 'google-5', email: 'work-account@example.com', email_verified: true, name: 'Work' });
    const link = await client.linkIdentity({ provider: 'google', options: { skipBrowserRedirect: true } });
    expect(link.error).toBeNull();
    await browse(link.data.url ?? '');
    const linked = await client.getUser();
    expect(linked.data.user?.identities?.map((identity) => identity.provider)).toEqual(['email', 'google']);
    expect(linked.data.user?.email).toBe(user.email);

    const other = await createTestUser(server.app);
    const otherClient = server.client();
    await otherClient.signInWithPassword({ email: other.email, password: other.password });
    const again = await otherClient.linkIdentity({ provider: 'google', options: { skipBrowserRedirect: true } });
    const refused = await browse(again.data.url ?? '');
    expect(refused.searchParams.get('error_code')).toBe('identity_already_exists');
  });

  it('rejects a callback with an unknown state', async () => {
    const response = await fetch(`${server.origin}/auth/v1/callback?state=00000000-0000-0000-0000-000000000000&code=x`, {
      redirect: 'manual',
    });
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get('location') ?? '');
    expect(location.searchParams.get('error_code')).toBe('bad_oauth_state');
  });
});
