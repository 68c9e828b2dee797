import { agentCatalogue, entryForCitation } from '../brief/brief-catalogue.ts';
import { type GroundedRequirement, type Grounding, groundedEntry } from './agent-grounding.ts';
import {
  type StatedItem,
  askedRequirements,
  citationList,
  describeThings,
  quoted,
  scopeStatements,
  statedGaps,
  statedStrengths,
} from './compose-facts.ts';
import {
  type ComposedDraft,
  clamp,
  countFor,
  detailLevel,
  frameworkList,
  organizationName,
  passageLine,
  passagesFor,
  sensitiveData,
  table,
} from './draft-document.ts';

type Standing = 'Gap stated in the brief' | 'Described in the brief — needs evidence' | 'Not described in the brief';
type Priority = 'High' | 'Medium' | 'Low';

interface Row {
  requirement: GroundedRequirement;
  standing: Standing;
  priority: Priority;
  /** The brief's own words behind the standing. */
  said: string | null;
}

const PRIORITY_ORDER: Record<Priority, number> = { High: 0, Medium: 1, Low: 2 };

/** How many mapped requirements a stated gap brings into the assessment (before their groups). */
const GAP_REQUIREMENTS = 4;

/** How many stated gaps the first 30 days take on; the plan says when there are more. */
const FIRST_PHASE_GAPS = 8;

/**
 * The groups the mapped requirements sit in ("ISO 27001 Clause 9.2" over 9.2.1 and 9.2.2, "PCI DSS
 * Req. 10.4" over 10.4.1), when the group is itself a requirement below a chapter: a client who says
 * "internal audit: not started" has a gap in the whole of Clause 9.2, not only in its first paragraph.
 * A top-level chapter ("Req. 10", "A.8") is too broad to name for one gap.
 */
function groupsOf(requirements: readonly GroundedRequirement[]): GroundedRequirement[] {
  const catalogue = agentCatalogue();
  const groups: GroundedRequirement[] = [];
  for (const requirement of requirements) {
    const entry = entryForCitation(requirement.citation, catalogue);
    const group = entry?.parent ? catalogue.byRef.get(`${entry.framework}:${entry.parent}`) : undefined;
    if (!group?.parent || requirements.some((other) => other.citation === group.citation)) continue;
    if (!groups.some((other) => other.citation === group.citation)) groups.push(groundedEntry(group, 50));
  }
  return groups;
}

/** The stated gaps, each with its mapped requirements and the groups they sit in. */
function gapsWithGroups(grounding: Grounding): StatedItem[] {
  return statedGaps(grounding, GAP_REQUIREMENTS).map((item) => ({
    ...item,
    requirements: [...item.requirements, ...groupsOf(item.requirements)],
  }));
}

/**
 * Each requirement's standing from the brief's facts: a stated gap (High), a stated strength
 * (described, needs evidence: Low), or nothing said (Medium; High when the request asked for it by
 * name). A requirement both stated missing and in place is a gap: the missing part decides.
 */
function assessedRows(grounding: Grounding, gapItems: readonly StatedItem[], limit: number): Row[] {
  const rows = new Map<string, Row>();
  const put = (row: Row) => {
    const existing = rows.get(row.requirement.citation);
    if (
      !existing ||
      PRIORITY_ORDER[row.priority] < PRIORITY_ORDER[existing.priority] ||
      (existing.standing === 'Not described in the brief' && row.standing !== existing.standing)
    ) {
      rows.set(row.requirement.citation, row);
    }
  };
  for (const item of gapItems) {
    for (const requirement of item.requirements)
      put({ requirement, standing: 'Gap stated in the brief', priority: 'High', said: quoted(item.statement) });
  }
  for (const item of statedStrengths(grounding)) {
    for (const requirement of item.requirements) {
      if (!rows.has(requirement.citation))
        put({ requirement, standing: 'Described in the brief — needs evidence', priority: 'Low', said: quoted(item.statement) });
    }
  }
  for (const requirement of askedRequirements(grounding)) {
    if (!rows.has(requirement.citation)) put({ requirement, standing: 'Not described in the brief', priority: 'High', said: null });
  }
  for (const requirement of grounding.requirements) {
    if (rows.size >= limit) break;
    if (!rows.has(requirement.citation)) put({ requirement, standing: 'Not described in the brief', priority: 'Medium', said: null });
  }
  const asked = new Set(askedRequirements(grounding).map((requirement) => requirement.citation));
  return [...rows.values()].sort(
    (a, b) =>
      PRIORITY_ORDER[a.priority] - PRIORITY_ORDER[b.priority] ||
      Number(asked.has(b.requirement.citation)) - Number(asked.has(a.requirement.citation)),
  );
}

