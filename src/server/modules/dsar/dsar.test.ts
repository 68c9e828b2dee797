import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../tests/test-database.ts';
import { buildApp } from '../../app.ts';
import { dsarRequests } from '../../db/schema/dsar.ts';
import { outboundEmails } from '../../db/schema/mail.ts';
import { type DsarFormValues, dsarReceiptSchema } from '../../../shared/schemas/dsar.ts';
import { readJson } from '../../../../tests/read-response.ts';
import { errorBodySchema } from '../../../shared/errors.ts';

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

const valid: DsarFormValues = {
  requestType: 'access',
  fullName: 'Grace Hopper',
  email: 'grace@example.com',
  relationship: 'self',
  country: 'Germany',
  accountEmail: 'grace.hopper@acme.test',
  details: 'Please include the data you received from my employer.',
  confirmAccurate: true,
};

const DAY_MS = 24 * 60 * 60 * 1000;

describe('POST /api/v1/dsar-requests', () => {
  it('stores the request with a DSAR-YYYY-NNNNNN reference and a due date 30 days later, and queues the acknowledgement', async () => {
    const server = await app();
    const before = Date.now();
    const response = await server.inject({ method: 'POST', url: '/api/v1/dsar-requests', payload: valid });
    expect(response.statusCode).toBe(201);
    const receipt = readJson(response, dsarReceiptSchema);
    const year = new Date(receipt.receivedAt).getUTCFullYear();
    expect(receipt.reference).toMatch(new RegExp(`^DSAR-${year}-\\d{6}$`));
    expect(receipt.requestType).toBe('access');
    expect(new Date(receipt.receivedAt).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(new Date(receipt.dueAt).getTime() - new Date(receipt.receivedAt).getTime()).toBe(30 * DAY_MS);

    const [row] = await database.db.select().from(dsarRequests).where(eq(dsarRequests.reference, receipt.reference));
    expect(row).toMatchObject({
      requestType: 'access',
      status: 'received',
      fullName: 'Grace Hopper',
      email: 'grace@example.com',
      relationship: 'self',
      country: 'Germany',
      accountEmail: 'grace.hopper@acme.test',
      details: 'Please include the data you received from my employer.',
    });
    expect(row!.dueAt.toISOString()).toBe(receipt.dueAt);
    expect(row!.dueAt.getTime() - row!.createdAt.getTime()).toBe(30 * DAY_MS);

    const mails = await database.db.select().from(outboundEmails).where(eq(outboundEmails.kind, 'dsar.acknowledgement'));
    const ack = mails.find((mail) => mail.subject.includes(receipt.reference));
    expect(ack).toBeDefined();
    expect(ack!.toAddress).toBe('grace@example.com');
    expect(ack!.subject).toBe(`We received your privacy request (${receipt.reference})`);
    expect(ack!.textBody).toContain(`Your reference is ${receipt.reference}`);
    expect(ack!.textBody).toContain('(30 days after we received it)');
    // It goes to whatever address was typed in, so it quotes nothing the requester wrote.
    expect(ack!.textBody.startsWith('Hello,\n')).toBe(true);
    expect(ack!.textBody).not.toContain('Grace');
    const notices = await database.db.select().from(outboundEmails).where(eq(outboundEmails.kind, 'dsar.staff-notice'));
    expect(notices.some((mail) => mail.toAddress === 'privacy@compliancecore.local' && mail.subject.includes(receipt.reference))).toBe(
      true,
    );
  });

  it('numbers requests one after another', async () => {
    const server = await app();
    const first = readJson(await server.inject({ method: 'POST', url: '/api/v1/dsar-requests', payload: valid }), dsarReceiptSchema);
    const second = readJson(
      await server.inject({ method: 'POST', url: '/api/v1/dsar-requests', payload: { ...valid, requestType: 'deletion' } }),
      dsarReceiptSchema,
    );
    const number = (reference: string) => Number(reference.split('-')[2]);
    expect(number(second.reference)).toBe(number(first.reference) + 1);
  });

  it('answers 400 with field issues for bad input and stores nothing', async () => {
    const server = await app();
    const before = await database.db.$count(dsarRequests);
    const response = await server.inject({
      method: 'POST',
      url: '/api/v1/dsar-requests',
      payload: { ...valid, requestType: 'erase-everything', email: 'not-an-email', confirmAccurate: false },
    });
    expect(response.statusCode).toBe(400);
    const body = readJson(response, errorBodySchema);
    expect(body.error.code).toBe('VALIDATION_FAILED');
    const paths = (body.error.issues ?? []).map((issue) => issue.path);
    expect(paths).toEqual(expect.arrayContaining(['body.requestType', 'body.email', 'body.confirmAccurate']));
    expect(await database.db.$count(dsarRequests)).toBe(before);
  });

  it('requires details for a correction and the subject’s name from an authorised agent', async () => {
    const server = await app();
    const response = await server.inject({
      method: 'POST',
      url: '/api/v1/dsar-requests',
      payload: { ...valid, requestType: 'correction', details: '', relationship: 'authorized_agent' },
    });
    expect(response.statusCode).toBe(400);
    const issues = readJson(response, errorBodySchema).error.issues;
    expect(issues).toEqual(
      expect.arrayContaining([
        { path: 'body.details', message: 'Tell us what is wrong and what it should say' },
        { path: 'body.subjectName', message: 'Enter the name of the person you act for' },
      ]),
    );
  });

  it('rate-limits one address to 5 requests an hour', async () => {
    const server = await app();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const response = await server.inject({ method: 'POST', url: '/api/v1/dsar-requests', payload: valid, remoteAddress: '203.0.113.9' });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });

  it('keeps the list of requests to administrators', async () => {
    const server = await app();
    const response = await server.inject({ method: 'GET', url: '/api/v1/admin/dsar-requests' });
    expect(response.statusCode).toBe(401);
  });
});
