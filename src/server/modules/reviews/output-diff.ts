import { diffLines } from 'diff';
import type { DiffLine } from '../../../shared/schemas/reviews.ts';

/** The previous version's body against this one's, line by line, as the review screen shows it. */
export function outputDiff(previous: string, current: string): DiffLine[] {
  const lines: DiffLine[] = [];
  for (const change of diffLines(previous, current)) {
    const kind = change.added ? 'added' : change.removed ? 'removed' : 'unchanged';
    // A part ends with the newline of its last line; that is not one more (empty) line.
    const texts = change.value.replace(/\n$/, '').split('\n');
    for (const text of texts) lines.push({ kind, text });
  }
  return lines;
}
