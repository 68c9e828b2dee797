import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../tests/test-database.ts';
import { LEAD_ACKNOWLEDGEMENTS_PER_HOUR } from '../../../shared/constants.ts';
import { buildApp } from '../../app.ts';
import { consultationRequests, contactSubmissions } from '../../db/schema/leads.ts';
import { outboundEmails } from '../../db/schema/mail.ts';
import { parseEnv } from '../../env.ts';
import type { MailTransport } from '../../platform/mail/mail-transport.ts';
import { readJson } from '../../../../tests/read-response.ts';
import { leadReceiptSchema } from '../../../shared/schemas/leads.ts';
import { errorBodySchema } from '../../../shared/errors.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.dispose());

const failingTransport: MailTransport = { kind: 'smtp', send: () => Promise.reject(new Error('connection refused')) };

let ipCounter = 0;
/** Each test gets its own client address, so the per-IP rate limit never leaks between tests. */
const nextIp = () => `10.1.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

async function appWith(options: { mailTransport?: MailTransport } = {}) {
  const app = await buildApp({ database, env: parseEnv({ NODE_ENV: 'test', SALES_INBOX: 'sales@test.local' }), ...options });
  onTestFinished(() => app.close());
  return app;
}

const functions = [
  { name: 'send-consultation-email', table: consultationRequests, kind: 'consultation' },
  { name: 'send-contact-form', table: contactSubmissions, kind: 'contact' },
] as const;

const valid = (email: string) => ({
  firstName: 'Ada',
  lastName: 'Lovelace',
  email,
  company: 'Analytical Engines',
  interest: 'enterprise',
  message: 'This is URGENT: our audit starts next month.',
  honeypot: '',
});

describe.each(functions)('POST /functions/v1/$name', ({ name, table, kind }) => {
  const url = `/functions/v1/${name}`;

  it('stores the lead with its qualification before answering, and queues both e-mails', async () => {
    const app = await appWith();
    const email = `ada.${kind}@example.com`;
    const response = await app.inject({ method: 'POST', url, payload: valid(email), remoteAddress: nextIp() });
    expect(response.statusCode).toBe(200);
    const receipt = readJson(response, leadReceiptSchema);
    expect(receipt).toMatchObject({ success: true, interestLevel: 'high', urgency: 'high' });

    const [row] = await database.db.select().from(table).where(eq(table.id, receipt.id));
    expect(row).toMatchObject({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email,
      company: 'Analytical Engines',
      interest: 'enterprise',
      message: 'This is URGENT: our audit starts next month.',
      interestLevel: 'high',
      urgency: 'high',
    });
    expect(row?.ipAddress).toMatch(/^10\.1\./);

    const mails = await database.db.select().from(outboundEmails);
    const notification = mails.find((mail) => mail.kind === `leads.${kind}.notification` && mail.textBody.includes(email));
    const acknowledgement = mails.find((mail) => mail.kind === `leads.${kind}.acknowledgement` && mail.toAddress === email);
    expect(notification?.toAddress).toBe('sales@test.local');
    expect(notification?.subject).toMatch(/^\[URGENT\] /);
    expect(notification?.textBody).toContain('Interest level: high');
    expect(acknowledgement?.textBody).toContain('within 24 hours');
  });

  it('keeps the stored lead and its queued e-mails when the mail server is down', async () => {
    const app = await appWith({ mailTransport: failingTransport });
    const email = `down.${kind}@example.com`;
    const response = await app.inject({ method: 'POST', url, payload: valid(email), remoteAddress: nextIp() });
    expect(response.statusCode).toBe(200);
    const rows = await database.db.select().from(table).where(eq(table.email, email));
    expect(rows).toHaveLength(1);

    // The mail-send jobs committed with the lead: the worker tries each at once, fails, and leaves it to pg-boss's retries.
    const mails = async () =>
      (await database.db.select().from(outboundEmails)).filter((mail) => mail.toAddress === email || mail.textBody.includes(email));
    await expect
      .poll(async () => (await mails()).map((mail) => ({ status: mail.status, lastError: mail.lastError })), { timeout: 10_000 })
      .toEqual([
        { status: 'pending', lastError: 'connection refused' },
        { status: 'pending', lastError: 'connection refused' },
      ]);
  });

  it('qualifies growth and scale as medium, essential and learn-more as low, and plain messages as normal', async () => {
    const app = await appWith();
    const cases = [
      ['growth', 'medium'],
      ['scale', 'medium'],
      ['essential', 'low'],
      ['learn-more', 'low'],
      ['', 'low'],
    ] as const;
    for (const [interest, level] of cases) {
      const response = await app.inject({
        method: 'POST',
        url,
        payload: { ...valid(`q.${interest || 'none'}.${kind}@example.com`), interest, message: 'Tell me more' },
        remoteAddress: nextIp(),
      });
      expect(response.json()).toMatchObject({ interestLevel: level, urgency: 'normal' });
    }
    const [stored] = await database.db
      .select()
      .from(table)
      .where(eq(table.email, `q.none.${kind}@example.com`));
    expect(stored?.interest).toBeNull();
  });

  it('answers 400 with every field problem, in the messages of product.md §5, and stores nothing', async () => {
    const app = await appWith();
    const response = await app.inject({
      method: 'POST',
      url,
      payload: { firstName: ' ', lastName: '', email: 'not-an-email', company: 'Acme', message: '<b>hi</b>' },
      remoteAddress: nextIp(),
    });
    expect(response.statusCode).toBe(400);
    const body = readJson(response, errorBodySchema);
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(body.error.issues).toEqual([
      { path: 'body.firstName', message: 'First name is required' },
      { path: 'body.lastName', message: 'Last name is required' },
      { path: 'body.email', message: 'Please enter a valid email address' },
      { path: 'body.message', message: 'Security validation failed: HTML content is not allowed in this field' },
    ]);
    expect(await database.db.select().from(table).where(eq(table.email, 'not-an-email'))).toEqual([]);
  });

  it.each([
    ['an unknown interest', { interest: 'platinum' }, 'body.interest'],
    ['a missing company', { company: undefined }, 'body.company'],
    ['a number for a name', { firstName: 42 }, 'body.firstName'],
    ['SQL in the company', { company: "Acme'; DROP TABLE users; --" }, 'body.company'],
    ['a message over 10000 characters', { message: 'a'.repeat(10_001) }, 'body.message'],
  ])('rejects %s with VALIDATION_FAILED', async (_label, override, path) => {
    const app = await appWith();
    const response = await app.inject({
      method: 'POST',
      url,
      payload: { ...valid('bad@example.com'), ...override },
      remoteAddress: nextIp(),
    });
    expect(response.statusCode).toBe(400);
    const body = readJson(response, errorBodySchema);
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect((body.error.issues ?? []).map((issue) => issue.path)).toContain(path);
  });

  it('answers malformed JSON with a clear 400', async () => {
    const app = await appWith();
    const response = await app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json' },
      payload: '{"firstName":',
      remoteAddress: nextIp(),
    });
    expect(response.statusCode).toBe(400);
    expect(readJson(response, errorBodySchema).error.code).toBe('BAD_REQUEST');
  });

  it('turns a filled honeypot away with SPAM_DETECTED, storing and sending nothing', async () => {
    const app = await appWith();
    const email = `bot.${kind}@example.com`;
    const response = await app.inject({
      method: 'POST',
      url,
      payload: { ...valid(email), honeypot: 'https://cheap-pills.example' },
      remoteAddress: nextIp(),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { code: 'SPAM_DETECTED', message: 'Spam detection triggered' } });
    expect(await database.db.select().from(table).where(eq(table.email, email))).toEqual([]);
    const mails = await database.db.select().from(outboundEmails).where(eq(outboundEmails.toAddress, email));
    expect(mails).toEqual([]);
  });

  it('limits each IP to 5 requests a minute with 429 RATE_LIMITED', async () => {
    const app = await appWith();
    const ip = nextIp();
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const response = await app.inject({
        method: 'POST',
        url,
        payload: valid(`rate.${attempt}.${kind}@example.com`),
        remoteAddress: ip,
      });
      expect(response.statusCode).toBe(200);
    }
    const limited = await app.inject({ method: 'POST', url, payload: valid(`rate.6.${kind}@example.com`), remoteAddress: ip });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ error: { code: 'RATE_LIMITED' } });
    expect(limited.headers['retry-after']).toBeDefined();
    expect(
      await database.db
        .select()
        .from(table)
        .where(eq(table.email, `rate.6.${kind}@example.com`)),
    ).toEqual([]);

    const other = await app.inject({ method: 'POST', url, payload: valid(`rate.other.${kind}@example.com`), remoteAddress: nextIp() });
    expect(other.statusCode).toBe(200);
  });
});

describe('the acknowledgement to the address typed in', () => {
  it('carries none of the visitor’s words, so the form cannot mail chosen text to a chosen person', async () => {
    const app = await appWith();
    const email = 'victim.words@example.com';
    const payload = { ...valid(email), firstName: 'Click', lastName: 'Here', message: 'Visit attacker.example/free-money now' };
    expect(
      (await app.inject({ method: 'POST', url: '/functions/v1/send-contact-form', payload, remoteAddress: nextIp() })).statusCode,
    ).toBe(200);
    const [mail] = await database.db
      .select()
      .from(outboundEmails)
      .where(and(eq(outboundEmails.kind, 'leads.contact.acknowledgement'), eq(outboundEmails.toAddress, email)));
    expect(mail?.textBody.startsWith('Hello,\n')).toBe(true);
    expect(mail?.textBody).not.toContain('Click');
    expect(mail?.textBody).not.toContain('attacker.example');
    expect(mail?.subject).toBe('We received your message');
  });

  it(`goes to one address at most ${LEAD_ACKNOWLEDGEMENTS_PER_HOUR} times an hour; later leads are still kept and announced`, async () => {
    const app = await appWith();
    const email = 'Flooded@Example.com';
    const receipts: string[] = [];
    for (let index = 0; index < LEAD_ACKNOWLEDGEMENTS_PER_HOUR + 2; index++) {
      const url = index % 2 === 0 ? '/functions/v1/send-contact-form' : '/functions/v1/send-consultation-email';
      const response = await app.inject({
        method: 'POST',
        url,
        // Each a different request: the same one sent again would be one lead (leads-duplicates.test.ts).
        payload: { ...valid(index === 0 ? email : email.toLowerCase()), message: `Request ${index}: our audit starts next month.` },
        remoteAddress: nextIp(),
      });
      expect(response.statusCode).toBe(200);
      receipts.push(readJson(response, leadReceiptSchema).id);
    }
    const mails = await database.db.select().from(outboundEmails);
    const acknowledgements = mails.filter(
      (mail) => mail.kind.endsWith('.acknowledgement') && mail.toAddress.toLowerCase() === email.toLowerCase(),
    );
    expect(acknowledgements).toHaveLength(LEAD_ACKNOWLEDGEMENTS_PER_HOUR);
    const notifications = mails.filter(
      (mail) => mail.kind.endsWith('.notification') && mail.textBody.toLowerCase().includes(email.toLowerCase()),
    );
    expect(notifications).toHaveLength(LEAD_ACKNOWLEDGEMENTS_PER_HOUR + 2);
    expect(new Set(receipts).size).toBe(LEAD_ACKNOWLEDGEMENTS_PER_HOUR + 2);
  });
});

describe('the sales notification', () => {
  it('keeps a visitor-typed newline out of the subject header', async () => {
    const app = await appWith();
    const response = await app.inject({
      method: 'POST',
      url: '/functions/v1/send-contact-form',
      payload: { ...valid('newline@example.com'), company: 'Acme\r\nBcc: victim@example.com', message: 'Hello' },
      remoteAddress: nextIp(),
    });
    expect(response.statusCode).toBe(200);
    const [mail] = await database.db
      .select()
      .from(outboundEmails)
      .where(eq(outboundEmails.kind, 'leads.contact.notification'))
      .then((rows) => rows.filter((row) => row.textBody.includes('newline@example.com')));
    expect(mail?.subject).toBe('New contact form message: Acme Bcc: victim@example.com (Ada Lovelace)');
  });
});
