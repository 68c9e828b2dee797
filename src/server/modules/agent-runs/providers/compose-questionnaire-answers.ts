import type { Grounding } from './agent-grounding.ts';
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

/** Security questionnaire answers: each question answered from the framework requirements and guidance, with evidence and status. */
export const composeQuestionnaireAnswers = (grounding: Grounding): ComposedDraft => {
  const organization = organizationName(grounding);
  const level = detailLevel(grounding.notes);
  const asked = questionsIn(grounding.briefLines);
  const questions = (asked.length > 0 ? asked : COMMON_QUESTIONS).slice(0, asked.length > 0 ? 40 : countFor(level, 8));
  const owner = securityOwner(grounding);
  const answered = questions.map((question, index) => {
    const requirement = requirementsFor(grounding, question, 1)[0];
    const passage = passagesFor(grounding, question, 1)[0];
    const grounded = Boolean(requirement || passage);
    const answer = requirement
      ? `${organization} addresses this under its ${requirement.frameworkLabel} programme: ${requirement.summary.charAt(0).toLowerCase()}${requirement.summary.slice(1)} (${requirement.citation})`
      : `To be answered by the ${owner}: no ComplianceCore guidance matches this question closely enough to propose wording.`;
    const evidence = passage
      ? `See [${passage.documentTitle}](${passage.urlPath})`
      : requirement
        ? 'Policy or procedure for this control'
        : '—';
    return { number: `Q${index + 1}`, question, answer, evidence, reference: requirement?.citation ?? '—', grounded };
  });
  const ungrounded = answered.filter((row) => !row.grounded).length;

  return {
    title: `Security questionnaire answers — ${grounding.request.title || organization}`,
    summary: `Proposed answers to ${answered.length} security questions for ${organization}${asked.length > 0 ? ', taken from the request' : ' (the common questions: the request listed none)'}: ${answered.length - ungrounded} grounded in framework requirements or guidance, ${ungrounded} left for the ${owner} to answer.`,
    keyFindings: [
      `${answered.length - ungrounded} of ${answered.length} answers are grounded in a requirement or guidance article.`,
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
        body: `Drafted for ${organization}. Answers state how the control is expected to work under the cited requirement; each is marked **Draft — confirm** until someone at ${organization} confirms it is true today. Nothing here is an attestation.`,
      },
      {
        heading: 'Answers',
        body: table(
          ['#', 'Question', 'Proposed answer', 'Evidence', 'Reference', 'Status'],
          answered.map((row) => [
            row.number,
            row.question,
            row.answer,
            row.evidence,
            row.reference,
            row.grounded ? 'Draft — confirm' : 'Needs input',
          ]),
        ),
      },
    ],
  };
};
