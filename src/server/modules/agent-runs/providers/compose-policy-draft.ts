import type { BriefThing } from '../../../../shared/schemas/brief-facts.ts';
import type { Grounding } from './agent-grounding.ts';
import { askedRequirements, citationList, describeThings, quoted, scopeStatements, statedGaps, statedStrengths } from './compose-facts.ts';
import {
  type ComposedDraft,
  countFor,
  deliverableLine,
  detailLevel,
  exposureScore,
  frameworkList,
  organizationName,
  passageLine,
  quote,
  relatedDeliverables,
  securityOwner,
  sensitiveData,
  sentenceCase,
  table,
} from './draft-document.ts';

/** The policy's subject: the request's title without "write/draft a … policy" around it. */
export function policyTopic(title: string): string {
  const cleaned = title
    .replace(/^(please\s+)?(write|draft|create|prepare|update|produce|need)\s+(us\s+)?(an?\s+|the\s+|our\s+)?/i, '')
    .replace(/\bfor\s+(soc\s*2|iso[\s-]?\d+|gdpr|hipaa|pci[\s-]?dss|nist[\s-]?csf|ccpa)\b.*$/i, '')
    .replace(/\bpolicy\b.*$/i, '')
    .trim();
  return cleaned || 'Information security';
}

/** What the policy asks of one named system, by its kind. */
function appliedTo(thing: BriefThing, all: readonly BriefThing[]): string {
  const identity = all.find((other) => other.kind === 'identity_provider')?.name ?? 'the identity provider';
  switch (thing.kind) {
    case 'identity_provider':
      return `**${thing.name}** is the identity provider: every account is created, changed and removed there, multi-factor authentication is enforced there, and its sign-in logs are kept.`;
    case 'cloud':
      return `**${thing.name}** hosts production: access only through ${identity === thing.name ? 'named accounts' : identity} with least privilege, audit logging on, data encrypted at rest and in transit.`;
    case 'vendor':
      return `**${thing.name}** is a third party: assessed before it receives data, bound by security and data protection terms, and reviewed each year.`;
    default:
      return `**${thing.name}**: access is granted by role through ${identity === thing.name ? 'named accounts' : identity}, reviewed periodically and removed when no longer needed.`;
  }
}

/** Section 2: who and what the policy applies to, the named systems, and what the request says of its scope. */
function policyScope(grounding: Grounding, organization: string, data: readonly string[]): string {
  const where = grounding.organization.country ? ` in ${grounding.organization.country} and wherever it operates` : '';
  const things = grounding.facts.things;
  return [
    `This policy applies to all employees, contractors and temporary staff of ${organization}${where}, and to every system, service and third party that stores or processes ${organization}'s information${data.length > 0 ? ` — in particular ${data.join(', ')}` : ''}.`,
    things.length > 0
      ? `Systems named for this policy: ${describeThings(things)}. Each is covered by the statements below (section 4, "Applied to the named systems").`
      : '',
    ...scopeStatements(grounding),
    grounding.organization.size
      ? `It is sized for an organisation of ${grounding.organization.size} people: controls are proportionate, and duties below are combined where one person holds several roles.`
      : '',
  ]
    .filter(Boolean)
    .join('\n\n');
}

/** Section 4: the numbered statements, what they ask of each named system, stated gaps and strengths, and guidance. */
function policyStatements(
  grounding: Grounding,
  organization: string,
  statements: readonly Grounding['requirements'][number][],
  guidance: readonly Grounding['passages'][number][],
): string {
  const things = grounding.facts.things;
  const statementLines = statements.map(
    (requirement, index) =>
      `${index + 1}. **${requirement.title}.** ${requirement.summary} ${organization} documents how it meets this and keeps the records as evidence (${requirement.citation}).`,
  );
  const appliedLines = things.map((thing) => `- ${appliedTo(thing, things)}`);
  const gapItems = statedGaps(grounding);
  const strengthItems = statedStrengths(grounding);
  return [
    `${organization} requires the following. Each statement is mapped to the framework requirement it satisfies.`,
    '',
    ...statementLines,
    ...(appliedLines.length > 0 ? ['', '### Applied to the named systems', '', ...appliedLines] : []),
    ...(gapItems.length > 0
      ? [
          '',
          '### Gaps to close before this policy is met',
          '',
          ...gapItems.map(
            (item) =>
              `- ${sentenceCase(item.statement.topic)}: the request states ${quoted(item.statement, 140)}. Until it is closed, record it as an exception with an end date (${citationList(item.requirements)}).`,
          ),
        ]
      : []),
    ...(strengthItems.length > 0
      ? [
          '',
          '### Current practice described in the request (needs evidence)',
          '',
          ...strengthItems.map(
            (item) =>
              `- ${sentenceCase(item.statement.topic)}: ${quoted(item.statement, 140)} — keep the records that show it operates (${citationList(item.requirements)}).`,
          ),
        ]
      : []),
    ...(guidance.length > 0 ? ['', '### Implementation guidance', '', ...guidance.map((passage) => `- ${passageLine(passage)}`)] : []),
  ].join('\n');
}

