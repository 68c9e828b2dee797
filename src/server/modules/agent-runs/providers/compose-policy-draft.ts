import type { Grounding } from './agent-grounding.ts';
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

/** A policy draft: purpose, scope, roles, numbered policy statements tied to requirements, exceptions, review. */
export const composePolicyDraft = (grounding: Grounding): ComposedDraft => {
  const organization = organizationName(grounding);
  const topic = policyTopic(grounding.request.title);
  const title = `${topic.replace(/^./, (letter) => letter.toUpperCase())} policy — ${organization}`;
  const level = detailLevel(grounding.notes);
  // The requirements on the policy's subject; others only to reach a workable minimum of three.
  const relevant = grounding.requirements.filter((requirement) => requirement.relevance > 0);
  const statements = (relevant.length >= 3 ? relevant : grounding.requirements).slice(0, countFor(level, 6));
  const guidance = grounding.passages.slice(0, countFor(level, 3));
  const data = sensitiveData(grounding);
  const owner = securityOwner(grounding);
  const where = grounding.organization.country ? ` in ${grounding.organization.country} and wherever it operates` : '';

  const purpose = [
    `This policy sets out how ${organization} manages ${topic.toLowerCase()}: what it requires, who is accountable, and how compliance is checked. It supports ${organization}'s ${frameworkList(grounding)} programme, in particular ${statements
      .slice(0, 3)
      .map((requirement) => requirement.citation)
      .join(', ')}.`,
    grounding.request.brief ? `It answers the request as briefed:\n\n${quote(grounding.request.brief.slice(0, 600))}` : '',
  ]
    .filter(Boolean)
    .join('\n\n');

  const scope = [
    `This policy applies to all employees, contractors and temporary staff of ${organization}${where}, and to every system, service and third party that stores or processes ${organization}'s information${data.length > 0 ? ` — in particular ${data.join(', ')}` : ''}.`,
    grounding.organization.size
      ? `It is sized for an organisation of ${grounding.organization.size} people: controls are proportionate, and duties below are combined where one person holds several roles.`
      : '',
  ]
    .filter(Boolean)
    .join('\n\n');

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

  const statementLines = statements.map(
    (requirement, index) =>
      `${index + 1}. **${requirement.title}.** ${requirement.summary} ${organization} documents how it meets this and keeps the records as evidence (${requirement.citation}).`,
  );
  const statementsBody = [
    `${organization} requires the following. Each statement is mapped to the framework requirement it satisfies.`,
    '',
    ...statementLines,
    ...(guidance.length > 0 ? ['', '### Implementation guidance', '', ...guidance.map((passage) => `- ${passageLine(passage)}`)] : []),
  ].join('\n');

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
