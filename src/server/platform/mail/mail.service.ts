import { and, desc, eq, inArray, lte, ne, sql } from 'drizzle-orm';
import type { JobWithMetadata } from 'pg-boss';
import type { Db, DbTransaction } from '../../db/client.ts';
import { outboundEmails } from '../../db/schema/mail.ts';
import { JOBS_SCHEMA, type JobQueue } from '../jobs/job-queue.ts';
import type { JobDataMap, Jobs } from '../jobs/job-types.ts';
import type { MailTransport } from './mail-transport.ts';

export interface EmailInput {
  kind: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/**
 * Queues one mail in the caller's transaction: the outbox row (the dev mailbox, the delivery status)
 * and its 'mail-send' job commit together, or neither does. Nothing to call after the commit: whichever
 * process works the queue picks the job up within a second.
 */
export async function enqueueEmail(tx: Db | DbTransaction, jobs: Jobs, input: EmailInput): Promise<string> {
  const [row] = await tx
    .insert(outboundEmails)
    .values({ kind: input.kind, toAddress: input.to, subject: input.subject, textBody: input.text, htmlBody: input.html })
    .returning({ id: outboundEmails.id });
  if (!row) throw new Error('enqueueEmail: insert returned nothing');
  await jobs.enqueue(tx, 'mail-send', { mailId: row.id });
  return row.id;
}

export interface MailDeliveryDeps {
  db: Db;
  transport: MailTransport;
  from: string;
  onError?: (error: unknown, mailId: string) => void;
}

type MailJob = Pick<JobWithMetadata<JobDataMap['mail-send']>, 'data' | 'retryCount' | 'retryLimit'>;

/**
 * One 'mail-send' job: sends its mail once. Retries, backoff and the dead letter are pg-boss's
 * (queue-settings.ts); the row only records them. A throw fails the attempt. A mail already sent (a
 * job replayed after its worker died between the send and the update) is not sent again.
 */
export async function deliverMail(deps: MailDeliveryDeps, job: MailJob): Promise<void> {
  const { db, transport, from } = deps;
  const { mailId } = job.data;
  const [mail] = await db
    .update(outboundEmails)
    .set({ status: 'sending', attempts: sql`${outboundEmails.attempts} + 1`, nextAttemptAt: sql`now()` })
    .where(and(eq(outboundEmails.id, mailId), ne(outboundEmails.status, 'sent')))
    .returning();
  if (!mail) return;
  try {
    await transport.send({ from, to: mail.toAddress, subject: mail.subject, text: mail.textBody, html: mail.htmlBody });
  } catch (error) {
    deps.onError?.(error, mailId);
    await db
      .update(outboundEmails)
      .set({
        status: job.retryCount >= job.retryLimit ? 'failed' : 'pending',
        lastError: error instanceof Error ? error.message : String(error),
      })
      .where(eq(outboundEmails.id, mailId));
    throw error;
  }
  await db.update(outboundEmails).set({ status: 'sent', sentAt: new Date(), lastError: null }).where(eq(outboundEmails.id, mailId));
}

/** A mail whose job ran out of attempts (its last worker may have died mid-send): `failed`, for good. */
export async function failUndeliveredMail(db: Db, mailId: string): Promise<void> {
  await db
    .update(outboundEmails)
    .set({ status: 'failed' })
    .where(and(eq(outboundEmails.id, mailId), ne(outboundEmails.status, 'sent')));
}

/**
 * Before one job per mail, a 'mail-send' job carried `{ reason }` and swept the outbox; the rows that
 * scheme left unsent (queued before the job was) have no job of their own. One is sent for each that
 * has none yet, under a lock, so however many such jobs remain, each mail gets exactly one.
 */
export async function adoptUnqueuedMail(db: Db, jobs: Jobs, queuedBefore: Date): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('mail-send adoption'))`);
    const orphans = await tx
      .select({ id: outboundEmails.id })
      .from(outboundEmails)
      .where(
        and(
          inArray(outboundEmails.status, ['pending', 'sending']),
          lte(outboundEmails.createdAt, queuedBefore),
          sql`not exists (select 1 from ${sql.raw(JOBS_SCHEMA)}.job j where j.name = 'mail-send' and j.data->>'mailId' = ${outboundEmails.id}::text)`,
        ),
      );
    for (const { id } of orphans) await jobs.enqueue(tx, 'mail-send', { mailId: id });
    return orphans.length;
  });
}

/** Works the 'mail-send' queue and its dead letters in this process (startWorkers: the server, or `npm run worker`). */
export async function startMailWorker(jobs: JobQueue, deps: MailDeliveryDeps): Promise<void> {
  // Polled every second: a magic link must arrive while its reader waits for it. A backlog (a digest to
  // every user) is fetched without pauses once pg-boss counts it.
  await jobs.work('mail-send', { localConcurrency: 2, pollingIntervalSeconds: 1, burstWhenReadyExceeds: 4 }, async (job) => {
    if ('mailId' in job.data) await deliverMail(deps, job);
    else await adoptUnqueuedMail(deps.db, jobs, job.createdOn);
  });
  await jobs.workDeadLetters('mail-send', async (job) => {
    if ('mailId' in job.data) await failUndeliveredMail(deps.db, job.data.mailId);
  });
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
