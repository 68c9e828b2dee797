import type { BriefThing } from '../../../../shared/schemas/brief-facts.ts';
import { type Grounding, controlRequirements } from './agent-grounding.ts';
import { describeThings, quoted, scopeStatements } from './compose-facts.ts';
import {
  type ComposedDraft,
  clamp,
  countFor,
  detailLevel,
  organizationName,
  passageLine,
  passagesFor,
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
  /** The brief's stated gaps and strengths on these topics decide the finding first. */
  topics: readonly string[];
  /** Catalogue controls whose typed mappings give the area's requirement. */
  controls: readonly string[];
}

const AREAS: readonly Signal[] = [
  {
    area: 'Independent assurance',
    looked: 'A current SOC 2 Type II report or ISO 27001 certificate covering the service used',
    positive: /\b(soc\s*2|iso\s*27001|type\s*(ii|2)|certified|attestation)\b/i,
    negative: /\b(no|without|lacks?|missing)\s+(soc|iso|report|certificat)/i,
    topics: [],
    controls: ['VEN-03', 'VEN-01'],
  },
  {
    area: 'Data handled',
    looked: 'Which data the vendor stores or processes, where, and for how long',
    positive: /\b(data (is|are) (stored|hosted|processed) in|region|residency|retention)\b/i,
    topics: ['data retention', 'international transfers', 'records of processing'],
    controls: ['PRV-10', 'VEN-02'],
  },
  {
    area: 'Access control',
    looked: 'SSO/MFA for our users and the vendor staff, least-privilege support access',
    positive: /\b(sso|saml|mfa|multi-factor|two-factor)\b/i,
    negative: /\b(shared (account|password)|no mfa|production access)\b/i,
    topics: ['multi-factor authentication', 'single sign-on', 'privileged access', 'access reviews', 'offboarding and access removal'],
    controls: ['IAM-05', 'IAM-04'],
  },
  {
    area: 'Encryption',
    looked: 'Encryption in transit (TLS 1.2+) and at rest, key management',
    positive: /\b(encrypt\w*|tls|aes)\b/i,
    topics: ['encryption', 'encryption at rest', 'encryption in transit', 'key management'],
    controls: ['CRY-02', 'CRY-03'],
  },
  {
    area: 'Subprocessors',
    looked: 'A published subprocessor list and notice of changes',
    positive: /\bsubprocessor list\b/i,
    negative: /\b(sub-?processors?|fourth part(y|ies)|outsourc\w*)\b/i,
    topics: ['vendor management', 'data processing agreements'],
    controls: ['VEN-06', 'PRV-10'],
  },
  {
    area: 'Incident notification',
    looked: 'A contractual duty to notify us of incidents within a fixed time',
    positive: /\b(notify|notification|breach clause|within \d+ hours)\b/i,
    topics: ['breach notification', 'incident response'],
    controls: ['INC-07', 'INC-01'],
  },
  {
    area: 'Business continuity',
    looked: 'Uptime commitment, backups and a tested recovery plan',
    positive: /\b(sla|uptime|backups?|disaster recovery|rto|rpo)\b/i,
    topics: ['backups and restore testing', 'business continuity and disaster recovery'],
    controls: ['BCM-02', 'OPS-04'],
  },
];

/** What to obtain for a point the request states about the vendor, by what the point is about. */
const EVIDENCE_FOR: readonly [RegExp, string][] = [
  [
    /\b(attestation|aoc|soc\s*[12]|report|certif\w*|audit\w*|iso\s*\d+)\b/i,
    'a copy of the current report or certificate, its period and scope',
  ],
  [
    /\b(clauses?|sccs?|dpa|baa|agreement|contract\w*|terms|addendum|service provider|processor|business associate)\b/i,
    'the signed contract or addendum clause that says so',
  ],
  [
    /\b(host\w*|stored?|region|located|process\w* in|data cent(er|re)s?|residency|transfer\w*)\b/i,
    'the data-location commitment in the contract',
  ],
  [/\b(encrypt\w*|tls|aes|mfa|sso|key)\b/i, 'the vendor’s security documentation or a demonstration'],
  [/\b(retain\w*|retention|delet\w*|train\w*)\b/i, 'the retention and use terms in writing'],
];

