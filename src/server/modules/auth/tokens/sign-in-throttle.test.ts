import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse as InjectResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestUser } from '../../../../../tests/auth-helpers.ts';
import { createTestDatabase, type TestDatabase } from '../../../../../tests/test-database.ts';
import { buildApp } from '../../../app.ts';
import { FREE_ATTEMPTS, STREAK_SECONDS } from './sign-in-throttle.ts';
import { readJson } from '../../../../../tests/read-response.ts';
import { goTrueErrorSchema } from '../../../../../tests/gotrue-bodies.ts';

let database: TestDatabase;
let app: FastifyInstance;
beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({ database });
});
afterAll(async () => {
  await app?.close();
  await database?.dispose();
});

// The clock stands still unless a test moves it, so what is checked never depends on how fast this machine is.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
});
afterEach(() => {
  vi.useRealTimers();
});
const later = (seconds: number) => vi.setSystemTime(Date.now() + seconds * 1000);

/** createTestUser signs in from inject's default address: the victim's own, holding a session. */
const OWN_ADDRESS = '127.0.0.1';
let hosts = 0;
/** Four addresses never used before (the per-address limit is not what these tests are about). */
const newAddresses = () => Array.from({ length: 4 }, () => `198.51.${Math.floor(++hosts / 250)}.${hosts % 250}`);

function signIn(email: string, password: string, remoteAddress: string) {
  return app.inject({
    method: 'POST',
    url: '/auth/v1/token?grant_type=password',
    headers: { 'x-supabase-api-version': '2024-01-01' },
    payload: { email, password },
    remoteAddress,
  });
}

interface Outcome {
  /** Guesses whose password was checked (400 invalid_credentials). */
  checked: number;
  /** Guesses told to wait (429 over_request_rate_limit). */
  waited: number;
  /** The Retry-After values of those, each once. */
  retryAfter: number[];
}

function outcome(responses: InjectResponse[]): Outcome {
  const waited = responses.filter((response) => response.statusCode === 429);
  for (const response of waited) expect(response.json()).toMatchObject({ code: 'over_request_rate_limit' });
  return {
    checked: responses.filter(
      (response) => response.statusCode === 400 && readJson(response, goTrueErrorSchema).code === 'invalid_credentials',
    ).length,
    waited: waited.length,
    retryAfter: [...new Set(waited.map((response) => Number(response.headers['retry-after'])))],
  };
}

/** `waves` × 20 wrong guesses, four addresses taking turns, each wave sent at once as a script would. */
async function guess(email: string, waves = 1): Promise<Outcome> {
  const addresses = newAddresses();
  const responses: InjectResponse[] = [];
  for (let wave = 0; wave < waves; wave++) {
    responses.push(
      ...(await Promise.all(Array.from({ length: 20 }, (_, index) => signIn(email, `guess-${wave}-${index}`, addresses[index % 4]!)))),
    );
  }
  return outcome(responses);
}

// Hundreds of sign-in requests per test: 30 s was too little beside the other suites on two busy cores.
describe('password sign-ins, per account', { timeout: 120_000 }, () => {
  it('checks 5 of 600 guesses from 4 rotating addresses; the rest are told to wait 1 s', async () => {
    const victim = await createTestUser(app);
    expect(await guess(victim.email, 30)).toEqual({ checked: FREE_ATTEMPTS, waited: 600 - FREE_ATTEMPTS, retryAfter: [1] });
  });

  it('checks one attempt each time the wait is over, doubling the wait up to 15 minutes', async () => {
    const victim = await createTestUser(app);
    let outcomeOf = await guess(victim.email);
    const waits: number[] = [];
    for (let round = 0; round < 11; round++) {
      later(outcomeOf.retryAfter[0]!);
      outcomeOf = await guess(victim.email);
      expect(outcomeOf).toMatchObject({ checked: 1, waited: 19 });
      waits.push(...outcomeOf.retryAfter);
    }
    expect(waits).toEqual([2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900]);
  });

  it('lets the address that holds the user’s session sign in while new addresses wait; a success starts the count over', async () => {
    const victim = await createTestUser(app);
    await guess(victim.email);
    const [elsewhere] = newAddresses();
    expect((await signIn(victim.email, victim.password, elsewhere!)).statusCode).toBe(429);
    expect((await signIn(victim.email, victim.password, OWN_ADDRESS)).statusCode).toBe(200);
    expect(await guess(victim.email)).toEqual({ checked: FREE_ATTEMPTS, waited: 20 - FREE_ATTEMPTS, retryAfter: [1] });
  });

  it('gives that address one attempt per wait, so sharing it (a VPN exit, a NAT) buys an attacker one guess', async () => {
    const victim = await createTestUser(app);
    await guess(victim.email);
    const first = await signIn(victim.email, 'a-wrong-guess', OWN_ADDRESS);
    expect(first.json()).toMatchObject({ code: 'invalid_credentials' });
    const second = await signIn(victim.email, victim.password, OWN_ADDRESS);
    expect([second.statusCode, second.headers['retry-after']]).toEqual([429, '2']);
    later(2);
    expect((await signIn(victim.email, victim.password, OWN_ADDRESS)).statusCode).toBe(200);
  });

  it('forgets the streak a quarter of an hour after its last wait ended', async () => {
    const victim = await createTestUser(app);
    await guess(victim.email);
    later(1 + STREAK_SECONDS - 1);
    expect(await guess(victim.email)).toMatchObject({ checked: 1 });
    later(2 + STREAK_SECONDS + 1);
    expect(await guess(victim.email)).toEqual({ checked: FREE_ATTEMPTS, waited: 20 - FREE_ATTEMPTS, retryAfter: [1] });
  });

  it('answers an address without an account exactly as one with an account', async () => {
    expect(await guess('nobody-here@example.com', 30)).toEqual({ checked: FREE_ATTEMPTS, waited: 600 - FREE_ATTEMPTS, retryAfter: [1] });
  });
});

describe('an address longer than any account has', () => {
  it('is answered 400 invalid_credentials before the throttle stores it (a 500 before: index row too large)', async () => {
    for (const length of [321, 3_000, 100_000]) {
      // Random letters: a repeated one compresses small enough to fit the index, as an attacker's would not.
      const local = randomBytes(length).toString('hex').slice(0, length);
      const response = await signIn(`${local}@example.com`, 'any password at all', newAddresses()[0] ?? OWN_ADDRESS);
      expect(response.statusCode, `${length} characters`).toBe(400);
      expect(readJson(response, goTrueErrorSchema).code).toBe('invalid_credentials');
    }
  });
});
