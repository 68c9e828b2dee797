import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../tests/test-database.ts';
import { buildApp } from './app.ts';
import { parseEnv } from './env.ts';

/**
 * What a client writes never decides who it is: not its address behind a proxy, not whether it is
 * on this machine, not the origin the site publishes.
 */

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.dispose());

async function appWith(options: { trustProxy?: 1; env?: Record<string, string> } = {}): Promise<FastifyInstance> {
  const app = await buildApp({ database, trustProxy: options.trustProxy, env: parseEnv({ NODE_ENV: 'test', ...options.env }) });
  onTestFinished(() => app.close());
  return app;
}

const PROXY = '10.0.0.5';
const lead = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', company: 'Engines', message: '', honeypot: '' };

describe('behind a trusted proxy (TRUST_PROXY=1)', () => {
  it('takes the address the proxy appended, so a rotating X-Forwarded-For does not escape a rate limit', async () => {
    const app = await appWith({ trustProxy: 1 });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      const response = await app.inject({
        method: 'POST',
        url: '/functions/v1/send-contact-form',
        payload: lead,
        remoteAddress: PROXY,
        // The client wrote the first entry; the proxy appended the address it saw.
        headers: { 'x-forwarded-for': `198.51.100.${attempt}, 203.0.113.9` },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('never serves the dev mailbox to a remote client claiming to be 127.0.0.1', async () => {
    const app = await appWith({ trustProxy: 1 });
    const claimed = await app.inject({
      method: 'GET',
      url: '/dev/mailbox',
      remoteAddress: PROXY,
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(claimed.statusCode).toBe(404);
    // A proxy on this machine relays the internet: its requests carry forwarding headers and are not local.
    const relayed = await app.inject({
      method: 'GET',
      url: '/dev/mailbox',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(relayed.statusCode).toBe(404);
    const local = await app.inject({ method: 'GET', url: '/dev/mailbox', remoteAddress: '127.0.0.1' });
    expect(local.statusCode).toBe(200);
  });
});

describe('GET /metrics', () => {
  it('answers this machine only by default', async () => {
    const app = await appWith();
    expect((await app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9' })).statusCode).toBe(404);
    const spoofed = await app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: '203.0.113.9',
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(spoofed.statusCode).toBe(404);
    const local = await app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
    expect(local.statusCode).toBe(200);
    expect(local.body).toContain('process_cpu_user_seconds_total');
  });

  it('answers anyone with the METRICS_TOKEN bearer, and nobody with another', async () => {
    const token = 'scrape-token-0123456789-abcdefghijklmnop';
    const app = await appWith({ env: { METRICS_TOKEN: token } });
    const remote = (authorization?: string) =>
      app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9', headers: authorization ? { authorization } : {} });
    expect((await remote(`Bearer ${token}`)).statusCode).toBe(200);
    expect((await remote(`Bearer ${token.slice(0, -1)}x`)).statusCode).toBe(404);
    expect((await remote()).statusCode).toBe(404);
  });
});

describe('the published origin without PUBLIC_URL', () => {
  const robotsFrom = (app: FastifyInstance, host: string, remoteAddress: string) =>
    app.inject({ method: 'GET', url: '/robots.txt', remoteAddress, headers: { host } });

  it('never reflects a client-chosen Host into robots.txt or the sitemap', async () => {
    const app = await appWith();
    const robots = await robotsFrom(app, 'evil.example', '203.0.113.9');
    expect(robots.body).toContain('Sitemap: http://127.0.0.1:3000/sitemap.xml');
    expect(robots.body).not.toContain('evil.example');
    const sitemap = await app.inject({
      method: 'GET',
      url: '/sitemap.xml',
      remoteAddress: '203.0.113.9',
      headers: { host: 'evil.example' },
    });
    expect(sitemap.body).toContain('<loc>http://127.0.0.1:3000/</loc>');
    expect(sitemap.body).not.toContain('evil.example');
  });

  it('is the address the server listens on, whoever asks first and whatever Host they send (issue 31)', async () => {
    const app = await appWith({ env: { PORT: '0' } });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const own = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    // The first request from this machine (another loopback address, a Host it chose) used to decide the origin for good.
    for (const [host, remoteAddress] of [
      ['evil.example', '127.0.0.2'],
      ['localhost:4123', '127.0.0.1'],
      ['127.0.0.1:4123', '203.0.113.9'],
      ['workstation.lan:3000', '::1'],
    ] as const) {
      const robots = await robotsFrom(app, host, remoteAddress);
      expect(robots.body, `${host} from ${remoteAddress}`).toContain(`Sitemap: ${own}/sitemap.xml`);
    }
  });

  it('names the machine by localhost when the server listens on every address', async () => {
    const app = await appWith({ env: { HOST: '0.0.0.0', PORT: '3000' } });
    expect((await robotsFrom(app, 'evil.example', '127.0.0.1')).body).toContain('Sitemap: http://localhost:3000/sitemap.xml');
  });

  it('uses PUBLIC_URL whatever the Host', async () => {
    const app = await appWith({ env: { PUBLIC_URL: 'https://app.example.com' } });
    expect((await robotsFrom(app, '127.0.0.1:4123', '127.0.0.1')).body).toContain('Sitemap: https://app.example.com/sitemap.xml');
  });
});
