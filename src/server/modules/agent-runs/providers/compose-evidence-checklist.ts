import type { BriefThing, BriefThingKind } from '../../../../shared/schemas/brief-facts.ts';
import { stem, words } from '../../advisor/advisor-text.ts';
import type { GroundedRequirement, Grounding } from './agent-grounding.ts';
import { askedRequirements, describeThings, scopeStatements } from './compose-facts.ts';
import {
  type ComposedDraft,
  countFor,
  detailLevel,
  exposureScore,
  frameworkList,
  organizationName,
  passageLine,
  passagesFor,
  securityOwner,
  table,
} from './draft-document.ts';

interface EvidenceKind {
  cues: string;
  items: { what: string; frequency: string; format: string }[];
}

/** What auditors usually sample for each kind of control. */
const EVIDENCE: readonly EvidenceKind[] = [
  {
    cues: 'access authentication user registration privilege review identity',
    items: [
      { what: 'Export of user accounts and roles from each in-scope system', frequency: 'Quarterly', format: 'CSV export with date' },
      {
        what: 'Completed access review with reviewer sign-off and removals actioned',
        frequency: 'Quarterly',
        format: 'Ticket or signed sheet',
      },
      { what: 'MFA enforcement setting of the identity provider', frequency: 'Once per period', format: 'Dated screenshot' },
      { what: 'Sample of joiner and leaver tickets with approval and removal dates', frequency: 'Per sample', format: 'Tickets' },
    ],
  },
  {
    cues: 'change software infrastructure deploy tested approved',
    items: [
      { what: 'Sample of merged pull requests showing an approving reviewer', frequency: 'Per sample', format: 'Repository export' },
      { what: 'Branch protection settings of the main repositories', frequency: 'Once per period', format: 'Dated screenshot' },
      { what: 'Deployment log linking releases to approved changes', frequency: 'Per sample', format: 'Pipeline export' },
    ],
  },
  {
    cues: 'incident response breach notification anomalies monitoring',
    items: [
      { what: 'Approved incident response plan with version history', frequency: 'Annually', format: 'Document' },
      { what: 'Record of the last tabletop exercise and its actions', frequency: 'Annually', format: 'Minutes' },
      { what: 'Alerting rules and a sample of investigated alerts', frequency: 'Per sample', format: 'SIEM export / tickets' },
    ],
  },
  {
    cues: 'vendor partner processor third contract',
    items: [
      { what: 'Vendor inventory with data shared and criticality', frequency: 'Quarterly', format: 'Register export' },
      {
        what: 'Reviewed assurance reports (SOC 2, ISO 27001) of critical vendors',
        frequency: 'Annually',
        format: 'Reports with review notes',
      },
      { what: 'Signed data processing agreements', frequency: 'Per vendor', format: 'Contracts' },
    ],
  },
  {
    cues: 'risk identification analysis assessment',
    items: [
      { what: 'Current risk register with owners and treatments', frequency: 'Quarterly', format: 'Register export' },
      { what: 'Minutes of the last risk review meeting', frequency: 'Quarterly', format: 'Minutes' },
    ],
  },
  {
    cues: 'backup recovery availability continuity',
    items: [
      { what: 'Backup job configuration and success logs', frequency: 'Monthly', format: 'Console export' },
      { what: 'Record of the last restore test with its result', frequency: 'Quarterly', format: 'Test report' },
    ],
  },
  {
    cues: 'encryption cryptographic processing measures protection',
    items: [
      { what: 'Encryption-at-rest settings of databases and storage', frequency: 'Once per period', format: 'Dated screenshot' },
      { what: 'Device management report showing disk encryption on all laptops', frequency: 'Quarterly', format: 'MDM export' },
    ],
  },
  {
    cues: 'integrity conduct training awareness ethical',
    items: [
      { what: 'Signed code of conduct and policy acknowledgements', frequency: 'On hire and annually', format: 'HR system export' },
      { what: 'Security awareness training completion records', frequency: 'Annually', format: 'LMS export' },
    ],
  },
];

const FALLBACK: EvidenceKind['items'] = [
  { what: 'Approved procedure describing how the control operates', frequency: 'Annually', format: 'Document' },
  { what: 'Records showing the control operated during the period', frequency: 'Per sample', format: 'Tickets, logs or reports' },
  { what: 'Owner sign-off that the control ran as designed', frequency: 'Quarterly', format: 'Signed record' },
];

function evidenceFor(requirement: GroundedRequirement): EvidenceKind['items'] {
  const text = new Set(words(`${requirement.title} ${requirement.summary}`).map(stem));
  const best = EVIDENCE.map((kind) => ({ kind, hits: words(kind.cues).filter((word) => text.has(stem(word))).length })).sort(
    (a, b) => b.hits - a.hits,
  )[0];
  return best && best.hits > 0 ? best.kind.items : FALLBACK;
}

