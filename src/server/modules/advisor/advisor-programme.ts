import type { ControlStatus } from '../../../shared/schemas/programme-statuses.ts';

/**
 * What the advisor may say about the asking client's own programme: their readiness, controls and
 * evidence only, loaded through the tenant guard by the caller (advisor.routes.ts), never another
 * organization's. Asked "where do we stand?", the advisor answers from these facts.
 */
export interface ProgrammeFacts {
  organizationName: string;
  frameworks: {
    name: string;
    score: number;
    met: number;
    partial: number;
    notMet: number;
    targetDate: string | null;
    /** Requirements not met, with the reason readiness gives. */
    gaps: { citation: string; title: string; reason: string }[];
  }[];
  controls: Partial<Record<ControlStatus, number>>;
  expiring: { title: string; expiresAt: string }[];
  stale: { title: string }[];
}

/** Loads the asking user's programme facts, or null when they have no organization to speak of. */
export type ProgrammeFactsLoader = () => Promise<ProgrammeFacts | null>;

const OWN = /\b(our|we|we're|my|us|i)\b/i;
/** Words that ask where things stand, not what a framework requires. */
const STANCE = /\b(ready|readiness|stand|standing|progress|status|score|gaps?|missing|stale|expir\w*|behind|on track|how far)\b/i;
const OWN_THINGS = /\b(our|my)\s+(own\s+)?(controls?|evidence|programme|program|readiness|gaps?)\b/i;

/**
 * "Where do we stand on SOC 2?", "Is any of our evidence stale?", "How far are we from the audit?" —
 * not "what is SOC 2?" nor "what evidence do we need for CC6.1?" (the catalogue answers those).
 */
export function asksAboutOwnProgramme(question: string): boolean {
  return OWN_THINGS.test(question) || (OWN.test(question) && STANCE.test(question));
}
