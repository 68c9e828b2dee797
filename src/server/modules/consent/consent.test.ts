import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestUser, createTestUser } from '../../../../tests/auth-helpers.ts';
import { type TestDatabase, createTestDatabase } from '../../../../tests/test-database.ts';
import { consentHistoryResponseSchema, storedConsentSchema } from '../../../shared/schemas/consent.ts';
import { buildApp } from '../../app.ts';
import { cookieConsents } from '../../db/schema/consent.ts';
import { readJson } from '../../../../tests/read-response.ts';

let database: TestDatabase;
let app: FastifyInstance;
let user: TestUser;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({ database });
  user = await createTestUser(app);
});

afterAll(async () => {
  // Either may be missing when beforeAll failed; the failure itself is what should be reported.
  await (app as FastifyInstance | undefined)?.close();
  await (database as TestDatabase | undefined)?.dispose();
});

const choice = {
  essential: true,
  functional: true,
  analytics: false,
  marketing: false,
  timestamp: '2026-03-01T10:15:00.000Z',
};

function post(payload: unknown, token: string | null, userAgent = 'Mozilla/5.0 (consent test)') {
  return app.inject({
    method: 'POST',
    url: '/api/v1/consents',
    headers: { 'user-agent': userAgent, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload: payload as Record<string, unknown>,
  });
}

describe('POST /api/v1/consents', () => {
  it("records a signed-in user's choice with the user agent, as evidence", async () => {
    const response = await post(choice, user.accessToken);
    expect(response.statusCode, response.body).toBe(201);
    const stored = readJson(response, storedConsentSchema);
    expect(stored).toMatchObject({ essential: true, functional: true, analytics: false, marketing: false, timestamp: choice.timestamp });
    const [row] = await database.db.select().from(cookieConsents).where(eq(cookieConsents.id, stored.id));
    expect(row).toMatchObject({
      userId: user.userId,
      essential: true,
      functional: true,
      analytics: false,
      marketing: false,
      userAgent: 'Mozilla/5.0 (consent test)',
    });
    expect(row?.consentedAt.toISOString()).toBe(choice.timestamp);
    expect(row?.createdAt).toBeInstanceOf(Date);
  });

  it('keeps every choice (append-only) and lists them newest first for the user only', async () => {
    const other = await createTestUser(app);
    await post({ ...choice, analytics: true, marketing: true, timestamp: '2026-03-02T08:00:00.000Z' }, user.accessToken);
    await post({ ...choice, functional: false }, other.accessToken);
    const response = await app.inject({
      method: 'GET',
      url: '/api/v1/consents',
      headers: { authorization: `Bearer ${user.accessToken}` },
    });
    expect(response.statusCode).toBe(200);
    const { consents } = readJson(response, consentHistoryResponseSchema);
    expect(consents.map((consent) => [consent.timestamp, consent.analytics, consent.marketing])).toEqual([
      ['2026-03-02T08:00:00.000Z', true, true],
      [choice.timestamp, false, false],
    ]);
  });

  it('keeps a record the browser sends again (every visit of a signed-in user) only once', async () => {
    const returning = await createTestUser(app);
    const earlier = { ...choice, functional: true, timestamp: '2026-01-15T10:00:00.000Z' };
    const first = await post(earlier, returning.accessToken);
    const again = await post(earlier, returning.accessToken);
    expect(readJson(again, storedConsentSchema).id).toBe(readJson(first, storedConsentSchema).id);
    // The same moment with other answers is another record.
    const changed = await post({ ...earlier, analytics: true }, returning.accessToken);
    expect(readJson(changed, storedConsentSchema).id).not.toBe(readJson(first, storedConsentSchema).id);
    const rows = await database.db.select().from(cookieConsents).where(eq(cookieConsents.userId, returning.userId));
    expect(rows).toHaveLength(2);
  });

  it('refuses visitors: no token, the anonymous key, or a bad token', async () => {
    expect((await post(choice, null)).statusCode).toBe(401);
    const anon = await post(choice, app.authKeys.anonKey);
    expect(anon.statusCode).toBe(401);
    expect(anon.json()).toMatchObject({ error: { code: 'UNAUTHENTICATED' } });
    expect((await post(choice, 'garbage')).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/api/v1/consents' })).statusCode).toBe(401);
  });

  it.each([
    ['essential false', { ...choice, essential: false }],
    ['a missing category', { essential: true, functional: true, analytics: false, timestamp: choice.timestamp }],
    ['a non-boolean flag', { ...choice, marketing: 'yes' }],
    ['a bad timestamp', { ...choice, timestamp: 'yesterday' }],
    ['an unknown field', { ...choice, tracking: true }],
  ])('answers 400 VALIDATION_FAILED for %s', async (_name, payload) => {
    const response = await post(payload, user.accessToken);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
  });

  it('stores at most 512 characters of the user agent', async () => {
    const response = await post({ ...choice, timestamp: '2026-03-03T00:00:00.000Z' }, user.accessToken, 'x'.repeat(2000));
    const [row] = await database.db
      .select({ userAgent: cookieConsents.userAgent })
      .from(cookieConsents)
      .where(eq(cookieConsents.id, readJson(response, storedConsentSchema).id));
    expect(row?.userAgent).toHaveLength(512);
  });
});
