import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { outboundEmails } from '../../db/schema/mail.ts';

/** The outbox's writes that are no e-mail to send: `outbound_emails` is mail's table (issue 40). */

/**
 * The embedded SMS gateway's outbox (auth's MFA by phone): the message is a row of the mail outbox
 * with kind `sms` and the phone number as recipient, already marked sent so the mail worker never
 * hands it to SMTP. /dev/mailbox lists it with the e-mails. `outbound_emails` is mail's table.
 */
export async function recordOutboxSms(db: Pick<Db, 'insert'>, message: { to: string; text: string }, now = new Date()): Promise<void> {
  await db.insert(outboundEmails).values({
    kind: 'sms',
    toAddress: message.to,
    subject: 'SMS',
    textBody: message.text,
    status: 'sent',
    sentAt: now,
  });
}

/** Mail to these addresses is dropped from the outbox, sent or not: the sample data's undeliverable accounts. */
export async function discardMailTo(db: Pick<Db, 'delete'>, addresses: readonly string[]): Promise<void> {
  if (addresses.length === 0) return;
  await db.delete(outboundEmails).where(inArray(outboundEmails.toAddress, [...addresses]));
}
