import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../tests/test-database.ts';
import { buildApp } from '../../app.ts';
import { outboundEmails } from '../../db/schema/mail.ts';
import { parseEnv } from '../../env.ts';
import { type MailTransport, smtpTransport } from './mail-transport.ts';
import { MAX_MAIL_ATTEMPTS, MailWorker, enqueueEmail, retryDelayMs } from './mail.service.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.dispose());

const failing: MailTransport = {
  kind: 'smtp',
  send: () => Promise.reject(new Error('connection refused')),
};

describe('the mail queue', () => {
  it('delivers through a real SMTP server', async () => {
    const received: string[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        let data = '';
        stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
        stream.on('end', () => {
          received.push(data);
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as AddressInfo;
    const transport = smtpTransport(`smtp://127.0.0.1:${port}`);
    const worker = new MailWorker({ db: database.db, transport, from: 'ComplianceCore <no-reply@test.local>' });
    const id = await enqueueEmail(database.db, {
      kind: 'test.smtp',
      to: 'ada@example.com',
      subject: 'Hello over SMTP',
      text: 'Open https://app.test/verify?token=abc',
    });
    expect(await worker.drain()).toBeGreaterThanOrEqual(1);
    transport.close?.();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    expect(received.join('\n')).toContain('Subject: Hello over SMTP');
    expect(received.join('\n')).toContain('To: ada@example.com');
    const [row] = await database.db.select().from(outboundEmails).where(eq(outboundEmails.id, id));
    expect(row).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('keeps a mail that fails, retries with backoff, and dead-letters it after the last attempt', async () => {
    const worker = new MailWorker({ db: database.db, transport: failing, from: 'x@test.local' });
    const id = await enqueueEmail(database.db, { kind: 'test.fail', to: 'b@example.com', subject: 'Nope', text: 'x' });
    await worker.drain();
    let [row] = await database.db.select().from(outboundEmails).where(eq(outboundEmails.id, id));
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastError: 'connection refused' });
    expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + retryDelayMs(1) - 5_000);

    for (let attempt = 2; attempt <= MAX_MAIL_ATTEMPTS; attempt += 1) {
      await database.db
        .update(outboundEmails)
        .set({ nextAttemptAt: new Date(0) })
        .where(eq(outboundEmails.id, id));
      await worker.drain();
    }
    [row] = await database.db.select().from(outboundEmails).where(eq(outboundEmails.id, id));
    expect(row).toMatchObject({ status: 'failed', attempts: MAX_MAIL_ATTEMPTS });
  });

  it('delivers a mail drained the moment it was queued (due by the database clock that stamped it)', async () => {
    const sent: string[] = [];
    const worker = new MailWorker({
      db: database.db,
      transport: { kind: 'outbox', send: async (message) => void sent.push(message.subject) },
      from: 'x@test.local',
    });
    // The queue stamps a mail with the database's now() (microseconds); judging it due by the
    // process's clock (milliseconds) missed mails queued within the same millisecond.
    for (let round = 0; round < 40; round += 1) {
      await enqueueEmail(database.db, { kind: 'test.instant', to: 'd@example.com', subject: `Instant ${round}`, text: 'x' });
      expect(await worker.drain()).toBe(1);
    }
    expect(sent).toHaveLength(40);
  });

  it('reclaims a mail left in `sending` by a process that died', async () => {
    const id = await enqueueEmail(database.db, { kind: 'test.stale', to: 'c@example.com', subject: 'Stale', text: 'x' });
    await database.db
      .update(outboundEmails)
      .set({ status: 'sending', nextAttemptAt: new Date(Date.now() - 10 * 60_000) })
      .where(eq(outboundEmails.id, id));
    const sent: string[] = [];
    const worker = new MailWorker({
      db: database.db,
      transport: { kind: 'outbox', send: async (message) => void sent.push(message.subject) },
      from: 'x@test.local',
    });
    await worker.drain();
    expect(sent).toContain('Stale');
  });

  it('grows the retry delay exponentially up to an hour', () => {
    expect(retryDelayMs(1)).toBe(30_000);
    expect(retryDelayMs(2)).toBe(60_000);
    expect(retryDelayMs(20)).toBe(3_600_000);
  });
});

describe('GET /dev/mailbox', () => {
  it('lists the embedded outbox newest first, with the links each mail contains', async () => {
    const app = await buildApp({ database });
    onTestFinished(() => app.close());
    await enqueueEmail(database.db, {
      kind: 'test.link',
      to: 'dev@example.com',
      subject: 'Your magic link',
      text: 'Sign in: http://127.0.0.1:3000/auth/v1/verify?token=t1&type=magiclink',
      html: '<a href="http://127.0.0.1:3000/auth/v1/verify?token=t1&amp;type=magiclink">Sign in</a>',
    });
    await app.mailWorker.drain();
    const response = await app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(response.statusCode).toBe(200);
    const mails = response.json<{ mails: { subject: string; to: string; links: string[]; status: string }[] }>().mails;
    const [newest] = mails;
    expect(newest).toMatchObject({
      subject: 'Your magic link',
      to: 'dev@example.com',
      status: 'sent',
      links: ['http://127.0.0.1:3000/auth/v1/verify?token=t1&type=magiclink'],
    });
  });

  it('answers only this machine: its mails hold sign-in links', async () => {
    const app = await buildApp({ database });
    onTestFinished(() => app.close());
    const remote = await app.inject({ method: 'GET', url: '/dev/mailbox', remoteAddress: '203.0.113.7' });
    expect(remote.statusCode).toBe(404);
    expect(remote.body).not.toContain('mails');
    const local = await app.inject({ method: 'GET', url: '/dev/mailbox', remoteAddress: '::1' });
    expect(local.statusCode).toBe(200);
  });

  it('does not exist in production', async () => {
    const app = await buildApp({
      database,
      env: parseEnv({ NODE_ENV: 'production', ALLOW_EMBEDDED_DB: '1', PUBLIC_URL: 'https://app.example.com' }),
    });
    onTestFinished(() => app.close());
    const response = await app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(response.statusCode).toBe(404);
  });
});
