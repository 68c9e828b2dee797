import type { Grounding } from './agent-grounding.ts';
import {
  type ComposedDraft,
  clamp,
  countFor,
  detailLevel,
  organizationName,
  passageLine,
  passagesFor,
  requirementsFor,
  sensitiveData,
  table,
} from './draft-document.ts';

/** The vendor's name from the request's title ("Security review of Acme Cloud" → "Acme Cloud"). */
export function vendorName(title: string): string {
  const match = /\b(?:of|for|on)\s+([A-Z0-9][\w&.'-]*(?:\s+[A-Z0-9][\w&.'-]*){0,3})/.exec(title);
  const name = match?.[1]?.replace(/\s+(SOC|ISO|GDPR|HIPAA|PCI)\b.*$/, '').trim();
  return name && !/^(SOC|ISO|GDPR|HIPAA|PCI|NIST|CCPA)\b/.test(name) ? name : 'the vendor';
}

interface Signal {
  area: string;
  looked: string;
  positive: RegExp;
  negative?: RegExp;
  cues: string;
}

const AREAS: readonly Signal[] = [
  {
    area: 'Independent assurance',
    looked: 'A current SOC 2 Type II report or ISO 27001 certificate covering the service used',
    positive: /\b(soc\s*2|iso\s*27001|type\s*(ii|2)|certified|attestation)\b/i,
    negative: /\b(no|without|lacks?|missing)\s+(soc|iso|report|certificat)/i,
    cues: 'vendor assurance reports third',
  },
  {
    area: 'Data handled',
    looked: 'Which data the vendor stores or processes, where, and for how long',
    positive: /\b(data (is|are) (stored|hosted|processed) in|region|residency|retention)\b/i,
    cues: 'processing personal data processor',
  },
  {
    area: 'Access control',
    looked: 'SSO/MFA for our users and the vendor staff, least-privilege support access',
    positive: /\b(sso|saml|mfa|multi-factor|two-factor)\b/i,
    negative: /\b(shared (account|password)|no mfa|production access)\b/i,
    cues: 'access authentication logical',
  },
  {
    area: 'Encryption',
    looked: 'Encryption in transit (TLS 1.2+) and at rest, key management',
    positive: /\b(encrypt\w*|tls|aes)\b/i,
    cues: 'encryption security processing measures',
  },
  {
    area: 'Subprocessors',
    looked: 'A published subprocessor list and notice of changes',
    positive: /\bsubprocessor list\b/i,
    negative: /\b(sub-?processors?|fourth part(y|ies)|outsourc\w*)\b/i,
    cues: 'vendor partner processor',
  },
  {
    area: 'Incident notification',
    looked: 'A contractual duty to notify us of incidents within a fixed time',
    positive: /\b(notify|notification|breach clause|within \d+ hours)\b/i,
    cues: 'incident breach notification',
  },
  {
    area: 'Business continuity',
    looked: 'Uptime commitment, backups and a tested recovery plan',
    positive: /\b(sla|uptime|backups?|disaster recovery|rto|rpo)\b/i,
    cues: 'availability backup recovery continuity',
  },
];

/** A vendor security review: what was looked for, what the brief shows, the rating, conditions and follow-up questions. */
export const composeVendorReview = (grounding: Grounding): ComposedDraft => {
  const organization = organizationName(grounding);
  const vendor = vendorName(grounding.request.title);
  const text = `${grounding.request.title} ${grounding.request.brief} ${grounding.notes ?? ''}`;
  const data = sensitiveData(grounding);
  const level = detailLevel(grounding.notes);
  const assessed = AREAS.map((signal) => {
    const negative = signal.negative?.test(text) ?? false;
    const positive = signal.positive.test(text) && !negative;
    const rating = negative ? 'Concern' : positive ? 'Reported — verify' : 'Not evidenced';
    return { signal, rating, requirement: requirementsFor(grounding, signal.cues, 1)[0] };
  });
  const concerns = assessed.filter((row) => row.rating === 'Concern');
  const missing = assessed.filter((row) => row.rating === 'Not evidenced');
  const reported = assessed.filter((row) => row.rating === 'Reported — verify');
  const hasAssurance = reported.some((row) => row.signal.area === 'Independent assurance');
  const score = clamp(38 + data.length * 10 + concerns.length * 9 + missing.length * 3 - (hasAssurance ? 15 : 0), 5, 95);
  const band = score < 50 ? 'Low' : score < 80 ? 'Medium' : 'High';

  const review = table(
    ['Area', 'What we looked for', 'Finding', 'Reference'],
    assessed.map((row) => [row.signal.area, row.signal.looked, row.rating, row.requirement?.citation ?? '—']),
  );
  const questions = [...concerns, ...missing]
    .slice(0, countFor(level, 6))
    .map(
      (row, index) =>
        `${index + 1}. ${row.signal.area}: please provide evidence of ${row.signal.looked.charAt(0).toLowerCase()}${row.signal.looked.slice(1)}.`,
    );
  const guidance = passagesFor(grounding, 'vendor third party due diligence assurance report review', countFor(level, 3));

  return {
    title: `Vendor security review — ${vendor}`,
    summary: `${vendor} reviewed for ${organization}: ${reported.length} areas reported in the brief (to verify), ${missing.length} not evidenced and ${concerns.length} of concern. Residual risk ${band} (${score}/100)${data.length > 0 ? ` given ${data.join(', ')}` : ''}.`,
    keyFindings: [
      hasAssurance
        ? 'The brief mentions independent assurance: obtain the report and check its period, scope and exceptions.'
        : 'No independent assurance report (SOC 2 / ISO 27001) is mentioned: the review rests on the vendor’s own answers.',
      ...concerns.map((row) => `${row.signal.area}: the brief raises a concern.`),
      missing.length > 0
        ? `Not evidenced yet: ${missing.map((row) => row.signal.area.toLowerCase()).join(', ')}.`
        : 'Every area has at least a reported answer.',
    ],
    riskScore: score,
    recommendations: [
      band === 'High'
        ? `Do not share ${data.length > 0 ? data.join(', ') : 'sensitive data'} with ${vendor} until the conditions below are met.`
        : `Approve ${vendor} subject to the conditions below.`,
      'Send the follow-up questions and record the answers in the vendor inventory.',
      'Put security, incident-notification and audit terms in the contract or DPA.',
      'Re-review annually or when the service or the data shared changes.',
    ],
    sections: [
      {
        heading: 'Vendor and scope',
        body: `**Vendor:** ${vendor}  \n**Requested by:** ${organization}  \n**Data involved:** ${data.length > 0 ? data.join(', ') : 'not stated in the request'}${grounding.request.brief ? `\n\n> ${grounding.request.brief.slice(0, 500)}` : ''}`,
      },
      { heading: 'Assessment', body: review },
      {
        heading: 'Residual risk',
        body: `**${band} risk (${score}/100).** Bands: under 50 Low, under 80 Medium, otherwise High. ${concerns.length > 0 ? `Concerns: ${concerns.map((row) => row.signal.area).join(', ')}. ` : ''}${hasAssurance ? 'Lowered for independent assurance, once verified.' : 'Not lowered: no independent assurance.'}`,
      },
      {
        heading: 'Follow-up questions for the vendor',
        body: questions.length > 0 ? questions.join('\n') : 'None: ask for the evidence behind each reported area.',
      },
      ...(guidance.length > 0
        ? [{ heading: 'Guidance applied', body: guidance.map((passage) => `- ${passageLine(passage)}`).join('\n') }]
        : []),
    ],
  };
};
