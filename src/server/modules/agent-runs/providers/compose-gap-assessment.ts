import { stem, words } from '../../advisor/advisor-text.ts';
import type { GroundedRequirement, Grounding } from './agent-grounding.ts';
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

/** Words too general to show that the brief speaks to a requirement. */
const GENERIC = new Set(['secur', 'control', 'data', 'system', 'process', 'manag', 'organis', 'organiz', 'information', 'polic', 'review']);

type Standing = 'Described in the brief' | 'No evidence provided yet';

/** Whether the client's brief speaks to a requirement (words of its title, beyond the generic ones). */
export function standingOf(requirement: GroundedRequirement, briefStems: ReadonlySet<string>): Standing {
  const specific = words(requirement.title)
    .map(stem)
    .filter((word) => word.length > 3 && !GENERIC.has(word));
  return specific.some((word) => briefStems.has(word)) ? 'Described in the brief' : 'No evidence provided yet';
}

/** A gap assessment: every in-scope requirement, what the brief shows of it, the gaps, and a 30/60/90-day plan. */
export const composeGapAssessment = (grounding: Grounding): ComposedDraft => {
  const organization = organizationName(grounding);
  const frameworks = frameworkList(grounding);
  const level = detailLevel(grounding.notes);
  const briefStems = new Set(words(`${grounding.request.brief} ${grounding.request.title}`).map(stem));
  const assessed = grounding.requirements.slice(0, countFor(level, 10));
  const data = sensitiveData(grounding);
  const rows = assessed.map((requirement) => {
    const standing = standingOf(requirement, briefStems);
    const priority = standing === 'Described in the brief' ? 'Low' : requirement.relevance > 0 || data.length > 0 ? 'High' : 'Medium';
    return { requirement, standing, priority };
  });
  const gaps = rows.filter((row) => row.standing === 'No evidence provided yet');
  const gapRatio = rows.length > 0 ? gaps.length / rows.length : 1;

  const method = [
    `${organization}'s position was assessed against ${rows.length} requirements of ${frameworks}${grounding.assumedFrameworks ? ' (assumed: the request names no framework)' : ''}, using the request brief and ComplianceCore's framework guidance. Nothing has been tested yet: a requirement is "described" only when the brief speaks to it, and every status needs evidence before an auditor would accept it.`,
    grounding.request.brief
      ? `Brief assessed:\n\n> ${grounding.request.brief.slice(0, 500)}`
      : 'The request gave no brief, so every requirement starts as a gap.',
  ].join('\n\n');

  const assessment = table(
    ['Requirement', 'What is expected', 'Current standing', 'Priority'],
    rows.map((row) => [`${row.requirement.citation} ${row.requirement.title}`, row.requirement.summary, row.standing, row.priority]),
  );

  const planOf = (slice: typeof gaps) =>
    slice.map(
      (row) =>
        `- ${row.requirement.title}: design and document the control, name an owner, and start keeping evidence (${row.requirement.citation}).`,
    );
  const third = Math.ceil(gaps.length / 3);
  const roadmap = [
    '### First 30 days',
    '',
    ...(gaps.length > 0 ? planOf(gaps.slice(0, third)) : ['- Collect evidence for the requirements described in the brief.']),
    '',
    '### Days 31–60',
    '',
    ...(gaps.length > third ? planOf(gaps.slice(third, third * 2)) : ['- Run the new controls and collect their first evidence.']),
    '',
    '### Days 61–90',
    '',
    ...(gaps.length > third * 2 ? planOf(gaps.slice(third * 2)) : []),
    `- Run an internal readiness review against ${frameworks} and fix what it finds before booking the auditor.`,
  ].join('\n');

  const guidance = grounding.passages.slice(0, countFor(level, 4));
  const evidenceHints = gaps
    .slice(0, 3)
    .flatMap((row) => passagesFor(grounding, `${row.requirement.title} ${row.requirement.summary}`, 1))
    .filter((passage, index, all) => all.findIndex((other) => other.text === passage.text) === index);
  const notes = [...guidance, ...evidenceHints.filter((hint) => !guidance.includes(hint))].map((passage) => `- ${passageLine(passage)}`);

  return {
    title: `${frameworks} gap assessment — ${organization}`,
    summary: `${organization} was assessed against ${rows.length} ${frameworks} requirements: ${gaps.length} show no evidence yet and ${rows.length - gaps.length} are described in the brief. A 90-day plan closes the gaps in priority order.`,
    keyFindings: [
      `${gaps.length} of ${rows.length} requirements have no evidence yet (${gaps
        .slice(0, 4)
        .map((row) => row.requirement.citation)
        .join(', ')}${gaps.length > 4 ? ' …' : ''}).`,
      rows.length - gaps.length > 0
        ? `The brief speaks to ${rows
            .filter((row) => row.standing === 'Described in the brief')
            .map((row) => row.requirement.citation)
            .join(', ')}; each still needs evidence.`
        : 'The brief does not describe any control in place yet.',
      data.length > 0
        ? `${data.join(', ')} in scope: an auditor will sample access to it closely.`
        : 'No special category of data was named in the request.',
    ],
    riskScore: clamp(28 + gapRatio * 55 + data.length * 4),
    recommendations: [
      `Name an owner for each of the ${gaps.length} gaps and start with the 30-day items.`,
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
