import { sentences } from '../../../shared/rules/sentences.ts';

/**
 * The advisor's guardrails, applied the same way whichever provider answers:
 *  - it gives guidance only and never claims to certify (claims are removed, a disclaimer is added);
 *  - it refuses to reveal its instructions or anything about other tenants (checked before any
 *    provider runs, so no model can be talked out of it);
 *  - retrieved text is data: lines in it that address an AI are dropped before anyone reads them.
 */

export const ADVISOR_DISCLAIMER =
  "_This is guidance, not legal advice. ComplianceCore's advisor does not certify compliance: certification and attestation come from an independent, accredited auditor._";

export const REFUSALS = {
  instructions:
    "I can't share my instructions or how I'm configured. I'm here to help with compliance frameworks, risk assessment, documentation and process improvement — what would you like to work on?",
  otherTenants:
    "I can't access or share information about other customers, organisations or users. I only draw on ComplianceCore's published guidance and your own conversation. Ask me about your own compliance programme instead.",
  offTopic:
    'I can only help with compliance: frameworks (SOC 2, ISO 27001, ISO 42001, GDPR, HIPAA, PCI DSS, NIST CSF, CCPA/CPRA), risk assessment, documentation and process improvement. Try asking about one of those.',
} as const;

export type RefusalKind = keyof typeof REFUSALS;

const INSTRUCTION_PROBES: readonly RegExp[] = [
  /\b(system|hidden|initial|original|developer)\s+(prompt|message|instructions?)\b/i,
  /\b(your|the)\s+(instructions|prompt|configuration|rules|guidelines)\b.{0,40}\b(show|reveal|print|repeat|tell|share|list|dump|output|display)\b/i,
  /\b(show|reveal|print|repeat|tell|share|list|dump|output|display)\b.{0,40}\b(your|the)\s+(instructions|prompt|configuration|rules|guidelines)\b/i,
  /\b(ignore|disregard|forget|override|bypass)\b.{0,30}\b(previous|prior|above|earlier|all|your|the)\b.{0,30}\b(instructions?|prompts?|rules|guidelines|guardrails)\b/i,
  /\b(jailbreak|developer mode|dan mode|do anything now)\b/i,
  /\brepeat (the|everything) (text |words )?above\b/i,
  /\bwhat (were|are) you (told|instructed|programmed)\b/i,
];

const CROSS_TENANT: readonly RegExp[] = [
  /\b(other|another|different|all|every|competitor'?s?|someone else'?s?)\s+(customers?|clients?|tenants?|compan(?:y|ies)|organi[sz]ations?|users?|accounts?|subscribers?)('s|s'|s)?\b.{0,60}\b(data|records?|plans?|tasks?|evidence|information|details|emails?|messages?|reports?|documents?|conversations?|chats?|subscriptions?|findings|audits?)\b/i,
  /\b(data|records?|plans?|tasks?|evidence|information|details|emails?|messages?|reports?|documents?|conversations?|chats?|subscriptions?)\b.{0,40}\b(of|from|for|belonging to)\s+(other|another|different|all|every)\s+(customers?|clients?|tenants?|compan(?:y|ies)|organi[sz]ations?|users?|accounts?)\b/i,
  /\b(list|show|give me|export|dump)\b.{0,20}\b(all|every)\s+(users?|customers?|clients?|tenants?|accounts?|subscribers?)\b/i,
  /\b(which|what) (other )?(customers?|clients?|companies|organi[sz]ations?) (use|are using|have|subscribe)\b/i,
];

/** A refusal the message needs before any provider sees it, or null. */
export function refusalFor(message: string): RefusalKind | null {
  if (INSTRUCTION_PROBES.some((pattern) => pattern.test(message))) return 'instructions';
  if (CROSS_TENANT.some((pattern) => pattern.test(message))) return 'otherTenants';
  return null;
}

