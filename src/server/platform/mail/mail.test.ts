import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../tests/test-database.ts';
import { buildApp } from '../../app.ts';
import { outboundEmails } from '../../db/schema/mail.ts';
import { parseEnv } from '../../env.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import { openJobs } from '../jobs/jobs.module.ts';
import { type MailMessage, type MailTransport, smtpTransport } from './mail-transport.ts';
import { deliverMail, enqueueEmail, failUndeliveredMail, startMailWorker } from './mail.service.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.dispose());

const failing: MailTransport = {
  kind: 'smtp',
  send: () => Promise.reject(new Error('connection refused')),
};

/** A transport that keeps what it was handed. */
function recordingTransport(): MailTransport & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return { kind: 'outbox', sent, send: async (message) => void sent.push(message) };
}

const rowOf = async (id: string) => (await database.db.select().from(outboundEmails).where(eq(outboundEmails.id, id)))[0];
const jobsOf = async (mailId: string) => {
  const result = (await database.db.execute(
    sql`select state from pgboss.job where name = 'mail-send' and data->>'mailId' = ${mailId} order by created_on`,
  )) as unknown as { rows: { state: string }[] };
  return result.rows.map((row) => row.state);
};

describe('mail is a job sent in the transaction that queued it', () => {
  let jobs: JobQueue;
  const transport = recordingTransport();

  beforeAll(async () => {
    // The production settings, and the recovery pass as startWorkers starts it.
    jobs = await openJobs(database);
    await jobs.startRecovery();
    await startMailWorker(jobs, { db: database.db, transport, from: 'ComplianceCore <no-reply@test.local>' });
  });
  afterAll(() => jobs?.stop());

  it('sends a committed mail with no call after the commit, and never one whose transaction rolled back', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await enqueueEmail(tx, jobs, { kind: 'test.rollback', to: 'gone@example.com', subject: 'Rolled back', text: 'x' });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    const id = await database.db.transaction((tx) =>
      enqueueEmail(tx, jobs, { kind: 'test.commit', to: 'ada@example.com', subject: 'Committed', text: 'x' }),
    );
    // Picked up by the polling worker within about a second: the journeys read magic links this way.
    await expect.poll(async () => (await rowOf(id))?.status, { timeout: 5_000, interval: 100 }).toBe('sent');
    expect(await rowOf(id)).toMatchObject({ attempts: 1, lastError: null });
    expect(await jobsOf(id)).toEqual(['completed']);
    const subjects = transport.sent.map((message) => message.subject);
    expect(subjects).toContain('Committed');
    expect(subjects).not.toContain('Rolled back');
    expect((await database.db.select().from(outboundEmails).where(eq(outboundEmails.toAddress, 'gone@example.com'))).length).toBe(0);
  });

  it('retries a mail whose worker died mid-send within seconds, never leaving it in `sending`', async () => {
    // Another process claims the job, marks the mail `sending` and dies: it never completes nor beats again.
    await jobs.boss.offWork('mail-send');
    const id = await database.db.transaction((tx) =>
      enqueueEmail(tx, jobs, { kind: 'test.crash', to: 'crash@example.com', subject: 'Crashed', text: 'x' }),
    );
    const [claimed] = await jobs.boss.fetch('mail-send');
    expect(claimed?.data).toEqual({ mailId: id });
    await database.db.update(outboundEmails).set({ status: 'sending', attempts: 1 }).where(eq(outboundEmails.id, id));
    const claimedAt = Date.now();
    await startMailWorker(jobs, { db: database.db, transport, from: 'x@test.local' });
    // Nobody holds its claim: once its heartbeat has been quiet for the grace (5 s), the recovery pass puts
    // it back, ready at once (no retry backoff), and the worker sends it.
    await expect.poll(async () => (await rowOf(id))?.status, { timeout: 25_000, interval: 250 }).toBe('sent');
    expect(Date.now() - claimedAt).toBeLessThan(10_000);
    expect(await rowOf(id)).toMatchObject({ attempts: 2 });
    expect(transport.sent.filter((message) => message.subject === 'Crashed')).toHaveLength(1);
  }, 30_000);

  it('sends, once each, the mail an outbox from before one job per mail left without a job', async () => {
    const [legacy] = await database.db
      .insert(outboundEmails)
      .values({ kind: 'test.legacy', toAddress: 'old@example.com', subject: 'From before', textBody: 'x' })
      .returning();
    // The old minute sweep's jobs, still queued after the upgrade: two of them adopt the row once.
    await jobs.boss.send('mail-send', { reason: 'schedule' });
    await jobs.boss.send('mail-send', { reason: 'schedule' });
    await expect.poll(async () => (await rowOf(legacy!.id))?.status, { timeout: 10_000, interval: 100 }).toBe('sent');
    await expect.poll(() => jobsOf(legacy!.id), { timeout: 5_000, interval: 100 }).toEqual(['completed']);
    expect(transport.sent.filter((message) => message.subject === 'From before')).toHaveLength(1);
  });
});

