import { topicsIn } from '../brief/brief-topics.ts';
import { type Grounding, controlRequirements } from './agent-grounding.ts';
import { quoted, scopeStatements } from './compose-facts.ts';
import { type StatedFact, addedBy, factsFor, statedFacts } from './question-facts.ts';
import {
  type ComposedDraft,
  clamp,
  countFor,
  detailLevel,
  organizationName,
  passagesFor,
  requirementsFor,
  securityOwner,
  table,
} from './draft-document.ts';

/** The questions most security questionnaires ask (SIG Lite, CAIQ), used when the request lists none. */
const COMMON_QUESTIONS: readonly string[] = [
  'Do you enforce multi-factor authentication for access to production systems and company accounts?',
  'How often do you review user access, and how are leavers removed?',
  'Is customer data encrypted in transit and at rest?',
  'Do you have a documented and tested incident response plan?',
  'How do you assess and monitor the security of your vendors and subprocessors?',
  'How are changes to production software reviewed and approved?',
  'Do you back up customer data and test restores?',
  'Do you hold a current independent assurance report or certification?',
  'Do employees receive security awareness training?',
];

/** The questions the brief asks: lines or sentences ending with "?", numbering removed. */
export function questionsIn(lines: readonly string[]): string[] {
  const found: string[] = [];
  for (const line of lines) {
    for (const piece of line.split(/(?<=\?)\s+/)) {
      const question = piece.replace(/^\s*(?:[-*•]|\(?\d+[.)]|Q\d+[:.)]?)\s*/i, '').trim();
      if (question.endsWith('?') && question.length > 10 && !found.includes(question)) found.push(question);
    }
  }
  return found;
}

interface Answer {
  number: string;
  question: string;
  answer: string;
  /** The brief's own words this answer rests on ("—" when none). */
  given: string;
  evidence: string;
  reference: string;
  /** A requirement, a guidance article or the brief supports the answer. */
  grounded: boolean;
  /** The answer rests on what the brief states. */
  stated: boolean;
  status: string;
}

/**
 * One question's own answer: what the brief states on the question's topic first (a strength is a
 * "yes" to confirm, a stated gap an honest "not yet"), then how the requirement the topic's controls
 * map to expects it; a question nothing answers is left for the client's team.
 */
function answerOf(grounding: Grounding, question: string, index: number, owner: string, statements: readonly StatedFact[]): Answer {
  const organization = organizationName(grounding);
  const given = factsFor(question, statements, grounding.facts);
  const topics = topicsIn(question);
  const gap = grounding.facts.gaps.find((statement) => topics.some((topic) => topic.name === statement.topic));
  const strength = grounding.facts.strengths.find((statement) => topics.some((topic) => topic.name === statement.topic));
  const mapped = controlRequirements(
    grounding,
    topics.flatMap((topic) => topic.controls),
    1,
  )[0];
  const requirement = mapped ?? (topics.length === 0 ? requirementsFor(grounding, question, 1)[0] : undefined);
  const passage = passagesFor(grounding, question, 1)[0];
  const cite = requirement ? ` (${requirement.citation})` : '';
  const expectation = requirement
    ? `${requirement.frameworkLabel} expects: ${requirement.summary.charAt(0).toLowerCase()}${requirement.summary.slice(1)}`
    : '';
  // The facts the brief gave for this question: the client's words in their own column, and what
  // they add to the question (the cipher, the region, the period) as the answer itself.
  const stated = given.map((fact) => quoted({ text: fact.text, topic: '', controls: [], source: fact.source }, 200)).join('; ');
  const adds = given.map((fact) => addedBy(question, fact.text)).join('; ');
  let answer: string;
  let status: string;
  if (gap) {
    answer = adds
      ? `Not yet: ${adds}. Say when it will be in place before sending${cite}.`
      : `Not yet. As ${organization} describes it: ${quoted(gap, 200)}. Say when it will be in place before sending${cite}.`;
    status = 'Honest gap — confirm plan';
  } else if (strength) {
    answer = adds
      ? `Yes: ${adds}, as ${organization} states${cite}.`
      : `Yes. As ${organization} describes it: ${quoted(strength, 200)}${cite}.`;
    status = 'Draft — confirm';
  } else if (adds) {
    answer = `${adds.charAt(0).toUpperCase()}${adds.slice(1)}, as ${organization} states${cite}.`;
    status = 'Draft — confirm';
  } else if (requirement) {
    answer = `Not stated in the request: the ${owner} answers from what is in place. ${expectation}${cite}`;
    status = 'Needs input';
  } else {
    answer = `To be answered by the ${owner}: the request says nothing about this and no ComplianceCore guidance matches it closely enough to propose wording.`;
    status = 'Needs input';
  }
  const evidence = passage
    ? `See [${passage.documentTitle}](${passage.urlPath})`
    : requirement
      ? 'Policy or procedure for this control'
      : '—';
  return {
    number: `Q${index + 1}`,
    question,
    answer,
    given: stated || '—',
    evidence,
    reference: requirement?.citation ?? '—',
    grounded: Boolean(gap || strength || given.length > 0 || requirement || passage),
    stated: Boolean(gap || strength || given.length > 0),
    status,
  };
}

