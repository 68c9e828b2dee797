import { normalizeCitation } from '../../advisor/advisor-references.ts';
import type { DraftInput, DraftResult } from '../providers/agent-provider.ts';
import { type Grounding, citedSources, indexOfCitation } from '../providers/agent-grounding.ts';
import { passageLine, sentenceCase } from '../providers/draft-document.ts';
import {
  CHANGES_HEADING,
  SOURCES_HEADING,
  type Section,
  type SplitDraft,
  contentSections,
  contentText,
  joinDraft,
  mentionsTopic,
  shortenLines,
  splitDraft,
  topicStems,
  wordCount,
} from './draft-sections.ts';
import { type NoteOutcome, changesLines, confirmed, diffText } from './changes-section.ts';
import { type NoteInstruction, notesAsData, parseReviewNotes } from './parse-notes.ts';
import { removeFromDraft, replaceInDraft } from './text-edits.ts';

/**
 * The notes layer (docs/delivery.md "Reviewer notes become changes"): after a provider has composed
 * a redraft, each instruction of the reviewer's notes is applied to it (or found already applied by
 * the composer or the model), every claimed change is checked against the diff of the previous
 * version's content and this one's, and "Changes in this version" says exactly which notes were
 * applied and, plainly, which were not, flagged for the reviewer. Both providers go through it.
 */

export interface ApplyNotesInput {
  draft: DraftResult;
  grounding: Grounding;
  previous: DraftInput['previous'];
  /** The reviewer's notes as written (their lines matter); null on a first draft. */
  reviewNotes: string | null;
  /** Writes the body's "Sources" section again after the content changed (the builtin frame). */
  sourcesSection?: (grounding: Grounding, bodyWithoutSources: string) => string;
}

const ASKED_CITATIONS = 'Requirements cited at the reviewer’s request';
const FURTHER_DETAIL = 'Further detail';

interface Work {
  draft: DraftResult;
  split: SplitDraft;
  grounding: Grounding;
  previousContent: string;
  previousVersion: number;
}

const words = (work: Work) => wordCount(contentText(work.split));
const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;
const percent = (from: number, to: number) => Math.round((Math.abs(to - from) / Math.max(1, from)) * 100);

/** Adds a section before "Sources" (or at the end), or lines to it when it exists. */
function addSection(split: SplitDraft, heading: string, lines: string[]): void {
  const existing = split.sections.find((section) => section.heading === heading);
  if (existing) {
    existing.lines.push(...lines);
    return;
  }
  const at = split.sections.findIndex((section) => section.heading === SOURCES_HEADING);
  split.sections.splice(at < 0 ? split.sections.length : at, 0, { heading, lines });
}

function sectionsMentioning(split: SplitDraft, test: (text: string) => boolean): string[] {
  return contentSections(split)
    .filter((section) => test(`${section.heading}\n${section.lines.join('\n')}`))
    .map((section) => `“${section.heading}”`);
}

function targetSections(split: SplitDraft, target: string | null): Section[] {
  const all = contentSections(split);
  if (!target) return all;
  const stems = topicStems(target);
  const named = all.filter((section) => mentionsTopic(section.heading, stems));
  return named.length > 0 ? named : all;
}

function shorten(work: Work, instruction: Extract<NoteInstruction, { kind: 'shorten' }>): Omit<NoteOutcome, 'instruction'> {
  const before = wordCount(work.previousContent);
  const now = words(work);
  if (now < before * 0.95)
    return { status: 'applied', detail: `The content is ${percent(before, now)} % shorter (${before} → ${now} words).` };
  let dropped = 0;
  for (const section of targetSections(work.split, instruction.target)) {
    const result = shortenLines(section.lines);
    section.lines = result.lines;
    dropped += result.dropped;
  }
  const after = words(work);
  if (dropped === 0 || after >= before) {
    return {
      status: 'not_applied',
      detail: 'No list or table was long enough to cut without losing what the request needs: shorten it by hand.',
    };
  }
  return {
    status: 'applied',
    detail: `Cut ${dropped} list items and table rows (the last third of each long list and table${instruction.target ? ` in “${instruction.target}”` : ''}): ${percent(before, after)} % shorter (${before} → ${after} words).`,
  };
}

