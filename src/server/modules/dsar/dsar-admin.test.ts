import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { createTestUser } from '../../../../tests/auth-helpers.ts';
import { readJson } from '../../../../tests/read-response.ts';
import { createTestDatabase, type TestDatabase } from '../../../../tests/test-database.ts';
import { errorBodySchema } from '../../../shared/errors.ts';
import { type DsarFormValues, dsarReceiptSchema, dsarRequestDetailSchema, dsarRequestListSchema } from '../../../shared/schemas/dsar.ts';
import { buildApp } from '../../app.ts';
import { dsarRequests } from '../../db/schema/dsar.ts';
import { grantRole } from '../../platform/access/access.service.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.dispose());

async function app() {
  const instance = await buildApp({ database });
  onTestFinished(() => instance.close());
  return instance;
}

const request: DsarFormValues = {
  requestType: 'deletion',
  fullName: 'Ada Lovelace',
  email: 'ada@example.com',
  relationship: 'self',
  country: 'France',
  details: 'Delete everything from the newsletter.',
  confirmAccurate: true,
};

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const today = () => new Date().toISOString().slice(0, 10);

describe('administrators handle privacy requests', () => {
  it('open one request, mark it handled with a note and the day, and keep its due date', async () => {
    const server = await app();
    const receipt = readJson(await server.inject({ method: 'POST', url: '/api/v1/dsar-requests', payload: request }), dsarReceiptSchema);
    const [row] = await database.db.select().from(dsarRequests).where(eq(dsarRequests.reference, receipt.reference));
    const id = row?.id ?? '';
    const admin = await createTestUser(server);
    await grantRole(database.db, { userId: admin.userId, role: 'administrator' });
    const client = await createTestUser(server);

    const url = `/api/v1/admin/dsar-requests/${id}`;
    expect((await server.inject({ method: 'GET', url, headers: bearer(client.accessToken) })).statusCode).toBe(403);
    const opened = readJson(await server.inject({ method: 'GET', url, headers: bearer(admin.accessToken) }), dsarRequestDetailSchema);
    expect(opened).toMatchObject({
      reference: receipt.reference,
      status: 'received',
      country: 'France',
      details: 'Delete everything from the newsletter.',
      completedAt: null,
      resolutionNote: null,
      dueAt: receipt.dueAt,
    });

    const resolve = (payload: unknown, token = admin.accessToken) =>
      server.inject({ method: 'POST', url: `${url}/resolution`, headers: bearer(token), payload: payload as Record<string, unknown> });
    expect((await resolve({ status: 'completed', note: 'Deleted.', handledOn: today() }, client.accessToken)).statusCode).toBe(403);
    const noNote = await resolve({ status: 'completed', note: '   ', handledOn: today() });
    expect(noNote.statusCode).toBe(400);
    expect(readJson(noNote, errorBodySchema).error.code).toBe('VALIDATION_FAILED');
    const future = await resolve({ status: 'completed', note: 'Deleted.', handledOn: '2999-01-01' });
    expect(future.statusCode).toBe(400);
    expect(readJson(future, errorBodySchema).error.message).toBe('The day handled cannot be in the future.');
    expect((await resolve({ status: 'completed', note: 'Deleted.', handledOn: '2001-01-01' })).statusCode).toBe(400);
    expect((await resolve({ status: 'ignored', note: 'x', handledOn: today() })).statusCode).toBe(400);

    const handled = readJson(
      await resolve({ status: 'completed', note: 'Deleted the newsletter record and confirmed by e-mail.', handledOn: today() }),
      dsarRequestDetailSchema,
    );
    expect(handled).toMatchObject({
      status: 'completed',
      resolutionNote: 'Deleted the newsletter record and confirmed by e-mail.',
      handledByEmail: admin.email,
      dueAt: receipt.dueAt, // the statutory clock stays
    });
    expect(handled.completedAt?.slice(0, 10)).toBe(today());
    expect((await resolve({ status: 'rejected', note: 'Again', handledOn: today() })).statusCode).toBe(409);

    const list = readJson(
      await server.inject({ method: 'GET', url: '/api/v1/admin/dsar-requests', headers: bearer(admin.accessToken) }),
      dsarRequestListSchema,
    );
    expect(list.requests.find((item) => item.id === id)).toMatchObject({ status: 'completed', dueAt: receipt.dueAt });
  });

  it('answers 404 for an unknown request and 400 for a malformed id', async () => {
    const server = await app();
    const admin = await createTestUser(server);
    await grantRole(database.db, { userId: admin.userId, role: 'administrator' });
    const missing = await server.inject({
      method: 'GET',
      url: '/api/v1/admin/dsar-requests/6b1c2f3e-1d5a-4c1e-9f0a-1b2c3d4e5f60',
      headers: bearer(admin.accessToken),
    });
    expect(missing.statusCode).toBe(404);
    expect(
      (await server.inject({ method: 'GET', url: '/api/v1/admin/dsar-requests/nope', headers: bearer(admin.accessToken) })).statusCode,
    ).toBe(400);
  });
});
