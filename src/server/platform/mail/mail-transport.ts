import type { Transporter } from 'nodemailer';

export interface MailMessage {
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string | null;
}

/** Delivers one message or throws; the worker owns retries. */
export interface MailTransport {
  kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  close?(): void;
}

/** nodemailer (~0.6 MB of JavaScript) loads with the first message, not with the server (decision 012). */
export function smtpTransport(url: string): MailTransport {
  let transporter: Promise<Transporter> | undefined;
  const connect = () => (transporter ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(url)));
  return {
    kind: 'smtp',
    async send(message) {
      await (await connect()).sendMail({ ...message, html: message.html ?? undefined });
    },
    close: () => void transporter?.then((opened) => opened.close()),
  };
}

/**
 * The embedded default: nothing leaves the machine. The row stays in `outbound_emails`
 * (readable at /dev/mailbox outside production) and a line is logged, so a newcomer can
 * follow a magic link offline.
 */
export function outboxTransport(log: (line: string) => void): MailTransport {
  return {
    kind: 'outbox',
    async send(message) {
      log(`mail to ${message.to}: ${message.subject} (embedded outbox; see /dev/mailbox)`);
    },
  };
}
