import type { Interest } from '../constants.ts';

/**
 * Lead qualification of product.md §9: how much a consultation or contact request is worth and how
 * soon sales should answer it. Both sides use it: the server stores it, the web pushes it to the
 * data layer.
 */

export const LEAD_INTEREST_LEVELS = ['high', 'medium', 'low'] as const;
export type LeadInterestLevel = (typeof LEAD_INTEREST_LEVELS)[number];

export const LEAD_URGENCIES = ['high', 'normal'] as const;
export type LeadUrgency = (typeof LEAD_URGENCIES)[number];

export interface LeadQualification {
  interestLevel: LeadInterestLevel;
  urgency: LeadUrgency;
}

/** Enterprise is high, scale or growth medium, anything else (essential, learn-more, none) low. */
export function leadInterestLevel(interest: Interest | null | undefined): LeadInterestLevel {
  if (interest === 'enterprise') return 'high';
  if (interest === 'scale' || interest === 'growth') return 'medium';
  return 'low';
}

/** High when the message mentions 'urgent' in any case ("URGENT", "Urgently" included). */
export function leadUrgency(message: string | null | undefined): LeadUrgency {
  return message?.toLowerCase().includes('urgent') ? 'high' : 'normal';
}

export function qualifyLead(input: { interest?: Interest | null; message?: string | null }): LeadQualification {
  return { interestLevel: leadInterestLevel(input.interest), urgency: leadUrgency(input.message) };
}
