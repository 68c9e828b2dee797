import { asc, sql } from 'drizzle-orm';
import {
  type DsarRequestListItem,
  type DsarInput,
  type DsarReceipt,
  dsarDueDate,
  formatDsarReference,
} from '../../../shared/schemas/dsar.ts';
import { DSAR_REQUEST_TYPE_LABELS, DSAR_RESPONSE_DAYS } from '../../../shared/rules/dsar.ts';
import type { Db } from '../../db/client.ts';
import { dsarReferenceSequence, dsarRequests } from '../../db/schema/dsar.ts';
import type { Jobs } from '../../platform/jobs/job-types.ts';
import { enqueueEmail } from '../../platform/mail/mail.service.ts';
import { emitPrivacyRequestReceived } from './dsar-events.ts';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

export interface DsarRequestMeta {
  ipAddress: string | null;
  userAgent: string | null;
  /** Where staff are told about new requests. */
  privacyInbox: string;
  /** The e-mails' delivery jobs, and 'privacy_request.received' for the organizations the requester's account belongs to. */
  jobs: Jobs;
}

/**
 * The requester's copy goes to whatever address was typed in, so it quotes nothing the requester
 * wrote (no name): the form cannot be used to mail chosen words to a chosen person.
 */
function acknowledgement(input: DsarInput, reference: string, dueAt: Date): string {
  const type = DSAR_REQUEST_TYPE_LABELS[input.requestType].label.toLowerCase();
  return [
    'Hello,',
    '',
    `We have received your privacy request to ${type}${input.subjectName ? ' on behalf of another person' : ''}.`,
    `Your reference is ${reference}. Please quote it if you write to us about this request.`,
    '',
    `We will respond by ${dateFormat.format(dueAt)} (${DSAR_RESPONSE_DAYS} days after we received it).`,
    'Before we act, we may ask you to confirm your identity, so that we never disclose or change',
    "someone else's data. If the request is complex we may extend the deadline as the law allows;",
    'we would tell you why before the original date.',
    '',
    'If you did not make this request, reply to this e-mail and we will close it.',
    '',
    'ComplianceCore Privacy Team',
  ].join('\n');
}

/**
 * Stores the request with its reference and statutory due date, and queues the acknowledgement
 * to the requester and the notice to the privacy team in the same transaction: a stored request
 * always gets its mails, and a failed insert sends none.
 */
export async function createDsarRequest(db: Db, input: DsarInput, meta: DsarRequestMeta): Promise<DsarReceipt> {
  return db.transaction(async (tx) => {
    const receivedAt = new Date();
    const dueAt = dsarDueDate(receivedAt);
    // Both drivers answer `{ rows }`; drizzle's shared type does not know which driver it has.
    const next = (await tx.execute(sql`select nextval(${sql.raw(`'${dsarReferenceSequence.seqName}'`)}) as value`)) as {
      rows: { value: string | number }[];
    };
    const sequence = Number(next.rows[0]?.value);
    if (!Number.isSafeInteger(sequence)) throw new Error('createDsarRequest: the reference sequence returned nothing');
    const reference = formatDsarReference(receivedAt.getUTCFullYear(), sequence);
    const [stored] = await tx
      .insert(dsarRequests)
      .values({
        reference,
        requestType: input.requestType,
        fullName: input.fullName,
        email: input.email,
        relationship: input.relationship,
        subjectName: input.subjectName ?? null,
        country: input.country,
        accountEmail: input.accountEmail ?? null,
        details: input.details ?? null,
        dueAt,
        ipAddress: meta.ipAddress,
        userAgent: meta.userAgent,
        createdAt: receivedAt,
        updatedAt: receivedAt,
      })
      .returning({ id: dsarRequests.id });
    if (stored) {
      await emitPrivacyRequestReceived(tx, meta.jobs, {
        id: stored.id,
        reference,
        requestType: input.requestType,
        emails: [input.email, input.accountEmail],
      });
    }
    await enqueueEmail(tx, meta.jobs, {
      kind: 'dsar.acknowledgement',
      to: input.email,
      subject: `We received your privacy request (${reference})`,
      text: acknowledgement(input, reference, dueAt),
    });
    await enqueueEmail(tx, meta.jobs, {
      kind: 'dsar.staff-notice',
      to: meta.privacyInbox,
      subject: `New ${input.requestType} request ${reference}, due ${dateFormat.format(dueAt)}`,
      text: [
        `Reference: ${reference}`,
        `Type: ${input.requestType}`,
        `Requester: ${input.fullName} <${input.email}> (${input.relationship === 'self' ? 'data subject' : `agent for ${input.subjectName ?? 'unknown'}`})`,
        `Country or state: ${input.country}`,
        `Account e-mail: ${input.accountEmail ?? 'not given'}`,
        `Due: ${dueAt.toISOString()}`,
        '',
        input.details ?? '(no details given)',
      ].join('\n'),
    });
    return {
      reference,
      requestType: input.requestType,
      receivedAt: receivedAt.toISOString(),
      dueAt: dueAt.toISOString(),
    };
  });
}

/** Soonest deadline first: the order the privacy team works in. */
export async function listDsarRequests(db: Db, limit = 200): Promise<DsarRequestListItem[]> {
  const rows = await db.select().from(dsarRequests).orderBy(asc(dsarRequests.dueAt)).limit(limit);
  return rows.map(toDsarListItem);
}

/** What a privacy request's row in a list shows; its detail adds the rest. */
export function toDsarListItem(row: typeof dsarRequests.$inferSelect): DsarRequestListItem {
  return {
    id: row.id,
    reference: row.reference,
    requestType: row.requestType,
    status: row.status,
    fullName: row.fullName,
    email: row.email,
    receivedAt: row.createdAt.toISOString(),
    dueAt: row.dueAt.toISOString(),
    completedAt: row.completedAt ? row.completedAt.toISOString() : null,
  };
}