/** The 30/60/90-day plan: every stated gap first, then what the brief is silent on, then evidence for what it describes. */
function remediationRoadmap(
  gapItems: readonly StatedItem[],
  strengthItems: readonly StatedItem[],
  open: readonly Row[],
  frameworks: string,
): string {
  // Every stated gap is in the plan, first; then the requirements nothing was said about; then the evidence for what is described.
  const gapLines = gapItems.map(
    (item) =>
      `- Close the stated gap in ${item.statement.topic} (${quoted(item.statement, 120)}): design and document the control, name an owner and start keeping evidence (${citationList(item.requirements)}).`,
  );
  const silent = open.filter((row) => row.standing === 'Not described in the brief');
  const silentLines = silent.map(
    (row) =>
      `- ${row.requirement.title}: confirm what exists, document the control and start keeping evidence (${row.requirement.citation}).`,
  );
  const evidenceLines = strengthItems.map(
    (item) =>
      `- Collect evidence for what the brief describes in ${item.statement.topic} (${quoted(item.statement, 100)}), so it can be confirmed rather than assumed (${citationList(item.requirements)}).`,
  );
  // Every stated gap is in the first 30 days; past what one month can take on, the plan says so.
  const first =
    gapLines.length > 0
      ? [
          ...gapLines.slice(0, FIRST_PHASE_GAPS),
          ...(gapLines.length > FIRST_PHASE_GAPS
            ? [
                `- The brief states ${gapLines.length} gaps, more than one month can close: the first ${FIRST_PHASE_GAPS} start now, the other ${gapLines.length - FIRST_PHASE_GAPS} open the next phase.`,
              ]
            : []),
        ]
      : silentLines.slice(0, 2);
  const second = [
    ...gapLines.slice(FIRST_PHASE_GAPS),
    ...(gapLines.length > 0
      ? silentLines.slice(0, Math.ceil(silentLines.length / 2))
      : silentLines.slice(2, 2 + Math.ceil((silentLines.length - 2) / 2))),
  ];
  const shown = new Set([...first, ...second]);
  const third = [...silentLines.filter((line) => !shown.has(line)), ...evidenceLines];
  return [
    '### First 30 days',
    '',
    ...(first.length > 0 ? first : ['- Collect evidence for the requirements described in the brief.']),
    '',
    '### Days 31–60',
    '',
    ...(second.length > 0 ? second : ['- Run the new controls and collect their first evidence.']),
    '',
    '### Days 61–90',
    '',
    ...third,
    `- Run an internal readiness review against ${frameworks} and fix what it finds before booking the auditor.`,
  ].join('\n');
}