function expand(work: Work): Omit<NoteOutcome, 'instruction'> {
  const before = wordCount(work.previousContent);
  const now = words(work);
  if (now > before * 1.05)
    return { status: 'applied', detail: `The content is ${percent(before, now)} % longer (${before} → ${now} words).` };
  const body = contentText(work.split);
  const passages = work.grounding.passages.filter((passage) => !body.includes(passage.text)).slice(0, 3);
  const requirements = work.grounding.requirements
    .filter((requirement) => requirement.relevance > 0 && indexOfCitation(body, requirement.citation) < 0)
    .slice(0, 3);
  if (passages.length + requirements.length === 0) {
    return { status: 'not_applied', detail: 'The grounding holds nothing this draft does not already use: add the detail by hand.' };
  }
  addSection(work.split, FURTHER_DETAIL, [
    '',
    ...requirements.map((requirement) => `- **${requirement.citation} ${requirement.title}**: ${requirement.summary}`),
    ...passages.map((passage) => `- ${passageLine(passage)}`),
  ]);
  return {
    status: 'applied',
    detail: `Added “${FURTHER_DETAIL}” with ${plural(requirements.length, 'more requirement')} and ${plural(passages.length, 'more guidance passage')} (${before} → ${words(work)} words).`,
  };
}

function cite(work: Work, citation: string): Omit<NoteOutcome, 'instruction'> {
  const inNow = indexOfCitation(contentText(work.split), citation) >= 0;
  const inBefore = indexOfCitation(work.previousContent, citation) >= 0;
  const where = () => sectionsMentioning(work.split, (text) => indexOfCitation(text, citation) >= 0).join(', ');
  if (inNow && !inBefore) return { status: 'applied', detail: `Now cites ${citation} (in ${where()}).` };
  if (inNow)
    return {
      status: 'unchanged',
      detail: `${citation} was already cited in version ${work.previousVersion} (in ${where()}) and still is.`,
    };
  const requirement = work.grounding.requirements.find((entry) => normalizeCitation(entry.citation) === normalizeCitation(citation));
  if (!requirement) {
    const scope = work.grounding.frameworks.map((framework) => framework.label).join(', ');
    return {
      status: 'not_applied',
      detail: `${citation} is not a requirement the frameworks catalogue holds for this draft’s frameworks (${scope}), so it is not cited: check the reference.`,
    };
  }
  addSection(work.split, ASKED_CITATIONS, ['', `- **${requirement.citation} ${requirement.title}**: ${requirement.summary}`]);
  return { status: 'applied', detail: `Cited ${citation} (${requirement.title}) in “${ASKED_CITATIONS}”.` };
}

/** Where facts a reviewer states (and the catalogue cannot hold) are written. */
const REVIEWER_FACTS = 'Stated by the reviewer';

/**
 * A topic that names something of the client's rather than a subject to research: a proper name
 * ("Maria Keller", "Okta"), an address or domain, a figure, or a phrase of more than three words.
 */
function namesAFact(topic: string): boolean {
  return /(?:^|\s)\p{Lu}\p{Ll}+\s+\p{Lu}|[@/]|\b[\w-]+\.(?:com|org|net|io|eu|de|uk)\b|\d/u.test(topic) || topic.split(/\s+/).length > 3;
}

function add(work: Work, topic: string, addedText: string): Omit<NoteOutcome, 'instruction'> {
  const stems = topicStems(topic);
  if (stems.length === 0) return { status: 'not_applied', detail: `“${topic}” names nothing the agent could look up: add it by hand.` };
  const coveredBefore = mentionsTopic(work.previousContent, stems);
  if (!coveredBefore && mentionsTopic(addedText, stems)) {
    return {
      status: 'applied',
      detail: `Now covers ${topic} (in ${sectionsMentioning(work.split, (text) => mentionsTopic(text, stems)).join(', ')}).`,
    };
  }
  const body = contentText(work.split);
  const requirements = work.grounding.requirements
    .filter((requirement) => mentionsTopic(`${requirement.citation} ${requirement.title} ${requirement.summary}`, stems))
    .slice(0, 4);
  const passages = work.grounding.passages.filter(
    (passage) => mentionsTopic(`${passage.heading} ${passage.text}`, stems) && !body.includes(passage.text),
  );
  // A note that names a fact of the client's (a person, a system, an address, a risk's source) is
  // stated as the reviewer gave it: the catalogue cannot know it, and the reviewer vouches for it.
  const named = namesAFact(topic) && !contentText(work.split).toLowerCase().includes(topic.toLowerCase());
  if (named && requirements.length + passages.length === 0) {
    addSection(work.split, REVIEWER_FACTS, ['', `- ${sentenceCase(topic)}.`]);
    return { status: 'applied', detail: `Stated “${topic}” as the reviewer gave it, in “${REVIEWER_FACTS}”.` };
  }
  if (requirements.length + passages.length === 0) {
    return {
      status: 'not_applied',
      detail: coveredBefore
        ? `Version ${work.previousVersion} already mentions ${topic} (${sectionsMentioning(work.split, (text) => mentionsTopic(text, stems)).join(', ')}) and the catalogue and knowledge base hold nothing more on it: expand it by hand.`
        : `Nothing in the frameworks catalogue or the knowledge base retrieved for this request covers “${topic}”: add it by hand.`,
    };
  }
  const heading = sentenceCase(topic);
  addSection(work.split, heading, [
    '',
    named ? `Added at the reviewer’s request: ${topic}.` : `Added at the reviewer’s request.`,
    '',
    ...requirements.map((requirement) => `- **${requirement.citation} ${requirement.title}**: ${requirement.summary}`),
    ...passages.slice(0, 3).map((passage) => `- ${passageLine(passage)}`),
  ]);
  return {
    status: 'applied',
    detail: `Added the section “${heading}” (${plural(requirements.length, 'requirement')}, ${plural(Math.min(passages.length, 3), 'guidance passage')}).`,
  };
}

