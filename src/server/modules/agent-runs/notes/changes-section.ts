import { diffLines } from 'diff';
import { indexOfCitation } from '../providers/agent-grounding.ts';
import { quote, table } from '../providers/draft-document.ts';
import { mentionsTopic, phrasePattern, topicStems, withoutQuotes, wordCount } from './draft-sections.ts';
import type { NoteInstruction } from './parse-notes.ts';

/**
 * How the notes layer keeps a redraft honest: each change it claims is checked against the diff of
 * the previous version's content and this one's, and "Changes in this version" reports every note.
 */

export type NoteStatus = 'applied' | 'unchanged' | 'not_applied';

export interface NoteOutcome {
  instruction: NoteInstruction;
  status: NoteStatus;
  detail: string;
}

export /** The diff's added and removed text between two contents. */
function diffText(before: string, after: string): { added: string; removed: string } {
  const added: string[] = [];
  const removed: string[] = [];
  for (const change of diffLines(before, after)) {
    if (change.added) added.push(change.value);
    if (change.removed) removed.push(change.value);
  }
  return { added: added.join('\n'), removed: removed.join('\n') };
}

/** Whether the diff shows the change an outcome claims; a claim the text does not bear out is withdrawn. */
export function confirmed(instruction: NoteInstruction, before: string, after: string, title: string): boolean {
  const { added, removed } = diffText(before, after);
  switch (instruction.kind) {
    case 'shorten':
      return wordCount(after) < wordCount(before);
    case 'expand':
      return wordCount(after) > wordCount(before);
    case 'cite':
      return indexOfCitation(added, instruction.citation) >= 0;
    case 'add':
      return mentionsTopic(added, topicStems(instruction.topic));
    case 'remove':
      return !phrasePattern(instruction.target).test(withoutQuotes(after)) && phrasePattern(instruction.target).test(removed);
    case 'replace':
      return (
        added.toLowerCase().includes(instruction.to.toLowerCase()) &&
        (instruction.to.toLowerCase().includes(instruction.from.toLowerCase()) ||
          !phrasePattern(instruction.from).test(withoutQuotes(after)))
      );
    case 'rename':
      return title === instruction.to && added.includes(`# ${instruction.to}`);
    case 'set-risk-score':
      return true;
    default:
      return false;
  }
}

const STATUS_LABEL: Record<NoteStatus, string> = {
  applied: 'Applied',
  unchanged: 'Already in place',
  not_applied: '**Not applied — reviewer, please check**',
};

export function changesLines(notes: string | null, outcomes: readonly NoteOutcome[], previousVersion: number | null): string[] {
  if (!notes)
    return [
      previousVersion
        ? `Drafted again from the request; no reviewer notes were given on version ${previousVersion}.`
        : 'No reviewer notes were given.',
    ];
  const applied = outcomes.filter((outcome) => outcome.status === 'applied').length;
  const flagged = outcomes.filter((outcome) => outcome.status === 'not_applied').length;
  const summary =
    flagged === 0
      ? `**Every note was acted on: ${applied} change${applied === 1 ? '' : 's'} made${outcomes.length > applied ? `, ${outcomes.length - applied} already in place` : ''}.**`
      : `**${applied} of ${outcomes.length} notes applied. ${flagged} could not be applied and ${flagged === 1 ? 'is' : 'are'} flagged below: please check ${flagged === 1 ? 'it' : 'them'} before approving.**`;
  return [
    `The reviewer’s notes${previousVersion ? ` on version ${previousVersion}` : ''}:`,
    '',
    quote(notes),
    '',
    summary,
    '',
    table(
      ['#', 'Note', 'Status', 'What changed'],
      outcomes.map((outcome, index) => [String(index + 1), outcome.instruction.note, STATUS_LABEL[outcome.status], outcome.detail]),
    ),
  ];
}
