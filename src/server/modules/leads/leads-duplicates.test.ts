import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../tests/test-database.ts';
import { readJson } from '../../../../tests/read-response.ts';
import { LEAD_DUPLICATE_WINDOW_MINUTES } from '../../../shared/constants.ts';
import { leadReceiptSchema } from '../../../shared/schemas/leads.ts';
import { buildApp } from '../../app.ts';
import { consultationRequests, contactSubmissions } from '../../db/schema/leads.ts';
import { outboundEmails } from '../../db/schema/mail.ts';
import { parseEnv } from '../../env.ts';

/** 'Back to Form' and send again, a double click, two processes: one request, one set of e-mails. */

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.dispose());

let ipCounter = 0;
const nextIp = () => `10.2.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

async function newApp() {
  const app = await buildApp({ database, env: parseEnv({ NODE_ENV: 'test', SALES_INBOX: 'sales@test.local' }) });
  onTestFinished(() => app.close());
  return app;
}

const lead = (email: string) => ({
  firstName: 'Grace',
  lastName: 'Hopper',
  email,
  company: 'Compilers Inc',
  interest: 'growth',
  message: 'We need SOC 2 before our next enterprise deal.',
  honeypot: '',
});

async function mailsAbout(email: string) {
  const mails = await database.db.select().from(outboundEmails);
  const lower = email.toLowerCase();
  return {
    notifications: mails.filter((mail) => mail.kind.endsWith('.notification') && mail.textBody.toLowerCase().includes(lower)),
    acknowledgements: mails.filter((mail) => mail.kind.endsWith('.acknowledgement') && mail.toAddress.toLowerCase() === lower),
  };
}

const functions = [
  { name: 'send-consultation-email', table: consultationRequests, kind: 'consultation' },
  { name: 'send-contact-form', table: contactSubmissions, kind: 'contact' },
] as const;

describe.each(functions)('POST /functions/v1/$name sent again', ({ name, table, kind }) => {
  const url = `/functions/v1/${name}`;

  it('answers the first receipt for the same request, storing and sending nothing new', async () => {
    const app = await newApp();
    const email = `again.${kind}@example.com`;
    const first = await app.inject({ method: 'POST', url, payload: lead(email), remoteAddress: nextIp() });
    // The same person, typed a little differently: case, spaces around and inside the words.
    const resend = {
      ...lead(email.toUpperCase()),
      company: '  compilers   INC ',
      message: 'We need SOC 2 before our next  enterprise deal. ',
    };
    const second = await app.inject({ method: 'POST', url, payload: resend, remoteAddress: nextIp() });
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    const receipt = readJson(first, leadReceiptSchema);
    expect(readJson(second, leadReceiptSchema)).toEqual(receipt);
    expect(receipt).toMatchObject({ success: true, interestLevel: 'medium', urgency: 'normal' });

    const rows = await database.db
      .select()
      .from(table)
      .where(sql`lower(${table.email}) = ${email}`);
    expect(rows.map((row) => row.id)).toEqual([receipt.id]);
    const { notifications, acknowledgements } = await mailsAbout(email);
    expect(notifications).toHaveLength(1);
    expect(acknowledgements).toHaveLength(1);
  });

  it('treats a changed request as a new one', async () => {
    const app = await newApp();
    const email = `changed.${kind}@example.com`;
    const payloads = [lead(email), { ...lead(email), interest: 'scale' }, { ...lead(email), message: 'Also ISO 27001, please.' }];
    const ids: string[] = [];
    for (const payload of payloads) {
      const response = await app.inject({ method: 'POST', url, payload, remoteAddress: nextIp() });
      expect(response.statusCode).toBe(200);
      ids.push(readJson(response, leadReceiptSchema).id);
    }
    expect(new Set(ids).size).toBe(3);
    expect(await database.db.select().from(table).where(eq(table.email, email))).toHaveLength(3);
    expect((await mailsAbout(email)).notifications).toHaveLength(3);
  });

  it(`is a new request again once ${LEAD_DUPLICATE_WINDOW_MINUTES} minutes have passed`, async () => {
    const app = await newApp();
    const email = `later.${kind}@example.com`;
    const first = readJson(await app.inject({ method: 'POST', url, payload: lead(email), remoteAddress: nextIp() }), leadReceiptSchema);
    await database.db
      .update(table)
      .set({ createdAt: new Date(Date.now() - (LEAD_DUPLICATE_WINDOW_MINUTES + 1) * 60_000) })
      .where(eq(table.id, first.id));
    const second = readJson(await app.inject({ method: 'POST', url, payload: lead(email), remoteAddress: nextIp() }), leadReceiptSchema);
    expect(second.id).not.toBe(first.id);
    expect(await database.db.select().from(table).where(eq(table.email, email))).toHaveLength(2);
  });

  it('stores one request when the same one arrives at two servers at once', async () => {
    // Two app instances on one database stand for two processes; on PostgreSQL each request runs
    // on its own pooled connection, so the requests really overlap.
    const [one, two] = [await newApp(), await newApp()];
    const email = `twice.${kind}@example.com`;
    const responses = await Promise.all(
      [one, two, one, two].map((app) => app.inject({ method: 'POST', url, payload: lead(email), remoteAddress: nextIp() })),
    );
    const receipts = responses.map((response) => readJson(response, leadReceiptSchema));
    expect(new Set(receipts.map((receipt) => receipt.id)).size).toBe(1);
    expect(await database.db.select().from(table).where(eq(table.email, email))).toHaveLength(1);
    const { notifications, acknowledgements } = await mailsAbout(email);
    expect(notifications).toHaveLength(1);
    expect(acknowledgements).toHaveLength(1);
  });
});

describe('the two forms', () => {
  it('keep their own requests: the same words through the contact form after a consultation request are a new lead', async () => {
    const app = await newApp();
    const email = 'both.forms@example.com';
    const consultation = await app.inject({
      method: 'POST',
      url: '/functions/v1/send-consultation-email',
      payload: lead(email),
      remoteAddress: nextIp(),
    });
    const contact = await app.inject({
      method: 'POST',
      url: '/functions/v1/send-contact-form',
      payload: lead(email),
      remoteAddress: nextIp(),
    });
    expect(readJson(contact, leadReceiptSchema).id).not.toBe(readJson(consultation, leadReceiptSchema).id);
    expect((await mailsAbout(email)).notifications).toHaveLength(2);
  });
});