function rename(work: Work, title: string): Omit<NoteOutcome, 'instruction'> {
  const index = work.split.preamble.findIndex((line) => line.startsWith('# '));
  if (index >= 0) work.split.preamble[index] = `# ${title}`;
  else work.split.preamble.unshift(`# ${title}`, '');
  work.draft = { ...work.draft, title };
  return { status: 'applied', detail: `Retitled “${title}”.` };
}

function applyOne(work: Work, instruction: NoteInstruction, addedText: string): Omit<NoteOutcome, 'instruction'> {
  switch (instruction.kind) {
    case 'shorten':
      return shorten(work, instruction);
    case 'expand':
      return expand(work);
    case 'cite':
      return cite(work, instruction.citation);
    case 'add':
      return add(work, instruction.topic, addedText);
    case 'remove':
      return removeFromDraft(work.split, work.previousContent, instruction.target);
    case 'replace':
      return replaceInDraft(work.split, instruction.from, instruction.to);
    case 'rename':
      return rename(work, instruction.to);
    case 'set-risk-score': {
      const was = work.draft.riskScore;
      work.draft = { ...work.draft, riskScore: instruction.value };
      return { status: 'applied', detail: `Risk score set to ${instruction.value} (the agent’s own estimate was ${was}).` };
    }
    case 'tone':
      return { status: 'not_applied', detail: 'The agent does not change tone or wording by itself: edit the wording before approving.' };
    case 'other':
      return {
        status: 'not_applied',
        detail: 'The agent could not turn this note into a change it can make: apply it by hand or reject again with a more specific note.',
      };
  }
}

/** Applies the reviewer's notes to a composed redraft and writes its verified "Changes in this version". */
export function applyReviewNotes(input: ApplyNotesInput): { draft: DraftResult; outcomes: NoteOutcome[] } {
  const { grounding, previous } = input;
  const notes = notesAsData(input.reviewNotes);
  if (!notes && !previous) return { draft: input.draft, outcomes: [] };
  const split = splitDraft(input.draft.body);
  // Whatever a composer or a model wrote as its own changes is replaced by the verified account.
  split.sections = split.sections.filter((section) => section.heading !== CHANGES_HEADING);
  const previousContent = previous ? contentText(splitDraft(previous.body)) : '';
  const work: Work = { draft: input.draft, split, grounding, previousContent, previousVersion: previous?.version ?? 0 };
  const composedAdded = diffText(previousContent, contentText(split)).added;

  const outcomes: NoteOutcome[] = parseReviewNotes(notes).map((instruction) => ({
    instruction,
    ...applyOne(work, instruction, composedAdded),
  }));
  const finalContent = contentText(work.split);
  for (const outcome of outcomes) {
    if (outcome.status === 'applied' && !confirmed(outcome.instruction, previousContent, finalContent, work.draft.title)) {
      outcome.status = 'not_applied';
      outcome.detail = `Not confirmed in the text of this version, so not claimed (${outcome.detail.replace(/\.$/, '')}): check it by hand.`;
    }
  }

  // Sources are what the content cites: a reference only quoted from the notes is not one.
  const content = joinDraft({ ...work.split, sections: contentSections(work.split) }).trimEnd();
  work.split.sections.unshift({
    heading: CHANGES_HEADING,
    lines: ['', ...changesLines(notes, outcomes, previous?.version ?? null)],
  });
  let body = joinDraft(work.split);
  if (input.sourcesSection) {
    const withoutSources = joinDraft({
      ...work.split,
      sections: work.split.sections.filter((section) => section.heading !== SOURCES_HEADING),
    }).trimEnd();
    body = `${withoutSources}\n\n## ${SOURCES_HEADING}\n\n${input.sourcesSection(grounding, content)}\n`;
  }
  return { draft: { ...work.draft, body, sources: citedSources(content, grounding) }, outcomes };
}