/** A gap assessment: every in-scope requirement, what the brief shows of it, the gaps, and a 30/60/90-day plan. */
export const composeGapAssessment = (grounding: Grounding): ComposedDraft => {
  const organization = organizationName(grounding);
  const frameworks = frameworkList(grounding);
  const level = detailLevel(grounding.notes);
  const data = sensitiveData(grounding);
  const gapItems = gapsWithGroups(grounding);
  const strengthItems = statedStrengths(grounding);
  const rows = assessedRows(grounding, gapItems, Math.max(countFor(level, 10), 0));
  const open = rows.filter((row) => row.standing !== 'Described in the brief — needs evidence');
  const described = rows.filter((row) => row.standing === 'Described in the brief — needs evidence');
  const gapRatio = rows.length > 0 ? open.length / rows.length : 1;
  const systems = describeThings(grounding.facts.things);

  const method = [
    `${organization}'s position was assessed against ${rows.length} requirements of ${frameworks}${grounding.assumedFrameworks ? ' (assumed: the request names no framework)' : ''}, using the request brief${grounding.facts.sources.some((source) => source.kind === 'attachment') ? ' and its attachments' : ''} and ComplianceCore's framework guidance. A gap the brief states is ranked high; a control the brief says is in place is recorded as described and still needs evidence before an auditor would accept it; nothing has been tested yet.`,
    ...scopeStatements(grounding),
    systems ? `Systems named in the request: ${systems}.` : '',
    grounding.request.brief
      ? `Brief assessed:\n\n> ${grounding.request.brief.slice(0, 500)}`
      : 'The request gave no brief, so every requirement starts as a gap.',
  ]
    .filter(Boolean)
    .join('\n\n');

  const assessment = table(
    ['Requirement', 'What is expected', 'Current standing', 'Priority'],
    rows.map((row) => [
      `${row.requirement.citation} ${row.requirement.title}`,
      row.requirement.summary,
      row.said ? `${row.standing}: ${row.said}` : row.standing,
      row.priority,
    ]),
  );

  const roadmap = remediationRoadmap(gapItems, strengthItems, open, frameworks);

  const guidance = grounding.passages.slice(0, countFor(level, 4));
  const evidenceHints = open
    .slice(0, 3)
    .flatMap((row) => passagesFor(grounding, `${row.requirement.title} ${row.requirement.summary}`, 1))
    .filter((passage, index, all) => all.findIndex((other) => other.text === passage.text) === index);
  const notes = [...guidance, ...evidenceHints.filter((hint) => !guidance.includes(hint))].map((passage) => `- ${passageLine(passage)}`);

  const stated = rows.filter((row) => row.standing === 'Gap stated in the brief');
  return {
    title: `${frameworks} gap assessment — ${organization}`,
    summary: `${organization} was assessed against ${rows.length} ${frameworks} requirements: ${stated.length} are gaps the brief states, ${open.length - stated.length} are not described yet and ${described.length} are described in the brief and need evidence. A 90-day plan closes the stated gaps first.`,
    keyFindings: [
      gapItems.length > 0
        ? `The brief states ${gapItems.length} gap${gapItems.length === 1 ? '' : 's'}: ${gapItems.map((item) => item.statement.topic).join(', ')} (${stated
            .slice(0, 6)
            .map((row) => row.requirement.citation)
            .join(', ')}); each is ranked high and planned in the first weeks.`
        : 'The brief states no gap of its own; the requirements it does not describe are the open items.',
      described.length > 0
        ? `Described in the brief, still needing evidence: ${strengthItems.map((item) => item.statement.topic).join(', ')} (${described.map((row) => row.requirement.citation).join(', ')}).`
        : 'The brief does not describe any control in place yet.',
      ...(askedRequirements(grounding).length > 0
        ? [
            `Asked for by name and assessed first: ${askedRequirements(grounding)
              .map((requirement) => requirement.citation)
              .join(', ')}.`,
          ]
        : []),
      data.length > 0
        ? `${data.join(', ')} in scope: an auditor will sample access to it closely.`
        : 'No special category of data was named in the request.',
    ],
    riskScore: clamp(28 + gapRatio * 55 + data.length * 4),
    recommendations: [
      `Name an owner for each of the ${open.length} open items and start with the ${gapItems.length > 0 ? 'stated gaps' : '30-day items'}.`,
      'Collect evidence for what the brief describes, so it can be confirmed rather than assumed.',
      `Book a readiness review before the ${frameworks} audit window.`,
    ],
    sections: [
      { heading: 'Scope and method', body: method },
      { heading: 'Requirement-by-requirement assessment', body: assessment },
      { heading: 'Remediation roadmap', body: roadmap },
      ...(notes.length > 0 ? [{ heading: 'Guidance for closing the gaps', body: notes.join('\n') }] : []),
    ],
  };
};
