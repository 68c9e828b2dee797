import type { BriefOutOfScope, BriefQuestion, BriefStatement } from '../../../../shared/schemas/brief-facts.ts';
import type { CatalogueFrameworkId } from '../../../../shared/schemas/programme-statuses.ts';
import { FRAMEWORKS, detectFrameworks } from '../../advisor/advisor-frameworks.ts';
import { type Nlp, loadCompromise } from './brief-nlp.ts';
import { type Topic, topicsIn } from './brief-topics.ts';

/**
 * What the brief states, sentence by sentence (compromise splits sentences and clauses and tags
 * negations): the gaps it confesses ("we have no…", "never tested", "not yet", "missing", "lack"),
 * the strengths it claims, the frameworks it puts out of scope, and the questions it asks. Polarity
 * is decided per clause, so "MFA is enforced, but backups were never tested" is one strength and one
 * gap. A clause asking for work ("please assess our access reviews") states neither.
 */

export interface Statements {
  gaps: BriefStatement[];
  strengths: BriefStatement[];
  outOfScope: BriefOutOfScope[];
  questions: BriefQuestion[];
}

const NEGATION =
  /\b(no|not|never|none|nobody|nothing|neither|nor|without|lacks?|lacking|missing|absent|yet to|ad[- ]hoc|informal(ly)?|outdated|out of date|overdue|expired|incomplete|inconsistent(ly)?|partial(ly)?|stale|unpatched|unencrypted|untested|undocumented|unmonitored|unreviewed|unmanaged|cannot|gaps?|weak(ness(es)?)?|no one|not yet|haven['’]t|hasn['’]t)\b|n['’]t\b/i;

/** Negative words that do not deny a control ("no later than", "no incidents so far"). */
const NOT_A_DENIAL =
  /\b(no later than|not only|no exceptions?|without exception|(no|never|zero|not had (a|any))\b[^.;]{0,30}\b(incidents?|breach(es|ed)?|outages?|findings|exceptions)\b(?![\s-]*(response|plan|process|procedure|management|notification|playbooks?|runbooks?|handling|logs?|register|reporting|policy|clause)))/i;

/** Not in place yet, in the future tense. */
const PLANNED =
  /\b(plan(s|ning)? to|intend(s|ing)? to|(want|would like|hope) to (set up|introduce|implement|start|roll out|adopt|put)|need to (set up|introduce|implement|start|put|get|write|define|roll out)|working on|in progress|being (set up|rolled out|implemented|drafted)|will (be )?(introduc|implement|set up|roll)\w*|next (quarter|year|month))\b/i;

/** A clause that asks for work or sets its scope rather than stating a fact. */
const REQUEST =
  /^(and |but )?(please\b|kindly\b|can you|could you|would you|we need you|we('d| would) like (you|a|an|the)|we want (you|a|an)|we need (a|an|the) (policy|review|assessment|register|checklist|answers?|draft|document)|help us|assess|review|draft|write|prepare|create|evaluate|produce|list|map|cover|include|focus|check|identify|answer|also cover)\b|\b(the|this|your) (assessment|review|policy|document|draft|register|checklist|questionnaire|report|answers?) (should|must|will|needs? to|has to)\b|\bfor us to\b|\b(assess|evaluate|review|check) (whether|if|how)\b/i;

const OUT_OF_SCOPE =
  /\b(out of scope|out-of-scope|not in scope|outside (of )?(the |our )?scope|excluded?|exclud\w+|does(n['’]t| not) apply|do(n['’]t| not) apply|not applicable|not relevant|irrelevant|not subject to|no need for|not (pursuing|targeting|seeking|required)|leave out|ignore|not covered by|not a (hipaa )?(covered entity|business associate))\b/i;

/** A clause whose subject points back at the clause before ("…, but it was never tested"). */
const PRONOUN_SUBJECT = /^(?:(?:and|but|though|although|however|yet|so)\b,?\s+)?(?:it|they|this|that|these|those|which)\b/i;

const LIST_MARK = /^\s*(?:[-*•]|\(?\d{1,3}[.)]|Q\d{1,3}[:.)]?|question\s*\d*\s*[:.)-])\s*/i;

function clean(text: string): string {
  return text.replace(LIST_MARK, '').replaceAll(/\s+/g, ' ').trim();
}

/** Clauses of a sentence: compromise's clauses, then any "but/however/although/whereas/;" it left joined. */
function clausesOf(nlp: Nlp, sentence: string): string[] {
  // "Restore tests: not yet done" ("… — not yet done") is one statement: its label and its value stay together.
  const labelled = /^[^:—–]{2,60}(?::|\s[—–-]\s)\s*\S/.test(sentence);
  return (labelled ? [sentence] : (nlp(sentence).clauses().out('array') as string[]))
    .flatMap((clause: string) => clause.split(/;|\s+(?=(?:but|however|although|though|whereas|while|except)\b)/i))
    .map((clause: string) => clause.trim())
    .filter((clause: string) => /[\p{L}\p{N}]/u.test(clause));
}

/** For now, this year: a framework left for later is out of this request's scope. */
const FOR_NOW = String.raw`(?:for now|for the time being|at (?:the|this) (?:moment|stage)|this (?:year|quarter|time|round)|in this (?:review|assessment|engagement|request|draft))`;

/** The sentence shapes that put one named framework out ("not SOC 2", "leave SOC 2 out of it", "no SOC 2 for now"). */
function frameworkPattern(id: CatalogueFrameworkId): RegExp[] {
  return FRAMEWORKS[id].aliases.flatMap((alias) => [
    new RegExp(String.raw`\bnot\s+(?:for\s+|under\s+|a\s+)?(?:${alias.source})\s*(?=[.,;:)]|$|\s+(?:but|and|or|either|nor)\b)`, 'i'),
    // "We're not doing SOC 2 this year", "we aren't pursuing ISO 27001"
    new RegExp(
      String.raw`(?:\bnot|n['’]t|\bno longer)\s+(?:\w+\s+)?(?:doing|pursuing|going for|going after|working (?:on|towards?)|getting|seeking|targeting|bothering with)\s+(?:an?\s+|the\s+|with\s+)?(?:${alias.source})\b`,
      'i',
    ),
    // "leave SOC 2 out (of it)", "leave out HIPAA", "SOC 2 can be left out", "skip PCI DSS", "drop GDPR"
    new RegExp(String.raw`\b(?:leave|keep)\s+(?:the\s+)?(?:${alias.source})\s+(?:\w+\s+){0,2}out\b`, 'i'),
    new RegExp(String.raw`\b(?:leave|keep)\s+out\s+(?:the\s+)?(?:${alias.source})\b`, 'i'),
    new RegExp(String.raw`(?:${alias.source})\s+(?:\w+\s+){0,2}(?:is|are|be|been)\s+(?:left|kept)\s+out\b`, 'i'),
    new RegExp(String.raw`\b(?:skip|drop|omit|set aside|park)\s+(?:the\s+)?(?:${alias.source})\b`, 'i'),
    // "no ISO 27001 for now", "ISO 27001 is not for this year"
    new RegExp(String.raw`\bno\s+(?:${alias.source})\s+(?:\w+\s+)?${FOR_NOW}`, 'i'),
    new RegExp(String.raw`(?:${alias.source})\s+(?:is|are)(?:\s+not|n['’]t)\s+(?:needed|wanted|a priority|on the table)\b`, 'i'),
  ]);
}

function outOfScopeIn(clause: string, source: string): BriefOutOfScope[] {
  const found: BriefOutOfScope[] = [];
  const add = (framework: CatalogueFrameworkId) => {
    if (!found.some((entry) => entry.framework === framework)) found.push({ framework, text: clean(clause).slice(0, 1000), source });
  };
  // "Out of scope: SOC 2, HIPAA" puts every framework of the line out.
  if (/^(out of scope|out-of-scope|not in scope|excluded|exclusions?)\s*[:\-–]/i.test(clean(clause))) {
    detectFrameworks(clause).forEach(add);
    return found;
  }
  for (const segment of clause.split(/,|\s+(?=(?:and|or)\s+(?:not|is|are)\b)/)) {
    const named = detectFrameworks(segment);
    if (named.length === 0) continue;
    for (const id of named) if (frameworkPattern(id).some((pattern) => pattern.test(segment))) add(id);
    if (OUT_OF_SCOPE.test(segment)) named.forEach(add);
  }
  return found;
}

export function isQuestion(sentence: string): boolean {
  return /\?\s*$/.test(sentence);
}

function polarity(nlp: Nlp, clause: string): 'gap' | 'strength' | null {
  const text = clean(clause);
  if (isQuestion(text) || REQUEST.test(text)) return null;
  const stripped = text.replace(NOT_A_DENIAL, ' ');
  if (NEGATION.test(stripped) || nlp(stripped).has('#Negative')) return 'gap';
  if (PLANNED.test(text)) return 'gap';
  // "No incidents so far" is history, not a control: neither a gap nor a strength.
  if (stripped !== text) return null;
  // A fragment without a verb ("MFA and SSO") states nothing; "Backups: daily" does, by its colon.
  return nlp(text).has('#Verb') || /:\s*\S/.test(text) ? 'strength' : null;
}

/** The statements of one text (the title, the brief, an attachment). */
export async function readStatements(text: string, source: string): Promise<Statements> {
  const { default: nlp } = await loadCompromise();
  const result: Statements = { gaps: [], strengths: [], outOfScope: [], questions: [] };
  const lines = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  for (const line of lines) {
    const sentencesOfLine: string[] = nlp(line.replace(LIST_MARK, '')).sentences().out('array');
    for (const raw of sentencesOfLine.flatMap((sentence) => sentence.split(/(?<=\?)\s+/))) {
      const sentence = clean(raw);
      if (!sentence) continue;
      if (isQuestion(sentence)) {
        // "Customer asks: what is your RTO?", "and do you …?": the question itself, capitalised.
        const bare = sentence
          .replace(/^(question|q)\s*\d*\s*[:.)-]\s*/i, '')
          .replace(/^[\w\s'’]{0,40}\b(asks?|asked|wants to know|would like to know|questions?)\s*:\s*/i, '')
          .replace(/^(and|also|or|plus|finally)\b,?\s*/i, '');
        const question = bare.charAt(0).toUpperCase() + bare.slice(1);
        if (question.length > 8 && !result.questions.some((entry) => entry.text === question))
          result.questions.push({ text: question, source });
        continue;
      }
      let previous: Topic[] = [];
      for (const clause of clausesOf(nlp, sentence)) {
        for (const entry of outOfScopeIn(clause, source)) {
          if (!result.outOfScope.some((other) => other.framework === entry.framework))
            result.outOfScope.push({ ...entry, text: sentence.slice(0, 1000) });
        }
        const own = topicsIn(clause);
        // "We wrote an incident plan, but it has never been tested": the pronoun's topic is the clause before.
        const inherited = own.length === 0 && PRONOUN_SUBJECT.test(clean(clause));
        const topics = inherited ? previous : own;
        if (own.length > 0) previous = own;
        if (topics.length === 0) continue;
        const kind = polarity(nlp, clause);
        if (!kind) continue;
        const text = sentence.slice(0, 1000);
        // The qualification decides: what the clause before claimed is no longer a strength.
        if (inherited && kind === 'gap')
          result.strengths = result.strengths.filter(
            (entry) => !(entry.text === text && topics.some((topic) => topic.name === entry.topic)),
          );
        const list = kind === 'gap' ? result.gaps : result.strengths;
        for (const topic of topics) {
          if (list.some((entry) => entry.topic === topic.name && entry.text === text)) continue;
          list.push({ text, topic: topic.name, controls: [...topic.controls], source });
        }
      }
    }
  }
  return result;
}
