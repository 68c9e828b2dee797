import { GoTrueAdminApi } from '@supabase/auth-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningAuthServer, serviceRoleToken, startAuthServer } from '../../../../tests/auth-helpers.ts';
import { createTestDatabase, type TestDatabase } from '../../../../tests/test-database.ts';

// Features auth-js offers and we do not: each fails as GoTrue fails with the feature off
// (auth-wire.md §6.2), so the client's `error.code` is the one Supabase would give.
let database: TestDatabase;
let server: RunningAuthServer;
beforeAll(async () => {
  database = await createTestDatabase();
  server = await startAuthServer(database);
});
afterAll(async () => {
  await server.app.close();
  await database.dispose();
});

describe('features that are off', () => {
  it('the GoTrue admin API for SSO providers: 404 saml_provider_disabled (organizations register theirs through updateSsoSettings)', async () => {
    const headers = { authorization: `Bearer ${serviceRoleToken(server.app)}`, 'x-supabase-api-version': '2024-01-01' };
    const providers = await server.app.inject({ method: 'GET', url: '/auth/v1/admin/sso/providers', headers });
    expect([providers.statusCode, providers.json()]).toEqual([404, expect.objectContaining({ code: 'saml_provider_disabled' })]);
    const anon = await server.app.inject({
      method: 'GET',
      url: '/auth/v1/admin/sso/providers',
      headers: { authorization: `Bearer ${server.app.authKeys.anonKey}` },
    });
    expect(anon.statusCode).toBe(403);
  });

  it('Web3 wallets: 422 web3_provider_disabled for Ethereum and Solana', async () => {
    const disabled = { name: 'AuthApiError', status: 422, code: 'web3_provider_disabled', message: 'Web3 provider is disabled' };
    const client = server.client();
    const message = 'example.com wants you to sign in with your Ethereum account';
    expect((await client.signInWithWeb3({ chain: 'ethereum', message, signature: '0xdeadbeef' })).error).toMatchObject(disabled);
    expect((await client.signInWithWeb3({ chain: 'solana', message, signature: new Uint8Array(64) })).error).toMatchObject(disabled);
  });

  it('ID-token sign-in: 400 provider_disabled for the built-in providers, validation_failed for an unknown one', async () => {
    const client = server.client();
    const google = await client.signInWithIdToken({ provider: 'google', token: 'header.payload.signature' });
    expect(google.error).toMatchObject({
      status: 400,
      code: 'provider_disabled',
      message: 'Provider (issuer "https://accounts.google.com") is not enabled',
    });
    const apple = await client.signInWithIdToken({ provider: 'apple', token: 'x', nonce: 'n' });
    expect(apple.error).toMatchObject({
      status: 400,
      code: 'provider_disabled',
      message: 'Provider (issuer "https://appleid.apple.com") is not enabled',
    });
    const custom = await client.signInWithIdToken({ provider: 'custom:acme', token: 'x' });
    expect(custom.error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: 'Custom OIDC provider "custom:acme" not allowed',
    });
    expect((await client.getSession()).data.session).toBeNull();
  });

  it('anonymous sign-in: 422 anonymous_provider_disabled, and no user is created', async () => {
    const admin = new GoTrueAdminApi({
      url: `${server.origin}/auth/v1`,
      headers: { Authorization: `Bearer ${serviceRoleToken(server.app)}` },
    });
    const before = (await admin.listUsers()).data.users.length;
    const { data, error } = await server.client().signInAnonymously({ options: { data: { theme: 'dark' } } });
    expect(error).toMatchObject({ status: 422, code: 'anonymous_provider_disabled', message: 'Anonymous sign-ins are disabled' });
    expect(data.session).toBeNull();
    expect((await admin.listUsers()).data.users).toHaveLength(before);
  });

  it('phone codes (verifyOtp type sms and phone_change): 403 otp_expired for an unknown code, GoTrue’s format error for a bad number', async () => {
    const client = server.client();
    const expired = { status: 403, code: 'otp_expired', message: 'Token has expired or is invalid' };
    expect((await client.verifyOtp({ phone: '+15555550100', token: '123456', type: 'sms' })).error).toMatchObject(expired);
    expect((await client.verifyOtp({ phone: '15555550100', token: '123456', type: 'phone_change' })).error).toMatchObject(expired);
    expect((await client.verifyOtp({ token_hash: 'abc', type: 'sms' } as never)).error).toMatchObject(expired);
    const badNumber = await client.verifyOtp({ phone: '+0123', token: '123456', type: 'sms' });
    expect(badNumber.error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: 'Invalid phone number format (E.164 required)',
    });
  });
});
