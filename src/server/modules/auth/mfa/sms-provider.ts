import type { Db } from '../../../db/client.ts';
import { recordOutboxSms } from '../../../platform/mail/mail-outbox.ts';

/** Sends MFA codes by SMS. Swap the implementation to plug in a real gateway. */
export interface SmsProvider {
  readonly kind: string;
  send(message: { to: string; text: string }): Promise<void>;
}

/**
 * The embedded default: the message becomes a row of the mail outbox with kind `sms` and the
 * phone number as recipient, already marked sent so the mail worker never hands it to SMTP.
 * /dev/mailbox lists it with the e-mails, so phone MFA works offline in development.
 */
export function outboxSmsProvider(db: Db, log: (line: string) => void): SmsProvider {
  return {
    kind: 'outbox',
    async send({ to, text }) {
      await recordOutboxSms(db, { to, text });
      log(`[sms outbox] to ${to}: ${text}`);
    },
  };
}
