import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningAuthServer, createTestUser, startAuthServer } from '../../../../../tests/auth-helpers.ts';
import { SoftwareAuthenticator } from '../../../../../tests/software-authenticator.ts';
import { createTestDatabase, type TestDatabase } from '../../../../../tests/test-database.ts';

// Passkeys as a second factor (issue 37 item 5) through the pinned auth-js MFA API.
//
// The first block runs the assertions of the upstream auth-js "WebAuthn MFA" tests (supabase-js
// packages/core/auth-js/test/GoTrueClient.test.ts, MIT) against our server: the same calls and
// expectations, with the browser mocks they need for a session left out (Node has no
// navigator.credentials; the calls that reach the server need none). The second block goes
// further than upstream: whole ceremonies with a software authenticator (adapted from upstream's
// test/lib/software-authenticator.ts) through mfa.challenge / mfa.verify.

let database: TestDatabase;
let server: RunningAuthServer;
let rp: { rpId: string; rpOrigins: string[] };

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startAuthServer(database);
  // A page on this machine under its name, as a browser needs for WebAuthn (an IP is no RP ID).
  rp = { rpId: 'localhost', rpOrigins: [server.origin.replace('127.0.0.1', 'localhost')] };
});
afterAll(async () => {
  await server.app.close();
  await database.dispose();
});

async function signedInClient() {
  const user = await createTestUser(server.app);
  const client = server.client();
  const { error } = await client.signInWithPassword({ email: user.email, password: user.password });
  expect(error).toBeNull();
  return client;
}

describe('upstream auth-js WebAuthn MFA tests, against our server', () => {
  it('enroll WebAuthn should fail without session', async () => {
    const { data, error } = await server.client().mfa.webauthn.enroll({ friendlyName: 'Test Device' });
    expect(error).not.toBeNull();
    expect(error?.message).toContain('Bearer token');
    expect(data).toBeNull();
  });

  it('enroll WebAuthn should allow empty friendlyName', async () => {
    const client = await signedInClient();
    const { data, error } = await client.mfa.webauthn.enroll({ friendlyName: '' });
    expect(error).toBeNull();
    expect(data).not.toBeNull();
    expect(data?.type).toBe('webauthn');
  });

  it('enroll WebAuthn should create unverified factor', async () => {
    const client = await signedInClient();
    const { data, error } = await client.mfa.webauthn.enroll({ friendlyName: 'Test Security Key' });
    expect(error).toBeNull();
    expect(data?.id).toBeDefined();
    expect(data?.type).toBe('webauthn');
    expect(data?.friendly_name).toBe('Test Security Key');
    const { data: user } = await client.getUser();
    expect(user.user?.factors).toEqual([expect.objectContaining({ id: data?.id, factor_type: 'webauthn', status: 'unverified' })]);
  });

  it('challenge WebAuthn should fail without session', async () => {
    const { data, error } = await server.client().mfa.webauthn.challenge({
      factorId: 'test-factor-id',
      webauthn: { rpId: 'localhost', rpOrigins: ['http://localhost:9999'] },
    });
    expect(error).not.toBeNull();
    expect(error?.message).toContain('Bearer token');
    expect(data).toBeNull();
  });

  it('challenge WebAuthn should fail with invalid factorId', async () => {
    const client = await signedInClient();
    const { data, error } = await client.mfa.webauthn.challenge({
      factorId: 'invalid-factor-id',
      webauthn: { rpId: 'localhost', rpOrigins: ['http://localhost:9999'] },
    });
    expect(error).not.toBeNull();
    expect(data).toBeNull();
  });

  it('verify WebAuthn should fail without session', async () => {
    const authenticator = new SoftwareAuthenticator({ rpId: 'localhost', origin: 'http://localhost:9999' });
    const { data, error } = await server.client().mfa.webauthn.verify({
      factorId: crypto.randomUUID(),
      challengeId: crypto.randomUUID(),
      webauthn: {
        type: 'create',
        rpId: 'localhost',
        rpOrigins: ['http://localhost:9999'],
        credential_response: asCredential(authenticator.create('AAAA')),
      },
    });
    expect(error).not.toBeNull();
    expect(error?.message).toContain('Bearer token');
    expect(data).toBeNull();
  });

  it('unenroll WebAuthn should remove factor', async () => {
    const client = await signedInClient();
    const { data: enrollData } = await client.mfa.webauthn.enroll({ friendlyName: 'Test Device' });
    if (!enrollData) throw new Error('Failed to enroll WebAuthn factor');
    const { error: unenrollError } = await client.mfa.unenroll({ factorId: enrollData.id });
    expect(unenrollError).toBeNull();
    const { data: factorsData } = await client.mfa.listFactors();
    expect(factorsData?.all.filter((factor) => factor.factor_type === 'webauthn') ?? []).toHaveLength(0);
  });

  it('should enroll WebAuthn factor', async () => {
    const client = await signedInClient();
    const { data, error } = await client.mfa.webauthn.enroll({ friendlyName: 'Test Yubikey' });
    expect(error).toBeNull();
    expect(data?.type).toBe('webauthn');
    expect(data?.id).toBeDefined();
    expect(data?.friendly_name).toBe('Test Yubikey');
  });
});

