import { FRAMEWORKS, type FrameworkId } from '../../src/server/modules/advisor/advisor-frameworks.ts';
import type { EvalBrief } from './brief-schema.ts';
import {
  answerTo,
  citesAny,
  citesReference,
  content,
  findReferences,
  firstPhase,
  isAnswer,
  mentions,
  planText,
  rankedHigh,
} from './draft-text.ts';

/**
 * The property checks of `npm run eval` (docs/delivery.md "Evaluation"). Each expectation of a brief
 * becomes one or more check items; an item passes or fails with a reason a reader can act on.
 */

export const CHECKS = [
  'kind',
  'facts',
  'references',
  'gaps',
  'strengths',
  'out_of_scope',
  'questions',
  'notes',
  'nothing_invented',
] as const;
export type CheckName = (typeof CHECKS)[number];

export const CHECK_LABELS: Record<CheckName, string> = {
  kind: 'classified as the kind of work asked',
  facts: 'named facts present',
  references: 'asked references cited',
  gaps: 'stated gaps planned and ranked high',
  strengths: 'stated strengths not planned first',
  out_of_scope: 'no out-of-scope citation',
  questions: 'every question answered',
  notes: 'reviewer notes applied',
  nothing_invented: 'nothing invented',
};

export interface CheckItem {
  check: CheckName;
  item: string;
  passed: boolean;
  /** Why it failed. */
  detail?: string;
}

export interface DraftUnderTest {
  title: string;
  body: string;
}

/** The codes the frameworks catalogue holds, per framework ("CC6.1", "A.8.5", "9.2", "Art. 30", "164.312(b)", "10.4.1.1"). */
export type KnownCodes = ReadonlyMap<FrameworkId, ReadonlySet<string>>;

/** A citation's code in the catalogue's own form: "ISO 27001 Clause 9.2" → "9.2", "PCI DSS Req. 8.4" → "8.4". */
export function codeOf(citation: string, framework: FrameworkId): string {
  return citation
    .slice(FRAMEWORKS[framework].label.length)
    .trim()
    .replace(/^(Req\.|Clause|§)\s*/, '');
}

/** Whether the catalogue holds a citation: the code itself, or a requirement under it ("164.308(a)(1)" holds "(i)"). */
export function isKnown(citation: string, framework: FrameworkId, known: KnownCodes): boolean {
  const codes = known.get(framework);
  if (!codes) return false;
  const code = codeOf(citation, framework);
  if (codes.has(code)) return true;
  for (const other of codes) if (other.startsWith(`${code}(`) || other.startsWith(`${code}.`) || other.startsWith(`${code}-`)) return true;
  return false;
}

/**
 * The citations of a text the catalogue does not hold. A bare code ("A.2.2" quoted from a passage,
 * with no framework named just before it) is only guessed at by the reference finder, so it counts
 * as known when any framework holds it.
 */
function inventedIn(body: string, known: KnownCodes): string[] {
  const unknown = findReferences(body, null).filter((found) => {
    if (isKnown(found.citation, found.framework, known)) return false;
    const named = body.slice(Math.max(0, found.index - 30), found.index);
    if (named.includes(FRAMEWORKS[found.framework].label)) return true;
    const code = codeOf(found.citation, found.framework);
    return ![...known.keys()].some((framework) => isKnown(`${FRAMEWORKS[framework].label} ${code}`, framework, known));
  });
  return [...new Set(unknown.map((found) => found.citation))];
}

