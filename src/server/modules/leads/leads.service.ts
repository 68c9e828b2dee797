import { and, count, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import { LEAD_ACKNOWLEDGEMENTS_PER_HOUR, LEAD_DUPLICATE_WINDOW_MINUTES } from '../../../shared/constants.ts';
import type { Db, DbTransaction } from '../../db/client.ts';
import { outboundEmails } from '../../db/schema/mail.ts';
import { consultationRequests, contactSubmissions } from '../../db/schema/leads.ts';
import { qualifyLead } from '../../../shared/rules/lead-qualification.ts';
import type { ConsultationRequest, ContactForm, LeadReceipt } from '../../../shared/schemas/leads.ts';
import { AppError } from '../../app-error.ts';
import { enqueueEmail } from '../../platform/mail/mail.service.ts';
import type { Jobs } from '../../platform/jobs/job-types.ts';
import { type LeadKind, salesNotification, senderAcknowledgement } from './leads-emails.ts';
import { leadFingerprint } from './leads-fingerprint.ts';

export interface LeadSource {
  ipAddress?: string;
  userAgent?: string;
}

export interface SubmitLeadOptions<T> {
  input: T;
  source: LeadSource;
  salesInbox: string;
  /** The e-mails' delivery jobs are sent in the lead's transaction. */
  jobs: Jobs;
}

const TABLES = { consultation: consultationRequests, contact: contactSubmissions } as const;

const ACKNOWLEDGEMENT_KINDS = ['leads.consultation.acknowledgement', 'leads.contact.acknowledgement'];

/**
 * Whether another acknowledgement may go to `address` this hour, counted in the mail queue itself
 * (so across processes and restarts); concurrent leads for one address take turns on a lock.
 */
async function mayAcknowledge(tx: DbTransaction, address: string): Promise<boolean> {
  const normalized = address.toLowerCase();
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`lead-ack:${normalized}`}, 0))`);
  const [sent] = await tx
    .select({ total: count() })
    .from(outboundEmails)
    .where(
      and(
        inArray(outboundEmails.kind, ACKNOWLEDGEMENT_KINDS),
        sql`lower(${outboundEmails.toAddress}) = ${normalized}`,
        gt(outboundEmails.createdAt, sql`now() - interval '1 hour'`),
      ),
    );
  return (sent?.total ?? 0) < LEAD_ACKNOWLEDGEMENTS_PER_HOUR;
}

/**
 * The receipt of the same request stored within the last LEAD_DUPLICATE_WINDOW_MINUTES, if any.
 * Identical submissions take turns on a transaction-scoped advisory lock, so of two sent at once
 * (a double click, 'Back to Form' and send again, two server processes) the second sees the first.
 */
async function findRecentDuplicate(tx: DbTransaction, kind: LeadKind, fingerprint: string): Promise<LeadReceipt | null> {
  const table = TABLES[kind];
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`lead:${kind}:${fingerprint}`}, 0))`);
  const [previous] = await tx
    .select({ id: table.id, interestLevel: table.interestLevel, urgency: table.urgency })
    .from(table)
    .where(
      and(
        eq(table.fingerprint, fingerprint),
        gt(table.createdAt, sql`now() - make_interval(mins => ${LEAD_DUPLICATE_WINDOW_MINUTES}::int)`),
      ),
    )
    .orderBy(desc(table.createdAt))
    .limit(1);
  return previous ? { success: true, ...previous } : null;
}

/**
 * Stores the lead and queues both e-mails in one transaction: once the visitor hears "sent",
 * the request is on disk and its mails will go out (with retries) even if the mail server is down.
 * Past LEAD_ACKNOWLEDGEMENTS_PER_HOUR to one address, the lead is still kept and announced to sales.
 * The same request sent again within LEAD_DUPLICATE_WINDOW_MINUTES answers the first receipt and
 * stores and sends nothing. A filled honeypot stores and sends nothing.
 */
async function submitLead(
  db: Db,
  kind: LeadKind,
  { input, source, salesInbox, jobs }: SubmitLeadOptions<ConsultationRequest>,
): Promise<LeadReceipt> {
  if (input.honeypot) throw new AppError('SPAM_DETECTED', 'Spam detection triggered');
  const { honeypot: _honeypot, ...lead } = input;
  const qualification = qualifyLead(lead);
  const fingerprint = leadFingerprint(kind, lead);
  return db.transaction(async (tx) => {
    const duplicate = await findRecentDuplicate(tx, kind, fingerprint);
    if (duplicate) return duplicate;
    const [row] = await tx
      .insert(TABLES[kind])
      .values({
        ...lead,
        ...qualification,
        fingerprint,
        ipAddress: source.ipAddress ?? null,
        userAgent: source.userAgent?.slice(0, 500) ?? null,
      })
      .returning({ id: TABLES[kind].id });
    if (!row) throw new Error(`insert into ${kind} returned nothing`);
    await enqueueEmail(tx, jobs, salesNotification(kind, lead, qualification, salesInbox));
    if (await mayAcknowledge(tx, lead.email)) await enqueueEmail(tx, jobs, senderAcknowledgement(kind, lead.email));
    return { success: true as const, id: row.id, ...qualification };
  });
}

export function submitConsultationRequest(db: Db, options: SubmitLeadOptions<ConsultationRequest>): Promise<LeadReceipt> {
  return submitLead(db, 'consultation', options);
}

export function submitContactForm(db: Db, options: SubmitLeadOptions<ContactForm>): Promise<LeadReceipt> {
  return submitLead(db, 'contact', options);
}
