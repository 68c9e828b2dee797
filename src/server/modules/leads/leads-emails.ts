import { BUSINESS_HOURS, INTEREST_LABELS, RESPONSE_PROMISE_HOURS } from '../../../shared/constants.ts';
import type { ConsultationRequest } from '../../../shared/schemas/leads.ts';
import type { LeadQualification } from '../../../shared/rules/lead-qualification.ts';
import type { EmailInput } from '../../platform/mail/mail.service.ts';

/**
 * The two e-mails each lead sends: a notification to the sales inbox with the lead's
 * qualification, and an acknowledgement to the sender with the 24-hour promise (at most
 * LEAD_ACKNOWLEDGEMENTS_PER_HOUR to one address). Plain text
 * only, so nothing a visitor typed is ever rendered as HTML.
 */

export type LeadKind = 'consultation' | 'contact';

type Lead = Omit<ConsultationRequest, 'honeypot'>;

/** Header values must be one line: a visitor's newline must not start a new header. */
function oneLine(value: string): string {
  return value.replace(/\s+/g, ' ').trim();
}

const KIND_WORDS: Record<LeadKind, { noun: string; subject: string }> = {
  consultation: { noun: 'consultation request', subject: 'New consultation request' },
  contact: { noun: 'message', subject: 'New contact form message' },
};

function businessHoursText(): string {
  return BUSINESS_HOURS.map((slot) => `  ${slot.days} ${slot.hours}${slot.note ? ` (${slot.note})` : ''}`).join('\n');
}

export function salesNotification(kind: LeadKind, lead: Lead, qualification: LeadQualification, salesInbox: string): EmailInput {
  const urgent = qualification.urgency === 'high' ? '[URGENT] ' : '';
  const interest = lead.interest ? INTEREST_LABELS[lead.interest] : 'Not specified';
  return {
    kind: `leads.${kind}.notification`,
    to: salesInbox,
    subject: oneLine(`${urgent}${KIND_WORDS[kind].subject}: ${lead.company} (${lead.firstName} ${lead.lastName})`),
    text: [
      `A new ${KIND_WORDS[kind].noun} arrived from the website.`,
      '',
      `Name:           ${lead.firstName} ${lead.lastName}`,
      `E-mail:         ${lead.email}`,
      `Company:        ${lead.company}`,
      `Interest:       ${interest}`,
      `Interest level: ${qualification.interestLevel}`,
      `Urgency:        ${qualification.urgency}`,
      '',
      'Message:',
      lead.message || '(none)',
      '',
      `We promised an answer within ${RESPONSE_PROMISE_HOURS} hours.`,
    ].join('\n'),
  };
}

/**
 * Anyone can type anyone's address into a public form, so the acknowledgement carries nothing the
 * visitor wrote (no name, no message): at worst a stranger receives our own fixed words, and the
 * form cannot be used to mail chosen text to chosen people.
 */
export function senderAcknowledgement(kind: LeadKind, to: string): EmailInput {
  const subject = kind === 'consultation' ? 'We received your consultation request' : 'We received your message';
  return {
    kind: `leads.${kind}.acknowledgement`,
    to,
    subject,
    text: [
      'Hello,',
      '',
      kind === 'consultation'
        ? 'Thank you for your interest in ComplianceCore. We received your consultation request.'
        : 'Thank you for contacting ComplianceCore. We received your message.',
      `Our team will get back to you within ${RESPONSE_PROMISE_HOURS} hours.`,
      '',
      'Business hours:',
      businessHoursText(),
      '',
      'If you did not send this request, you can ignore this e-mail.',
      '',
      'ComplianceCore',
    ].join('\n'),
  };
}
