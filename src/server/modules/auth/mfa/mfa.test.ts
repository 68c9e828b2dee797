import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningAuthServer, createTestUser, startAuthServer } from '../../../../../tests/auth-helpers.ts';
import { createTestDatabase, type TestDatabase } from '../../../../../tests/test-database.ts';
import { buildApp } from '../../../app.ts';
import { parseEnv } from '../../../env.ts';
import { listMailbox } from '../../../platform/mail/mail.service.ts';
import { readJson } from '../../../../../tests/read-response.ts';
import { goTrueErrorSchema } from '../../../../../tests/gotrue-bodies.ts';

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

function codeFor(secret: string, offsetSteps = 0): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
  return totp.generate({ timestamp: Date.now() + offsetSteps * 30_000 });
}

async function signIn(user: { email: string; password: string }) {
  const client = server.client();
  const { error } = await client.signInWithPassword({ email: user.email, password: user.password });
  expect(error).toBeNull();
  return client;
}

describe('TOTP factors', () => {
  it('enrolls with a QR code, verifies a real code, and raises the session to aal2', async () => {
    const user = await createTestUser(server.app);
    const client = await signIn(user);
    const enrolled = await client.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone app' });
    expect(enrolled.error).toBeNull();
    const factor = enrolled.data!;
    expect(factor.type).toBe('totp');
    expect(factor.friendly_name).toBe('Phone app');
    expect(factor.totp.qr_code).toMatch(/^data:image\/svg\+xml;utf-8,<svg /);
    expect(factor.totp.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(factor.totp.uri).toContain(`otpauth://totp/127.0.0.1%3A${server.origin.split(':').pop()}:${encodeURIComponent(user.email)}`);

    const challenge = await client.mfa.challenge({ factorId: factor.id });
    expect(challenge.error).toBeNull();
    expect(challenge.data?.expires_at).toBeGreaterThan(Date.now() / 1000 + 250);
    const wrongCode = codeFor(factor.totp.secret, 10);
    const wrong = await client.mfa.verify({ factorId: factor.id, challengeId: challenge.data!.id, code: wrongCode });
    expect(wrong.error).toMatchObject({ status: 422, code: 'mfa_verification_failed', message: 'Invalid TOTP code entered' });

    const verified = await client.mfa.verify({ factorId: factor.id, challengeId: challenge.data!.id, code: codeFor(factor.totp.secret) });
    expect(verified.error).toBeNull();
    expect(verified.data?.user.factors).toEqual([expect.objectContaining({ id: factor.id, status: 'verified', factor_type: 'totp' })]);
    const claims = await client.getClaims();
    expect(claims.data?.claims.aal).toBe('aal2');
    expect(claims.data?.claims.amr?.map((entry) => (typeof entry === 'string' ? entry : entry.method))).toEqual(['totp', 'password']);
    const level = await client.mfa.getAuthenticatorAssuranceLevel();
    expect(level.data).toMatchObject({ currentLevel: 'aal2', nextLevel: 'aal2' });

    const used = await client.mfa.verify({ factorId: factor.id, challengeId: challenge.data!.id, code: codeFor(factor.totp.secret) });
    expect(used.error).toMatchObject({ status: 422, code: 'mfa_ip_address_mismatch' });

    // The next sign-in starts at aal1 and must pass the factor.
    const second = await signIn(user);
    const aal = await second.mfa.getAuthenticatorAssuranceLevel();
    expect(aal.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' });
    const tooEarly = await second.mfa.enroll({ factorType: 'totp', friendlyName: 'Another' });
    expect(tooEarly.error).toMatchObject({ status: 403, code: 'insufficient_aal' });
    const removeTooEarly = await second.mfa.unenroll({ factorId: factor.id });
    expect(removeTooEarly.error).toMatchObject({
      status: 422,
      code: 'insufficient_aal',
      message: 'AAL2 required to unenroll verified factor',
    });
    const stepUp = await second.mfa.challengeAndVerify({ factorId: factor.id, code: codeFor(factor.totp.secret) });
    expect(stepUp.error).toBeNull();
    expect((await second.getClaims()).data?.claims.aal).toBe('aal2');
    const listed = await second.mfa.listFactors();
    expect(listed.data?.totp.map((row) => row.id)).toEqual([factor.id]);

    const removed = await second.mfa.unenroll({ factorId: factor.id });
    expect(removed.error).toBeNull();
    expect(removed.data).toEqual({ id: factor.id });
    const refreshed = await second.refreshSession();
    expect((await server.app.authKeys.verify(refreshed.data.session!.access_token)).aal).toBe('aal1');
  });

  it('refuses a second unnamed factor (friendly names are unique per user)', async () => {
    const user = await createTestUser(server.app);
    const client = await signIn(user);
    expect((await client.mfa.enroll({ factorType: 'totp' })).error).toBeNull();
    const second = await client.mfa.enroll({ factorType: 'totp' });
    expect(second.error).toMatchObject({ status: 422, code: 'mfa_factor_name_conflict' });
  });

  it('ends the aal1 sessions of the user when a factor is verified', async () => {
    const user = await createTestUser(server.app);
    const other = await signIn(user);
    const client = await signIn(user);
    const { data: factor } = await client.mfa.enroll({ factorType: 'totp', friendlyName: 'Key' });
    await client.mfa.challengeAndVerify({ factorId: factor!.id, code: codeFor(factor!.totp.secret) });
    expect((await other.getUser()).error?.name).toBe('AuthSessionMissingError');
    expect((await client.getUser()).data.user?.id).toBe(user.userId);
  });
});

describe('enrolment under concurrency and with bad ids', () => {
  it('ten enrolments racing with one friendly name: one factor, nine name conflicts, no 5xx', async () => {
    const user = await createTestUser(server.app);
    const enrol = () =>
      server.app.inject({
        method: 'POST',
        url: '/auth/v1/factors',
        headers: { authorization: `Bearer ${user.accessToken}`, 'x-supabase-api-version': '2024-01-01' },
        payload: { factor_type: 'totp', friendly_name: 'Same name' },
      });
    const responses = await Promise.all(Array.from({ length: 10 }, enrol));
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([200, ...Array<number>(9).fill(422)]);
    for (const response of responses.filter((r) => r.statusCode === 422)) {
      expect(readJson(response, goTrueErrorSchema).code).toBe('mfa_factor_name_conflict');
    }
  });

  it('answers GoTrue’s 404 validation_failed for a factor id that is not a UUID, and mfa_factor_not_found for an unknown one', async () => {
    const user = await createTestUser(server.app);
    const headers = { authorization: `Bearer ${user.accessToken}`, 'x-supabase-api-version': '2024-01-01' };
    const answers = async (factorId: string) => {
      const routes = [
        ['POST', `/auth/v1/factors/${factorId}/challenge`],
        ['POST', `/auth/v1/factors/${factorId}/verify`],
        ['DELETE', `/auth/v1/factors/${factorId}`],
      ] as const;
      const responses = await Promise.all(
        routes.map(([method, url]) => server.app.inject({ method, url, headers, payload: { code: '123456', challenge_id: 'x' } })),
      );
      return responses.map((response) => [
        response.statusCode,
        readJson(response, goTrueErrorSchema).code,
        readJson(response, goTrueErrorSchema).message,
      ]);
    };
    for (const malformed of ['not-a-uuid', '0000000-0000-4000-8000-000000000000', `${crypto.randomUUID()}x`]) {
      expect(await answers(malformed)).toEqual(Array(3).fill([404, 'validation_failed', 'factor_id must be an UUID']));
    }
    expect(await answers(crypto.randomUUID().toUpperCase())).toEqual(Array(3).fill([404, 'mfa_factor_not_found', 'Factor not found']));
  });
});

describe('phone factors', () => {
  it('sends the code through the SMS outbox and verifies it', async () => {
    const user = await createTestUser(server.app);
    const client = await signIn(user);
    const invalid = await client.mfa.enroll({ factorType: 'phone', phone: 'not-a-phone' });
    expect(invalid.error).toMatchObject({ status: 400, message: 'Invalid phone number format (E.164 required)' });
    const { data: factor, error } = await client.mfa.enroll({ factorType: 'phone', phone: '+15555550123', friendlyName: 'Mobile' });
    expect(error).toBeNull();
    expect(factor).toMatchObject({ type: 'phone', phone: '+15555550123', friendly_name: 'Mobile' });
    const challenge = await client.mfa.challenge({ factorId: factor!.id });
    expect(challenge.error).toBeNull();
    const sms = (await listMailbox(database.db)).find((mail) => mail.kind === 'sms' && mail.to === '+15555550123');
    const code = /Your code is (\d{6})/.exec(sms?.text ?? '')?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);
    const again = await client.mfa.challenge({ factorId: factor!.id });
    expect(again.error).toMatchObject({ status: 429, code: 'over_sms_send_rate_limit' });
    const verified = await client.mfa.verify({ factorId: factor!.id, challengeId: challenge.data!.id, code });
    expect(verified.error).toBeNull();
    const claims = await client.getClaims();
    expect(claims.data?.claims.aal).toBe('aal2');
    expect(claims.data?.claims.amr?.[0]).toMatchObject({ method: 'mfa/phone' });
  });
});

describe('phone factors in production without an SMS gateway', () => {
  it('are refused at enrolment, since the embedded outbox would deliver the codes to nobody', async () => {
    const app = await buildApp({
      database,
      env: parseEnv({ NODE_ENV: 'production', ALLOW_EMBEDDED_DB: '1', PUBLIC_URL: 'https://app.example.com' }),
    });
    try {
      const user = await createTestUser(app);
      const enrolled = await app.inject({
        method: 'POST',
        url: '/auth/v1/factors',
        headers: { authorization: `Bearer ${user.accessToken}` },
        payload: { factor_type: 'phone', phone: '+15550100000' },
      });
      expect(enrolled.statusCode).toBe(422);
      expect(enrolled.json()).toMatchObject({ error_code: 'mfa_phone_enroll_not_enabled' });
    } finally {
      await app.close();
    }
  });
});
