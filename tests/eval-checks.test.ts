import { describe, expect, it } from 'vitest';
import { type EvalBrief, evalBriefSchema } from '../bench/eval/brief-schema.ts';
import { type KnownCodes, checkDraft, checkRedraft } from '../bench/eval/checks.ts';

/**
 * The evaluation's property checks (bench/eval/checks.ts) on drafts written here: a faithful one
 * passes, the faults issue 33 describes fail, whatever the wording.
 */

const known: KnownCodes = new Map([
  ['soc2', new Set(['CC6.1', 'CC6.3', 'CC7.4', 'CC8.1', 'CC9.2'])],
  ['gdpr', new Set(['Art. 30', 'Art. 32'])],
]);

const brief = (expect: unknown, kind = 'gap_assessment'): EvalBrief =>
  evalBriefSchema.parse({
    id: 'test-01',
    kind,
    voice: 'terse',
    title: 'SOC 2 gaps',
    description: 'We never review access. Okta enforces MFA. GDPR is out of scope.',
    department: 'compliance',
    expect,
  });

const gapBrief = brief({
  facts: ['Okta'],
  gaps: [{ said: 'never review access', refs: ['SOC 2 CC6.3'] }],
  strengths: [{ said: 'MFA through Okta', refs: ['SOC 2 CC6.1'] }],
  outOfScope: ['gdpr'],
});

const faithful = [
  '# SOC 2 gap assessment',
  '',
  '> We never review access. Okta enforces MFA.',
  '',
  '## Assessment',
  '',
  '| Requirement | Standing | Priority |',
  '| --- | --- | --- |',
  '| SOC 2 CC6.3 Access review | Stated gap | **High** |',
  '| SOC 2 CC6.1 Logical access | MFA in Okta, described: needs evidence | Low |',
  '',
  '## Remediation roadmap',
  '',
  '### First 30 days',
  '',
  '- Run the first access review (SOC 2 CC6.3).',
  '',
  '### Days 31–60',
  '',
  '- Export the Okta MFA policy as evidence (SOC 2 CC6.1).',
].join('\n');

/** What issue 33 saw: the gap taken for a strength and the strength planned first. */
const inverted = faithful
  .replace('| SOC 2 CC6.3 Access review | Stated gap | **High** |', '| SOC 2 CC6.3 Access review | Described in the brief | Low |')
  .replace('- Run the first access review (SOC 2 CC6.3).', '- Design the logical access control (SOC 2 CC6.1).')
  .replace('- Export the Okta MFA policy as evidence (SOC 2 CC6.1).', '- Keep records (GDPR Art. 30). Okta is mentioned only here.')
  .replace('MFA in Okta, described', 'MFA described');

const failing = (items: ReturnType<typeof checkDraft>) => items.filter((item) => !item.passed).map((item) => item.check);

describe('the evaluation checks', () => {
  it('pass a draft that plans the stated gap first, ranks it high and names what the brief named', () => {
    expect(failing(checkDraft(gapBrief, 'gap_assessment', { title: 'SOC 2 gap assessment', body: faithful }, known))).toEqual([]);
  });

  it('fail a draft that inverts the brief, cites an out-of-scope framework or a reference the catalogue lacks', () => {
    const body = `${inverted}\n- Review vendors (SOC 2 CC9.9).`;
    const items = checkDraft(gapBrief, 'risk_register', { title: 'SOC 2 gap assessment', body }, known);
    expect(failing(items)).toEqual(['kind', 'gaps', 'strengths', 'out_of_scope', 'nothing_invented']);
    expect(items.find((item) => item.check === 'nothing_invented')?.detail).toBe('not in the catalogue: SOC 2 CC9.9');
  });

  it('do not count a fact or a reference that only appears in a quotation of the brief', () => {
    const quotedOnly = brief({ facts: ['Okta'], cite: ['SOC 2 CC7.4'] }, 'policy_draft');
    const body = '# Policy\n\n> Okta enforces MFA, see SOC 2 CC7.4.\n\n## Purpose\n\nAccess is controlled.';
    expect(failing(checkDraft(quotedOnly, 'policy_draft', { title: 'Policy', body }, known))).toEqual(['facts', 'references']);
  });

  it('find each question and its answer, in a table or under a heading, and check the facts given for it', () => {
    const questions = brief(
      {
        questions: [
          { ask: 'Is customer data encrypted at rest?', facts: ['AES-256'] },
          { ask: 'Who is your data protection officer?', facts: ['Jan de Vries'] },
          { ask: 'Do you have cyber insurance?', facts: [] },
        ],
      },
      'questionnaire_answers',
    );
    const body = [
      '## Answers',
      '',
      '| Question | Answer |',
      '| --- | --- |',
      '| Is customer data encrypted at rest? | Yes: AES-256 on every volume and backup in AWS. |',
      '',
      '### Who is your data protection officer?',
      '',
      'Our DPO is reached at dpo@example.com and reports to the board.',
      '',
      '### Do you have cyber insurance?',
      '',
      'TBD',
    ].join('\n');
    const items = checkDraft(questions, 'questionnaire_answers', { title: 'Answers', body }, known).filter(
      (item) => item.check === 'questions',
    );
    expect(items.map((item) => [item.passed, item.detail])).toEqual([
      [true, undefined],
      [false, 'the answer leaves out Jan de Vries'],
      [false, 'no answer next to it'],
    ]);
  });

  it('check that a redraft applies the notes and claims no change it did not make', () => {
    const withNotes = brief(
      {
        redraft: {
          notes: 'Cite CC7.4 and name Priya Shah. Shorter please.',
          cite: ['SOC 2 CC7.4'],
          mention: ['Priya Shah'],
          length: 'shorter',
        },
      },
      'policy_draft',
    );
    const first = { title: 'Policy', body: `## Purpose\n\n${'Access is controlled and reviewed. '.repeat(20)}` };
    const claimed = {
      title: 'Policy',
      body: `## Changes in this version\n\n> Cite CC7.4 and name Priya Shah. Shorter please.\n\n- Shortened the draft, as asked.\n\n## Purpose\n\n${'Access is controlled and reviewed. '.repeat(22)} Incidents follow SOC 2 CC7.4.`,
    };
    const items = checkRedraft(withNotes, first, claimed, known);
    expect(items.map((item) => [item.item, item.passed])).toEqual([
      ['cite SOC 2 CC7.4', true],
      ['mention Priya Shah', false],
      ['shorter', false],
      ['claims it shortened the draft', false],
      ['redraft', true],
    ]);
  });
});
