import { and, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { outboundEmails } from '../../db/schema/mail.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import type { MailTransport } from './mail-transport.ts';

export interface EmailInput {
  kind: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** Any drizzle handle: the database, or a transaction so the mail commits with its cause. */
type Executor = Pick<Db, 'insert'>;

export async function enqueueEmail(db: Executor, input: EmailInput): Promise<string> {
  const [row] = await db
    .insert(outboundEmails)
    .values({ kind: input.kind, toAddress: input.to, subject: input.subject, textBody: input.text, htmlBody: input.html })
    .returning({ id: outboundEmails.id });
  if (!row) throw new Error('enqueueEmail: insert returned nothing');
  return row.id;
}

export const MAX_MAIL_ATTEMPTS = 6;
/** 30 s, 1 min, 2 min … capped at one hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

/** A row stuck in `sending` this long belonged to a process that died mid-send. */
const STALE_SENDING_MS = 5 * 60_000;
const BATCH_SIZE = 10;

export interface MailWorkerOptions {
  db: Db;
  transport: MailTransport;
  from: string;
  /** The jobs layer that runs deliveries ('mail-send'); without it (unit tests) only drain() delivers. */
  jobs?: JobQueue;
  onError?: (error: unknown, mailId: string) => void;
}

/** How often the schedule looks at the outbox for retries that came due (and mail a crash left behind). */
const MAIL_SCHEDULE_CRON = '* * * * *';

/**
 * Delivers the outbox as a job kind of the jobs layer: a transaction that queued mail calls notify()
 * after it commits, which sends a 'mail-send' job; a schedule sends one every minute for retries that
 * came due. Whichever process works the job claims due rows atomically, so servers and workers share it.
 */
export class MailWorker {
  private running: Promise<number> | undefined;
  private started = false;
  /** This process's 'mail-send' worker, woken at once by notify(). */
  private workerId: string | undefined;
  private readonly options: MailWorkerOptions;

  constructor(options: MailWorkerOptions) {
    this.options = options;
  }

  /** Works the 'mail-send' queue in this process and keeps the minute schedule. */
  async start(): Promise<void> {
    const { jobs } = this.options;
    if (!jobs || this.started) return;
    this.started = true;
    this.workerId = await jobs.work('mail-send', { pollingIntervalSeconds: 1 }, async () => {
      await this.drain();
    });
    await jobs.boss.schedule('mail-send', MAIL_SCHEDULE_CRON, { reason: 'schedule' });
    this.notify(); // whatever a previous process left in the outbox
  }

  async stop(): Promise<void> {
    this.started = false;
    this.workerId = undefined;
    await this.running;
  }

  /** After a commit that queued mail: a delivery job, so any process working the queue sends it now. */
  notify(): void {
    const { jobs } = this.options;
    if (!jobs) return;
    jobs.boss
      .send('mail-send', { reason: 'queued' })
      .then(() => {
        // This process works the queue: fetch the job now rather than at the next poll.
        if (this.started && this.workerId) jobs.boss.notifyWorker(this.workerId);
      })
      .catch((error: unknown) => this.options.onError?.(error, 'notify'));
  }

  /** Delivers everything due now; returns how many mails were attempted. Used by the job, tests and shutdown. */
  async drain(): Promise<number> {
    await this.running; // a batch already in flight may have claimed before our caller's insert
    let total = 0;
    for (;;) {
      const attempted = await this.runOnce();
      total += attempted;
      if (attempted < BATCH_SIZE) return total;
    }
  }

  private runOnce(): Promise<number> {
    // One batch at a time per process; concurrent callers share the batch in flight.
    this.running ??= this.deliverBatch().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async deliverBatch(): Promise<number> {
    const { db, transport, from } = this.options;
    await db
      .update(outboundEmails)
      .set({ status: 'pending' })
      .where(and(eq(outboundEmails.status, 'sending'), lte(outboundEmails.nextAttemptAt, new Date(Date.now() - STALE_SENDING_MS))));
    const claimed = await db
      .update(outboundEmails)
      .set({ status: 'sending', attempts: sql`${outboundEmails.attempts} + 1`, nextAttemptAt: new Date() })
      .where(
        inArray(
          outboundEmails.id,
          db
            .select({ id: outboundEmails.id })
            .from(outboundEmails)
            // Due by the database's clock, which stamped the mail (now() has microseconds; a Date
            // from this process has milliseconds, and missed a mail queued in the same millisecond).
            .where(and(eq(outboundEmails.status, 'pending'), lte(outboundEmails.nextAttemptAt, sql`now()`)))
            .orderBy(outboundEmails.createdAt)
            .limit(BATCH_SIZE)
            .for('update', { skipLocked: true }),
        ),
      )
      .returning();
    for (const mail of claimed) {
      try {
        await transport.send({ from, to: mail.toAddress, subject: mail.subject, text: mail.textBody, html: mail.htmlBody });
        await db.update(outboundEmails).set({ status: 'sent', sentAt: new Date(), lastError: null }).where(eq(outboundEmails.id, mail.id));
      } catch (error) {
        this.options.onError?.(error, mail.id);
        const exhausted = mail.attempts >= MAX_MAIL_ATTEMPTS;
        await db
          .update(outboundEmails)
          .set({
            status: exhausted ? 'failed' : 'pending',
            lastError: error instanceof Error ? error.message : String(error),
            nextAttemptAt: new Date(Date.now() + retryDelayMs(mail.attempts)),
          })
          .where(eq(outboundEmails.id, mail.id));
      }
    }
    return claimed.length;
  }
}

export interface MailboxEntry {
  id: string;
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  links: string[];
  status: string;
  createdAt: string;
}

const LINK = /https?:\/\/[^\s"'<>)]+/g;

/** The newest mails first, with the links they contain (for the dev mailbox and tests). */
export async function listMailbox(db: Db, limit = 50): Promise<MailboxEntry[]> {
  const rows = await db.select().from(outboundEmails).orderBy(desc(outboundEmails.createdAt)).limit(limit);
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    to: row.toAddress,
    subject: row.subject,
    text: row.textBody,
    html: row.htmlBody,
    links: [
      ...new Set([...(row.textBody.match(LINK) ?? []), ...(row.htmlBody?.match(LINK) ?? [])].map((link) => link.replaceAll('&amp;', '&'))),
    ],
    status: row.status,
    createdAt: row.createdAt.toISOString(),
  }));
}
