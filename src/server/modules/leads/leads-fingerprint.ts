import { createHash } from 'node:crypto';
import type { ConsultationRequest } from '../../../shared/schemas/leads.ts';
import type { LeadKind } from './leads-emails.ts';

/** Case, surrounding spaces and runs of whitespace do not make a request a different one. */
function normalize(value: string | null): string {
  return (value ?? '').normalize('NFC').trim().replaceAll(/\s+/g, ' ').toLowerCase();
}

/**
 * What makes two submissions "the same request from the same person": the form, the address and
 * every field the visitor typed or chose, normalized. A changed field is a new request.
 */
export function leadFingerprint(kind: LeadKind, lead: Omit<ConsultationRequest, 'honeypot'>): string {
  const parts = [kind, lead.email, lead.firstName, lead.lastName, lead.company, lead.interest, lead.message].map(normalize);
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}