export function checkDraft(brief: EvalBrief, classifiedKind: string, draft: DraftUnderTest, known: KnownCodes): CheckItem[] {
  const items: CheckItem[] = [];
  const expect = brief.expect;
  const body = draft.body;
  const said = content(body);

  items.push({
    check: 'kind',
    item: brief.kind,
    passed: classifiedKind === brief.kind,
    detail: classifiedKind === brief.kind ? undefined : `classified as ${classifiedKind}`,
  });

  for (const fact of expect.facts) {
    items.push({ check: 'facts', item: fact, passed: mentions(said, fact), detail: 'not in the draft' });
  }
  if (expect.vendor) {
    const inTitle = mentions(draft.title, expect.vendor);
    const inBody = mentions(said, expect.vendor);
    items.push({
      check: 'facts',
      item: `vendor ${expect.vendor} in title and body`,
      passed: inTitle && inBody,
      detail: [!inTitle && 'not in the title', !inBody && 'not in the body'].filter(Boolean).join(', '),
    });
  }

  for (const ref of expect.cite) {
    items.push({ check: 'references', item: ref, passed: citesReference(said, ref), detail: 'not cited' });
  }

  const plan = planText(body);
  for (const gap of expect.gaps) {
    const planned = citesAny(plan, gap.refs);
    const high = gap.refs.some((ref) => rankedHigh(said, ref)) || citesAny(firstPhase(plan), gap.refs);
    items.push({
      check: 'gaps',
      item: `${gap.said} (${gap.refs.join(' / ')})`,
      passed: planned && high,
      detail: [
        !planned && (plan ? 'not in the plan' : 'the draft has no plan'),
        !high && 'not ranked high (no High/Critical row, not in the first phase)',
      ]
        .filter(Boolean)
        .join(', '),
    });
  }
  const first = firstPhase(plan);
  for (const strength of expect.strengths) {
    const plannedFirst = plan !== '' && citesAny(first, strength.refs);
    items.push({
      check: 'strengths',
      item: `${strength.said} (${strength.refs.join(' / ')})`,
      passed: !plannedFirst,
      detail: 'planned in the first phase',
    });
  }

  for (const framework of expect.outOfScope) {
    const cited = [
      ...new Set(
        findReferences(said, null)
          .filter((found) => found.framework === framework)
          .map((found) => found.citation),
      ),
    ];
    items.push({
      check: 'out_of_scope',
      item: FRAMEWORKS[framework].label,
      passed: cited.length === 0,
      detail: `cites ${cited.slice(0, 4).join(', ')}`,
    });
  }

  for (const question of expect.questions) {
    const answer = answerTo(body, question.ask);
    const missing = question.facts.filter((fact) => answer === null || !mentions(answer, fact));
    const answered = isAnswer(answer);
    items.push({
      check: 'questions',
      item: question.ask,
      passed: answered && missing.length === 0,
      detail:
        answer === null
          ? 'the question is not in the draft'
          : !answered
            ? 'no answer next to it'
            : `the answer leaves out ${missing.join(', ')}`,
    });
  }

  const invented = inventedIn(body, known);
  items.push({
    check: 'nothing_invented',
    item: 'first draft',
    passed: invented.length === 0,
    detail: `not in the catalogue: ${invented.join(', ')}`,
  });
  return items.map((item) => (item.passed ? { ...item, detail: undefined } : item));
}

/** The redraft after a rejection: each point of the notes applied, and nothing invented. */
export function checkRedraft(brief: EvalBrief, first: DraftUnderTest, redraft: DraftUnderTest, known: KnownCodes): CheckItem[] {
  const notes = brief.expect.redraft;
  if (!notes) return [];
  const items: CheckItem[] = [];
  const before = content(first.body);
  const after = content(redraft.body);
  for (const ref of notes.cite) {
    items.push({ check: 'notes', item: `cite ${ref}`, passed: citesReference(after, ref), detail: 'not cited in the redraft' });
  }
  for (const fact of notes.mention) {
    items.push({ check: 'notes', item: `mention ${fact}`, passed: mentions(after, fact), detail: 'not in the redraft' });
  }
  for (const framework of notes.drop) {
    const still = findReferences(after, null).filter((found) => found.framework === framework);
    items.push({
      check: 'notes',
      item: `drop ${FRAMEWORKS[framework].label}`,
      passed: still.length === 0,
      detail: `still cites ${[...new Set(still.map((found) => found.citation))].slice(0, 4).join(', ')}`,
    });
  }
  if (notes.length) {
    const ratio = after.length / Math.max(1, before.length);
    const passed = notes.length === 'shorter' ? ratio <= 0.9 : ratio >= 1.1;
    items.push({
      check: 'notes',
      item: notes.length,
      passed,
      detail: `the redraft is ${Math.round(ratio * 100)} % of the first draft's length`,
    });
  }
  // A redraft never claims what it did not do: a claimed shortening is shorter, a claimed expansion longer.
  // The notes are quoted there ("> …"): only what the redraft says about itself counts as a claim.
  const changes = (/## Changes in this version\n([\s\S]*?)(?=\n## )/.exec(redraft.body)?.[1] ?? '')
    .replace(/^>.*$/gm, '')
    .replaceAll(/“[^”]*”|"[^"]*"/g, '');
  const claimsShorter = /\b(shortened|condensed|trimmed|cut down)\b/i.test(changes);
  const claimsLonger = /\b(expanded|added more|more detail(ed)?)\b/i.test(changes);
  if (claimsShorter || claimsLonger) {
    const honest = claimsShorter ? after.length < before.length : after.length > before.length;
    items.push({
      check: 'notes',
      item: `claims it ${claimsShorter ? 'shortened' : 'expanded'} the draft`,
      passed: honest,
      detail: `the redraft is ${Math.round((after.length / Math.max(1, before.length)) * 100)} % of the first draft's length`,
    });
  }
  const invented = inventedIn(redraft.body, known);
  items.push({
    check: 'nothing_invented',
    item: 'redraft',
    passed: invented.length === 0,
    detail: `not in the catalogue: ${invented.join(', ')}`,
  });
  return items.map((item) => (item.passed ? { ...item, detail: undefined } : item));
}