describe('deliverMail, one attempt', () => {
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
    const id = await enqueueEmail(
      database.db,
      { enqueue: async () => null },
      {
        kind: 'test.smtp',
        to: 'ada@example.com',
        subject: 'Hello over SMTP',
        text: 'Open https://app.test/verify?token=abc',
      },
    );
    await deliverMail(
      { db: database.db, transport, from: 'ComplianceCore <no-reply@test.local>' },
      { data: { mailId: id }, retryCount: 0, retryLimit: 7 },
    );
    transport.close?.();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    expect(received.join('\n')).toContain('Subject: Hello over SMTP');
    expect(received.join('\n')).toContain('To: ada@example.com');
    expect(await rowOf(id)).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('records a failed attempt and throws (pg-boss retries); the last attempt and the dead letter leave it `failed`', async () => {
    const noJobs = { enqueue: async () => null };
    const id = await enqueueEmail(database.db, noJobs, { kind: 'test.fail', to: 'b@example.com', subject: 'Nope', text: 'x' });
    const deps = { db: database.db, transport: failing, from: 'x@test.local' };
    await expect(deliverMail(deps, { data: { mailId: id }, retryCount: 0, retryLimit: 7 })).rejects.toThrow('connection refused');
    expect(await rowOf(id)).toMatchObject({ status: 'pending', attempts: 1, lastError: 'connection refused' });
    await expect(deliverMail(deps, { data: { mailId: id }, retryCount: 7, retryLimit: 7 })).rejects.toThrow('connection refused');
    expect(await rowOf(id)).toMatchObject({ status: 'failed', attempts: 2 });

    // A mail whose last worker died mid-send reaches the dead letter still `sending`.
    const crashed = await enqueueEmail(database.db, noJobs, { kind: 'test.dead', to: 'c@example.com', subject: 'Dead', text: 'x' });
    await database.db.update(outboundEmails).set({ status: 'sending' }).where(eq(outboundEmails.id, crashed));
    await failUndeliveredMail(database.db, crashed);
    expect(await rowOf(crashed)).toMatchObject({ status: 'failed' });
  });

  it('does not send a mail twice when its job is replayed after the send', async () => {
    const transport = recordingTransport();
    const id = await enqueueEmail(
      database.db,
      { enqueue: async () => null },
      { kind: 'test.once', to: 'd@example.com', subject: 'Once', text: 'x' },
    );
    const deps = { db: database.db, transport, from: 'x@test.local' };
    await deliverMail(deps, { data: { mailId: id }, retryCount: 0, retryLimit: 7 });
    await deliverMail(deps, { data: { mailId: id }, retryCount: 1, retryLimit: 7 });
    expect(transport.sent).toHaveLength(1);
    await failUndeliveredMail(database.db, id);
    expect(await rowOf(id)).toMatchObject({ status: 'sent', attempts: 1 });
  });
});

describe('GET /dev/mailbox', () => {
  it('lists the embedded outbox newest first, with the links each mail contains', async () => {
    const app = await buildApp({ database });
    onTestFinished(() => app.close());
    await app.ready();
    await database.db.transaction((tx) =>
      enqueueEmail(tx, app.jobs, {
        kind: 'test.link',
        to: 'dev@example.com',
        subject: 'Your magic link',
        text: 'Sign in: http://127.0.0.1:3000/auth/v1/verify?token=t1&type=magiclink',
        html: '<a href="http://127.0.0.1:3000/auth/v1/verify?token=t1&amp;type=magiclink">Sign in</a>',
      }),
    );
    const newest = async () => {
      const response = await app.inject({ method: 'GET', url: '/dev/mailbox' });
      expect(response.statusCode).toBe(200);
      return response.json<{ mails: { subject: string; to: string; links: string[]; status: string }[] }>().mails[0];
    };
    await expect.poll(newest, { timeout: 5_000, interval: 100 }).toMatchObject({
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