/** What auth-js serialises with the credential's toJSON() (the W3C Level 3 path it prefers). */
function asCredential<T>(json: T): never {
  return { toJSON: () => json } as never;
}

const base64url = (buffer: ArrayBuffer | ArrayBufferView | string) =>
  typeof buffer === 'string'
    ? buffer
    : Buffer.from(
        buffer instanceof ArrayBuffer ? buffer : buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength),
      ).toString('base64url');

/** mfa.challenge through auth-js (which turns the options into ArrayBuffers for the browser), back to the challenge string. */
async function challenge(client: ReturnType<RunningAuthServer['client']>, factorId: string) {
  const { data, error } = await client.mfa.challenge({ factorId, webauthn: rp });
  expect(error).toBeNull();
  if (!data || data.type !== 'webauthn') throw new Error('no WebAuthn challenge');
  const { publicKey } = data.webauthn.credential_options;
  return { id: data.id, type: data.webauthn.type, challenge: base64url(publicKey.challenge as ArrayBuffer), publicKey };
}

describe('passkey ceremonies with a software authenticator', () => {
  it('registers a passkey (aal2, amr mfa/webauthn), then signs in with it as the second factor', async () => {
    const user = await createTestUser(server.app);
    const client = server.client();
    await client.signInWithPassword({ email: user.email, password: user.password });
    const authenticator = new SoftwareAuthenticator({ rpId: rp.rpId, origin: rp.rpOrigins[0] ?? '' });
    const { data: factor } = await client.mfa.webauthn.enroll({ friendlyName: 'Laptop' });
    const create = await challenge(client, factor?.id ?? '');
    expect(create.type).toBe('create');
    expect(create.publicKey).toMatchObject({ rp: { id: 'localhost' }, user: { name: user.email } });
    const registered = await client.mfa.verify({
      factorId: factor?.id ?? '',
      challengeId: create.id,
      webauthn: { type: 'create', ...rp, credential_response: asCredential(authenticator.create(create.challenge)) },
    });
    expect(registered.error).toBeNull();
    expect((await client.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({ currentLevel: 'aal2' });
    expect((await client.mfa.listFactors()).data?.webauthn).toEqual([expect.objectContaining({ id: factor?.id, status: 'verified' })]);

    // A new sign-in: aal1 until the passkey answers a `request` challenge.
    const later = server.client();
    await later.signInWithPassword({ email: user.email, password: user.password });
    expect((await later.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' });
    const request = await challenge(later, factor?.id ?? '');
    expect(request.type).toBe('request');
    const verified = await later.mfa.verify({
      factorId: factor?.id ?? '',
      challengeId: request.id,
      webauthn: { type: 'request', ...rp, credential_response: asCredential(authenticator.get(request.challenge)) },
    });
    expect(verified.error).toBeNull();
    const claims = (await later.getClaims()).data?.claims;
    expect(claims?.aal).toBe('aal2');
    expect(claims?.amr).toEqual(expect.arrayContaining([expect.objectContaining({ method: 'mfa/webauthn' })]));

    // Refused: an answer made for another site's page, and a challenge answered twice.
    const third = server.client();
    await third.signInWithPassword({ email: user.email, password: user.password });
    const phishing = await challenge(third, factor?.id ?? '');
    const wrongOrigin = await third.mfa.verify({
      factorId: factor?.id ?? '',
      challengeId: phishing.id,
      webauthn: {
        type: 'request',
        ...rp,
        credential_response: asCredential(authenticator.get(phishing.challenge, 'https://evil.example')),
      },
    });
    expect(wrongOrigin.error).toMatchObject({ status: 422, code: 'mfa_verification_failed' });
    const reused = await later.mfa.verify({
      factorId: factor?.id ?? '',
      challengeId: request.id,
      webauthn: { type: 'request', ...rp, credential_response: asCredential(authenticator.get(request.challenge)) },
    });
    expect(reused.error?.code).toBe('mfa_ip_address_mismatch');
  });

  it('accepts a built-in (platform) authenticator: transport internal, user verified, a counter that stays 0', async () => {
    const user = await createTestUser(server.app);
    const client = server.client();
    await client.signInWithPassword({ email: user.email, password: user.password });
    // Touch ID / Windows Hello / a synced passkey, as Chromium's virtual authenticator with transport `internal` answers.
    const builtIn = new SoftwareAuthenticator({ rpId: rp.rpId, origin: rp.rpOrigins[0] ?? '', attachment: 'platform' });
    const { data: factor } = await client.mfa.webauthn.enroll({ friendlyName: 'This Mac' });
    const create = await challenge(client, factor?.id ?? '');
    const registration = builtIn.create(create.challenge);
    expect(registration).toMatchObject({ authenticatorAttachment: 'platform', response: { transports: ['internal'] } });
    const registered = await client.mfa.verify({
      factorId: factor?.id ?? '',
      challengeId: create.id,
      webauthn: { type: 'create', ...rp, credential_response: asCredential(registration) },
    });
    expect(registered.error).toBeNull();

    // Two sign-ins with it: the device is asked for (not a security key), and a counter of 0 both times is fine.
    for (const attempt of [1, 2]) {
      const later = server.client();
      await later.signInWithPassword({ email: user.email, password: user.password });
      const request = await challenge(later, factor?.id ?? '');
      expect(request.type).toBe('request');
      expect(request.publicKey).toMatchObject({ hints: ['client-device'], allowCredentials: [{ transports: ['internal'] }] });
      const verified = await later.mfa.verify({
        factorId: factor?.id ?? '',
        challengeId: request.id,
        webauthn: { type: 'request', ...rp, credential_response: asCredential(builtIn.get(request.challenge)) },
      });
      expect(verified.error, `sign-in ${attempt}`).toBeNull();
      expect((await later.getClaims()).data?.claims.aal).toBe('aal2');
    }
  });

  it('leaves a security key to auth-js’s default hint', async () => {
    const user = await createTestUser(server.app);
    const client = server.client();
    await client.signInWithPassword({ email: user.email, password: user.password });
    const key = new SoftwareAuthenticator({ rpId: rp.rpId, origin: rp.rpOrigins[0] ?? '' });
    const { data: factor } = await client.mfa.webauthn.enroll({ friendlyName: 'YubiKey' });
    const create = await challenge(client, factor?.id ?? '');
    await client.mfa.verify({
      factorId: factor?.id ?? '',
      challengeId: create.id,
      webauthn: { type: 'create', ...rp, credential_response: asCredential(key.create(create.challenge)) },
    });
    const later = server.client();
    await later.signInWithPassword({ email: user.email, password: user.password });
    const request = await challenge(later, factor?.id ?? '');
    expect(request.publicKey).toMatchObject({ allowCredentials: [{ transports: ['usb'] }] });
    expect(request.publicKey).not.toHaveProperty('hints');
  });

  it('refuses a relying party that is not this site', async () => {
    const client = await signedInClient();
    const { data: factor } = await client.mfa.webauthn.enroll({ friendlyName: 'Key' });
    const { error } = await client.mfa.challenge({
      factorId: factor?.id ?? '',
      webauthn: { rpId: 'evil.example', rpOrigins: ['https://evil.example'] },
    });
    expect(error).toMatchObject({ status: 400, code: 'validation_failed' });
  });
});