const INJECTION_LINES: readonly RegExp[] = [
  /\b(ignore|disregard|forget|override|bypass)\b.{0,40}\b(previous|prior|above|earlier|all|any|your|the|other)\b.{0,40}\b(instructions?|prompts?|rules|directions|guidelines|context)\b/i,
  /\b(system prompt|developer message|new instructions|hidden instructions)\b/i,
  /\byou are (now|no longer)\b/i,
  /\b(act|behave|pretend|roleplay) as\b/i,
  /\b(respond|reply|answer|say|output|print|write)\s+(only|exactly|nothing but|just)\b/i,
  /\b(assistants?|chatbots?|ai|models?|llms?|language models?|advisors?)\b.{0,20}\b(must|should|shall|will|are to|is to)\b.{0,20}\b(now|always|instead|only|never|reveal|ignore|say|respond|reply|output)\b/i,
  /^\s*(system|assistant|user|developer)\s*:/i,
  /<\/?\s*(system|instructions?|prompt)\s*>/i,
];

/** Whether a sentence of retrieved text tries to instruct whoever reads it. */
export function isInjection(sentence: string): boolean {
  return INJECTION_LINES.some((pattern) => pattern.test(sentence));
}

/** Retrieved text with every instruction-like sentence removed. */
export function neutralizeRetrievedText(text: string): string {
  return sentences(text)
    .filter((sentence) => !isInjection(sentence))
    .join(' ')
    .trim();
}

const CERTIFICATION_CLAIMS: readonly RegExp[] = [
  /\b(I|we|ComplianceCore|this advisor|the advisor)\s+(hereby\s+|can\s+|will\s+)?(certif(?:y|ies)|attest|guarantee)\b/i,
  /\byou are (now |hereby )?(fully |officially )?(certified|compliant|accredited)\b/i,
  /\b(guarantees?|guaranteed|ensures?)\s+(full |complete |your )?(compliance|certification)\b/i,
  /\b(is|are) (now |hereby )?certified (as )?compliant\b/i,
];

/** One line of an answer without the sentences that claim to certify or guarantee compliance. */
function stripClaimsFromLine(line: string): string {
  return sentences(line)
    .filter((sentence) => !CERTIFICATION_CLAIMS.some((pattern) => pattern.test(sentence)))
    .join(' ');
}

/** Removes sentences in which the answer claims to certify or guarantee compliance. */
export function stripCertificationClaims(answer: string): string {
  return answer
    .split('\n')
    .map(stripClaimsFromLine)
    .join('\n')
    .replaceAll(/\n{3,}/g, '\n\n')
    .trim();
}

/** Where a streamed answer may be cut: after a line, or between two sentences (as `sentences` splits). */
const SAFE_CUT = /\n|(?<=[.!?])\s+(?=[A-Z"'(\d])/g;

/** A run of whole sentences and lines through the claim filter, its trailing whitespace kept. */
function filterSegment(segment: string): string {
  const body = segment.trimEnd();
  return body.split('\n').map(stripClaimsFromLine).join('\n') + segment.slice(body.length);
}

/**
 * The streamed form of `finalizeAnswer`: text is held back until its sentence is complete, each
 * sentence passes the same claim filter before it is sent, and `end` sends the disclaimer. So a
 * streaming client never sees a sentence the final answer drops, and always sees the disclaimer.
 */
export function guardedDeltaStream(emit: (text: string) => void): { push(text: string): void; end(): void } {
  let pending = '';
  return {
    push(text) {
      pending += text;
      let cut = 0;
      for (const match of pending.matchAll(SAFE_CUT)) cut = match.index + match[0].length;
      if (cut === 0) return;
      const ready = filterSegment(pending.slice(0, cut));
      pending = pending.slice(cut);
      if (ready) emit(ready);
    },
    end() {
      const rest = stripClaimsFromLine(pending.replaceAll(ADVISOR_DISCLAIMER, '')).trim();
      pending = '';
      emit(`${rest}\n\n${ADVISOR_DISCLAIMER}`);
    },
  };
}

/** Every answer ends with the disclaimer, exactly once. */
export function withDisclaimer(answer: string): string {
  const body = answer.replaceAll(ADVISOR_DISCLAIMER, '').trim();
  return body ? `${body}\n\n${ADVISOR_DISCLAIMER}` : ADVISOR_DISCLAIMER;
}

/** The last word on any answer, whoever wrote it. */
export function finalizeAnswer(answer: string): string {
  return withDisclaimer(stripCertificationClaims(answer));
}