/** A policy draft: purpose, scope, roles, numbered policy statements tied to requirements, exceptions, review. */
export const composePolicyDraft = (grounding: Grounding): ComposedDraft => {
  const organization = organizationName(grounding);
  const topic = policyTopic(grounding.request.title);
  const title = `${topic.replace(/^./, (letter) => letter.toUpperCase())} policy — ${organization}`;
  const level = detailLevel(grounding.notes);
  // The requirements on the policy's subject; others only to reach a workable minimum of three.
  const relevant = grounding.requirements.filter((requirement) => requirement.relevance > 0);
  // Every requirement the request asks for by name is a statement (they lead the list).
  const statements = (relevant.length >= 3 ? relevant : grounding.requirements).slice(
    0,
    Math.max(countFor(level, 6), askedRequirements(grounding).length),
  );
  const guidance = grounding.passages.slice(0, countFor(level, 3));
  const data = sensitiveData(grounding);
  const owner = securityOwner(grounding);

  const purpose = [
    `This policy sets out how ${organization} manages ${topic.toLowerCase()}: what it requires, who is accountable, and how compliance is checked. It supports ${organization}'s ${frameworkList(grounding)} programme, in particular ${statements
      .slice(0, 3)
      .map((requirement) => requirement.citation)
      .join(', ')}.`,
    grounding.request.brief ? `It answers the request as briefed:\n\n${quote(grounding.request.brief.slice(0, 600))}` : '',
  ]
    .filter(Boolean)
    .join('\n\n');

  const scope = policyScope(grounding, organization, data);

  const roles = table(
    ['Role', 'Responsibilities'],
    [
      ['Policy owner', `${owner}: maintains this policy, approves exceptions, reports compliance to leadership at least quarterly.`],
      ['Leadership', 'Approves the policy, provides resources, and reviews the exception register and compliance reports.'],
      ['System and data owners', 'Apply the policy statements to the systems they own and keep the evidence listed below.'],
      ['All personnel', 'Read and acknowledge the policy on joining and after each revision; report suspected breaches of it.'],
      ['Compliance lead', `Monitors adherence, keeps the evidence for ${frameworkList(grounding)} audits, and tracks remediation.`],
    ],
  );

  const statementsBody = policyStatements(grounding, organization, statements, guidance);

  const mapping = table(
    ['Statement', 'Requirement', 'Evidence to keep'],
    statements.map((requirement, index) => [
      `${index + 1}. ${requirement.title}`,
      requirement.citation,
      'Approved procedure, records of operation, owner sign-off',
    ]),
  );

  const exceptions = [
    `Exceptions are requested in writing to the policy owner, with the business reason, the risk it creates, the compensating control and an end date of no more than 12 months.`,
    `The policy owner approves or refuses within 10 working days; approved exceptions are entered in the risk register and reviewed at expiry. Breaches of this policy may lead to disciplinary action in line with ${organization}'s HR procedures.`,
  ].join('\n\n');

  const related = relatedDeliverables(grounding);
  const review = [
    `The policy owner reviews this policy at least annually, and after any significant change to ${organization}'s systems, organisation or regulatory obligations, or after an incident that shows a weakness in it.`,
    related.length > 0 ? `Read it together with ${related.map(deliverableLine).join(', ')}.` : '',
    table(['Version', 'Date', 'Author', 'Change'], [['Draft', 'On approval', 'ComplianceCore agent, reviewed by staff', 'First issue']]),
  ]
    .filter(Boolean)
    .join('\n\n');

  const sections = [
    { heading: '1. Purpose', body: purpose },
    { heading: '2. Scope', body: scope },
    { heading: '3. Roles and responsibilities', body: roles },
    { heading: '4. Policy statements', body: statementsBody },
    { heading: '5. Framework mapping', body: mapping },
    { heading: '6. Exceptions and enforcement', body: exceptions },
    { heading: '7. Review and approval', body: review },
  ];

  const uncovered = grounding.requirements.filter((requirement) => requirement.relevance === 0).length;
  return {
    title,
    summary: `Policy on ${topic.toLowerCase()} for ${organization} with ${statements.length} policy statements mapped to ${frameworkList(grounding)} requirements, defined roles, an exception process and an annual review cycle.`,
    keyFindings: [
      `${statements.length} policy statements, each mapped to a requirement (${statements.map((requirement) => requirement.citation).join(', ')}).`,
      data.length > 0
        ? `The policy covers ${data.join(', ')}, which raises the bar for access and handling.`
        : 'No special category of data was named; the policy covers all company information.',
      `Ownership sits with the ${owner}, sized for ${grounding.organization.size ?? 'an organisation of unstated size'}.`,
      ...(grounding.assumedFrameworks ? ['No framework was named: the statements follow SOC 2 and ISO 27001 as a baseline.'] : []),
    ],
    riskScore: exposureScore(grounding) + Math.min(uncovered, 4),
    recommendations: [
      `Have the ${owner} confirm each statement matches how ${organization} works today before approval.`,
      'Collect signed acknowledgements from all personnel within 30 days of approval.',
      `Record the evidence named in the framework mapping so it is ready for the ${frameworkList(grounding)} audit.`,
      'Schedule the first annual review in the compliance calendar.',
    ],
    sections,
  };
};
