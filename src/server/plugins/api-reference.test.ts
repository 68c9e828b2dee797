import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/test-database.ts';
import { buildApp } from '../app.ts';
import { API_REFERENCE_PATH, OPENAPI_JSON_PATH } from './api-reference.ts';
import { contentSecurityPolicy } from './security-headers.ts';

let database: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({ database });
});
afterAll(async () => {
  await app.close();
  await database.close();
});

it('serves the OpenAPI document at /api/openapi.json, the same as /api/docs', async () => {
  const conventional = await app.inject({ method: 'GET', url: OPENAPI_JSON_PATH });
  expect(conventional.statusCode).toBe(200);
  expect(conventional.headers['content-type']).toContain('application/json');
  const document = conventional.json<{ openapi: string; paths: Record<string, unknown> }>();
  expect(document.openapi).toMatch(/^3\./);
  expect(Object.keys(document.paths).length).toBeGreaterThan(50);
  expect((await app.inject({ method: 'GET', url: '/api/docs' })).json()).toEqual(document);
  expect(document.paths[OPENAPI_JSON_PATH]).toBeUndefined();
});

it('serves a readable reference that loads only its own files, under the CSP every page shares', async () => {
  const page = await app.inject({ method: 'GET', url: `${API_REFERENCE_PATH}/` });
  expect(page.statusCode).toBe(200);
  expect(page.headers['content-type']).toContain('text/html');
  // The shared CSP, unchanged: no inline script, nothing from another origin.
  expect(page.headers['content-security-policy']).toBe(contentSecurityPolicy());
  expect(page.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
  const sources = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1] ?? '');
  expect(sources.length).toBeGreaterThan(2);
  for (const source of sources) {
    expect(source).not.toMatch(/^(https?:)?\/\//);
    const asset = await app.inject({ method: 'GET', url: new URL(source, `http://localhost${API_REFERENCE_PATH}/`).pathname });
    expect(asset.statusCode, source).toBe(200);
  }
  const initializer = await app.inject({ method: 'GET', url: `${API_REFERENCE_PATH}/static/swagger-initializer.js` });
  expect(initializer.body).toContain(OPENAPI_JSON_PATH);
});

it('leaves the CSP of other pages as it was', async () => {
  const health = await app.inject({ method: 'GET', url: '/health' });
  expect(health.headers['content-security-policy']).toBe(contentSecurityPolicy());
  expect(contentSecurityPolicy()).not.toContain("'unsafe-eval'");
});
