import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../tests/test-database.ts';
import { buildApp } from './app.ts';
import type { Database } from './db/client.ts';

let database: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({ database, trustProxy: 1 });
});
afterAll(async () => {
  await app.close();
  await database.dispose();
});

describe('GET /health', () => {
  it('reports liveness and database readiness', async () => {
    const response = await app.inject({ method: 'GET', url: '/health' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.json()).toMatchObject({ status: 'ok', database: { status: 'ok', kind: database.kind } });
  });

  it('answers 503 when the database does not', async () => {
    const broken: Database = { ...database, ping: () => Promise.reject(new Error('connection refused')) };
    const degraded = await buildApp({ database: broken });
    onTestFinished(() => degraded.close());
    const response = await degraded.inject({ method: 'GET', url: '/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ status: 'degraded', database: { status: 'unavailable' } });
  });
});

describe('GET /metrics', () => {
  it('serves Prometheus metrics including request durations', async () => {
    await app.inject({ method: 'GET', url: '/health' });
    const response = await app.inject({ method: 'GET', url: '/metrics' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    expect(response.body).toContain('process_cpu_user_seconds_total');
    expect(response.body).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/health",status="200"\} \d+/);
  });
});

describe('security headers', () => {
  it('sends a strict CSP, nosniff, frame denial and a referrer policy', async () => {
    const response = await app.inject({ method: 'GET', url: '/health' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(csp).not.toContain("'unsafe-inline' ;");
    expect(csp.split(';').find((part) => part.trim().startsWith('script-src'))).not.toContain('unsafe-inline');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('sends HSTS only behind TLS', async () => {
    const plain = await app.inject({ method: 'GET', url: '/health' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const tls = await app.inject({ method: 'GET', url: '/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(tls.headers['strict-transport-security']).toBe('max-age=63072000; includeSubDomains');
  });
});

describe('errors', () => {
  it('answers unknown API routes with a machine-readable 404', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
  });

  it('rate-limits an opted-in route with a 429, a code and Retry-After', async () => {
    const limited = await buildApp({ database });
    onTestFinished(() => limited.close());
    limited.get('/limited', { config: { rateLimit: { max: 2, timeWindow: 60_000 } } }, async () => ({ ok: true }));
    const statuses = [];
    for (let index = 0; index < 3; index += 1) statuses.push(await limited.inject({ method: 'GET', url: '/limited' }));
    expect(statuses.map((response) => response.statusCode)).toEqual([200, 200, 429]);
    expect(statuses[2]!.json()).toMatchObject({
      error: { code: 'RATE_LIMITED', message: expect.stringMatching(/Try again in \d+ seconds/) },
    });
    expect(statuses[2]!.headers['retry-after']).toBeDefined();
  });

  it('answers malformed JSON with a 400 and a code', async () => {
    const withBody = await buildApp({ database });
    onTestFinished(() => withBody.close());
    withBody.post('/echo', async (request) => request.body);
    const response = await withBody.inject({
      method: 'POST',
      url: '/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"broken":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { code: 'BAD_REQUEST' } });
  });

  it('publishes the OpenAPI document', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ openapi: expect.stringMatching(/^3\./), paths: { '/health': expect.any(Object) } });
  });
});