/** The kinds of named thing an evidence item is taken from, by what the item is about. */
const SOURCE_KINDS: readonly [RegExp, readonly BriefThingKind[]][] = [
  [/\b(access|user|account|mfa|sso|login|identity|privilege|joiner|leaver|offboard\w*)\b/i, ['identity_provider']],
  [
    /\b(log|alert|monitor\w*|scan\w*|vulnerab\w*|ticket\w*|change|deploy\w*|pull request|incident|patch\w*|device|endpoint|laptop)\b/i,
    ['tool'],
  ],
  [/\b(backup|restore|encrypt\w*|config\w*|storage|bucket|key|network|firewall|region)\b/i, ['cloud', 'system']],
  [/\b(vendor|supplier|contract|dpa|agreement|processor)\b/i, ['vendor']],
  [/\b(record|data|request|retention|consent|model|dataset)\b/i, ['system', 'vendor', 'tool']],
];

/** Where an item comes from: the named systems of the kinds it concerns. */
function sourcesOf(what: string, things: readonly BriefThing[]): string {
  const kinds = new Set(SOURCE_KINDS.filter(([pattern]) => pattern.test(what)).flatMap(([, found]) => found));
  const from = things.filter((thing) => kinds.has(thing.kind));
  return from.length > 0 ? from.map((thing) => thing.name).join(', ') : '—';
}

/** An evidence checklist for a control: what to collect, for which requirement, who, how often, in what form. */
export const composeEvidenceChecklist = (grounding: Grounding): ComposedDraft => {
  const organization = organizationName(grounding);
  const level = detailLevel(grounding.notes);
  const focus = grounding.requirements.filter((requirement) => requirement.relevance > 0);
  // Every requirement the request names is covered (they lead the grounding's list).
  const requirements = (focus.length > 0 ? focus : grounding.requirements).slice(
    0,
    Math.max(countFor(level, 4), askedRequirements(grounding).length),
  );
  const owner = securityOwner(grounding);
  const rows: string[][] = [];
  const seen = new Set<string>();
  for (const requirement of requirements) {
    for (const item of evidenceFor(requirement)) {
      if (seen.has(item.what)) continue;
      seen.add(item.what);
      rows.push([
        String(rows.length + 1),
        item.what,
        sourcesOf(item.what, grounding.facts.things),
        requirement.citation,
        owner,
        item.frequency,
        item.format,
        '☐ To collect',
      ]);
    }
  }
  const checklist = table(['#', 'Evidence item', 'Taken from', 'Satisfies', 'Owner', 'Frequency', 'Format', 'Status'], rows);
  const quality = passagesFor(grounding, 'evidence auditor sample period dated complete', 2);
  const guidance = [...quality, ...grounding.passages.filter((passage) => !quality.includes(passage))].slice(0, countFor(level, 3));

  return {
    title: `Evidence checklist — ${grounding.request.title || 'control evidence'} (${organization})`,
    summary: `${rows.length} evidence items for ${organization} covering ${requirements.map((requirement) => requirement.citation).join(', ')}, each with an owner, a collection frequency and the format an auditor accepts.`,
    keyFindings: [
      `${requirements.length} requirements in focus: ${requirements.map((requirement) => `${requirement.citation} ${requirement.title}`).join('; ')}.`,
      `${rows.filter((row) => row[5] === 'Per sample').length} items are sampled by the auditor across the period, so they must exist for the whole period, not just today.`,
      'Every item starts as "To collect": none has been provided yet.',
    ],
    riskScore: exposureScore(grounding),
    recommendations: [
      'Collect the once-per-period items first: they are quick and unblock the auditor.',
      'Store each item with its date and the period it covers, named after the requirement it satisfies.',
      `Have the ${owner} sign off the checklist before fieldwork starts.`,
    ],
    sections: [
      {
        heading: 'Control in scope',
        body: [
          `${organization} asked for the evidence behind: **${grounding.request.title}**. The checklist maps each item to the ${frameworkList(grounding)} requirement it satisfies.`,
          ...scopeStatements(grounding),
          grounding.facts.things.length > 0
            ? `Take the exports and screenshots from the systems the request names: ${describeThings(grounding.facts.things)}.`
            : '',
          grounding.facts.periods.length > 0
            ? `Periods the request mentions: ${grounding.facts.periods.map((period) => period.text).join(', ')}.`
            : '',
          grounding.request.brief ? `> ${grounding.request.brief.slice(0, 400)}` : '',
        ]
          .filter(Boolean)
          .join('\n\n'),
      },
      { heading: 'Checklist', body: checklist },
      {
        heading: 'Requirements covered',
        body: requirements.map((requirement) => `- **${requirement.citation} ${requirement.title}** — ${requirement.summary}`).join('\n'),
      },
      ...(guidance.length > 0
        ? [{ heading: 'What good evidence looks like', body: guidance.map((passage) => `- ${passageLine(passage)}`).join('\n') }]
        : []),
    ],
  };
};