/** Security questionnaire answers: each question answered from the framework requirements and guidance, with evidence and status. */
export const composeQuestionnaireAnswers = (grounding: Grounding): ComposedDraft => {
  const organization = organizationName(grounding);
  const level = detailLevel(grounding.notes);
  // "4.1 Do you …?": a questionnaire's own numbering is not part of the question.
  const fromFacts = grounding.facts.questions.map((question) => question.text.replace(/^\d{1,3}(?:\.\d{1,3})*[.)]?\s+(?=\p{Lu})/u, ''));
  const asked = fromFacts.length > 0 ? fromFacts : questionsIn(grounding.briefLines);
  const questions = (asked.length > 0 ? asked : COMMON_QUESTIONS).slice(0, asked.length > 0 ? 40 : countFor(level, 8));
  const owner = securityOwner(grounding);
  const stated = statedFacts(grounding.briefLines, grounding.facts);
  const answered = questions.map((question, index) => answerOf(grounding, question, index, owner, stated));
  const ungrounded = answered.filter((row) => !row.grounded).length;
  const fromBrief = answered.filter((row) => row.stated).length;

  return {
    title: `Security questionnaire answers — ${grounding.request.title || organization}`,
    summary: `Proposed answers to ${answered.length} security questions for ${organization}${asked.length > 0 ? ', taken from the request' : ' (the common questions: the request listed none)'}: ${answered.length - ungrounded} grounded in framework requirements or guidance, ${ungrounded} left for the ${owner} to answer.`,
    keyFindings: [
      `${answered.length - ungrounded} of ${answered.length} answers are grounded in the request, a requirement or a guidance article; ${fromBrief} rest on what the request itself states.`,
      ungrounded > 0 ? `${ungrounded} questions need an answer from ${organization}'s own team.` : 'Every question has a proposed answer.',
      'Every answer describes the control as a framework expects it: confirm each matches what is actually in place before sending.',
    ],
    riskScore: clamp(30 + (ungrounded / Math.max(1, answered.length)) * 50 + (asked.length === 0 ? 8 : 0)),
    recommendations: [
      `Have the ${owner} confirm or correct every answer before it goes to the customer.`,
      'Attach the evidence named in each row rather than describing it.',
      'Save the confirmed answers as your answer library for the next questionnaire.',
    ],
    sections: [
      {
        heading: 'About these answers',
        body: [
          `Drafted for ${organization}. Where the request states how a control works (or that it is missing), the answer says so in ${organization}'s own words; otherwise it says what the cited requirement expects and is left for ${organization}'s team. Each is marked until someone at ${organization} confirms it is true today. Nothing here is an attestation.`,
          ...scopeStatements(grounding),
        ].join('\n\n'),
      },
      {
        heading: 'Answers',
        body: table(
          ['#', 'Question', 'Proposed answer', 'As the request states it', 'Evidence', 'Reference', 'Status'],
          answered.map((row) => [row.number, row.question, row.answer, row.given, row.evidence, row.reference, row.status]),
        ),
      },
    ],
  };
};