/**
 * The brief's sentences that state something about the vendor (its name, "they/their", or what its
 * contract, hosting or assurance says): each is a finding to verify, not only a quotation.
 */
function statedPoints(grounding: Grounding, vendor: string): { text: string; obtain: string }[] {
  const first = vendor.split(/\s+/)[0]?.toLowerCase() ?? '';
  const sentences = grounding.briefLines
    .map((line) => line.replace(/^\s*(?:[-*•]|\d+[.)])\s*/, '').trim())
    .flatMap((line) => line.split(/(?<=[.!?])\s+(?=[A-Z(])/))
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence.length > 12);
  const points: { text: string; obtain: string }[] = [];
  for (const sentence of sentences) {
    const lower = sentence.toLowerCase();
    const aboutVendor = (first.length > 1 && lower.includes(first)) || /\b(they|their|them|its)\b/.test(lower);
    const evidence = EVIDENCE_FOR.find(([pattern]) => pattern.test(sentence));
    if (!evidence || (!aboutVendor && !/\b(clauses?|attestation|agreement|dpa|baa|service provider)\b/i.test(sentence))) continue;
    const text = sentence.replaceAll(/[“”"]/g, "'");
    points.push({ text: text.length > 220 ? `${text.slice(0, 219).trimEnd()}…` : text, obtain: evidence[1] });
  }
  return points.slice(0, 8);
}

/** Each area rated by what the brief states of it (a gap is a concern, a strength is reported), else by its words. */
function assessedAreas(grounding: Grounding, text: string) {
  return AREAS.map((signal) => {
    // What the brief states about the topic decides; the words of the brief only when it states nothing.
    const gap = grounding.facts.gaps.find((statement) => signal.topics.includes(statement.topic));
    const strength = grounding.facts.strengths.find((statement) => signal.topics.includes(statement.topic));
    const negative = gap !== undefined || (!strength && (signal.negative?.test(text) ?? false));
    const positive = !negative && (strength !== undefined || signal.positive.test(text));
    const rating = negative ? 'Concern' : positive ? 'Reported — verify' : 'Not evidenced';
    const said = gap ?? (positive ? strength : undefined);
    return { signal, rating, said, requirement: controlRequirements(grounding, signal.controls, 1)[0] };
  });
}

/** The review's first section: the vendor, who asked, the data involved, where, the other systems named, and the brief. */
function vendorAndScope(
  grounding: Grounding,
  organization: string,
  vendor: string,
  data: readonly string[],
  others: readonly BriefThing[],
): string {
  return [
    `**Vendor:** ${vendor}  \n**Requested by:** ${organization}  \n**Data involved:** ${data.length > 0 ? data.join(', ') : 'not stated in the request'}${
      grounding.facts.locations.length > 0 ? `  \n**Where:** ${grounding.facts.locations.map((location) => location.name).join(', ')}` : ''
    }${others.length > 0 ? `  \n**Other systems named:** ${describeThings(others)}` : ''}`,
    ...scopeStatements(grounding),
    grounding.request.brief ? `> ${grounding.request.brief.slice(0, 500)}` : '',
  ]
    .filter(Boolean)
    .join('\n\n');
}

/** A vendor security review: what was looked for, what the brief shows, the rating, conditions and follow-up questions. */
export const composeVendorReview = (grounding: Grounding): ComposedDraft => {
  const organization = organizationName(grounding);
  const named = vendorName(grounding.request.title);
  // The reader's vendor, else the title's, else the first product the request names.
  const vendor =
    grounding.facts.vendor ??
    (named !== 'the vendor' ? named : (grounding.facts.things.find((thing) => thing.kind !== 'identity_provider')?.name ?? named));
  const text = `${grounding.request.title} ${grounding.request.brief} ${grounding.notes ?? ''}`;
  const data = [...new Set([...sensitiveData(grounding), ...grounding.facts.dataTypes])];
  const level = detailLevel(grounding.notes);
  const assessed = assessedAreas(grounding, text);
  const others = grounding.facts.things.filter((thing) => thing.name !== vendor);
  const concerns = assessed.filter((row) => row.rating === 'Concern');
  const missing = assessed.filter((row) => row.rating === 'Not evidenced');
  const reported = assessed.filter((row) => row.rating === 'Reported — verify');
  const hasAssurance = reported.some((row) => row.signal.area === 'Independent assurance');
  const score = clamp(38 + data.length * 10 + concerns.length * 9 + missing.length * 3 - (hasAssurance ? 15 : 0), 5, 95);
  const band = score < 50 ? 'Low' : score < 80 ? 'Medium' : 'High';

  // The vendor is named wherever the request names it.
  const looked = (signal: Signal) => signal.looked.replaceAll('the vendor', vendor);
  const review = table(
    ['Area', 'What we looked for', 'Finding', 'Reference'],
    assessed.map((row) => [
      row.signal.area,
      looked(row.signal),
      row.said ? `${row.rating}: ${quoted(row.said, 120)}` : row.rating,
      row.requirement?.citation ?? '—',
    ]),
  );
  const questions = [...concerns, ...missing]
    .slice(0, countFor(level, 6))
    .map(
      (row, index) =>
        `${index + 1}. ${row.signal.area}: please provide evidence of ${looked(row.signal).charAt(0).toLowerCase()}${looked(row.signal).slice(1)}.`,
    );
  const points = statedPoints(grounding, vendor);
  const guidance = passagesFor(grounding, 'vendor third party due diligence assurance report review', countFor(level, 3));

  return {
    title: `Vendor security review — ${vendor}`,
    summary: `${vendor} reviewed for ${organization}: ${reported.length} areas reported in the brief (to verify), ${missing.length} not evidenced and ${concerns.length} of concern. Residual risk ${band} (${score}/100)${data.length > 0 ? ` given ${data.join(', ')}` : ''}.`,
    keyFindings: [
      hasAssurance
        ? 'The brief mentions independent assurance: obtain the report and check its period, scope and exceptions.'
        : `No independent assurance report (SOC 2 / ISO 27001) is mentioned: the review rests on ${vendor}’s own answers.`,
      ...concerns.map(
        (row) => `${row.signal.area}: ${row.said ? `the brief states ${quoted(row.said, 120)}` : 'the brief raises a concern'}.`,
      ),
      ...(points.length > 0
        ? [
            `${points.length === 1 ? 'One point' : `${points.length} points`} the request states about ${vendor} ${points.length === 1 ? 'is' : 'are'} to verify (see "Stated in the request").`,
          ]
        : []),
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
        body: vendorAndScope(grounding, organization, vendor, data, others),
      },
      { heading: 'Assessment', body: review },
      ...(points.length > 0
        ? [
            {
              heading: 'Stated in the request',
              body: table(
                ['Point stated', 'Finding', 'To obtain'],
                points.map((point) => [point.text, `Reported — verify with ${vendor}`, point.obtain]),
              ),
            },
          ]
        : []),
      {
        heading: 'Residual risk',
        body: `**${band} risk (${score}/100).** Bands: under 50 Low, under 80 Medium, otherwise High. ${concerns.length > 0 ? `Concerns: ${concerns.map((row) => row.signal.area).join(', ')}. ` : ''}${hasAssurance ? 'Lowered for independent assurance, once verified.' : 'Not lowered: no independent assurance.'}`,
      },
      {
        heading: `Follow-up questions for ${vendor}`,
        body: questions.length > 0 ? questions.join('\n') : 'None: ask for the evidence behind each reported area.',
      },
      ...(guidance.length > 0
        ? [{ heading: 'Guidance applied', body: guidance.map((passage) => `- ${passageLine(passage)}`).join('\n') }]
        : []),
    ],
  };
};
