/**
 * Sentences as a person reads them (product.md §4: plan steps and workflows are read as written).
 * Shared by the advisor (filtering retrieved text, composing a suggestion) and the workflow generator.
 */

/** Sentences of a passage, for filtering one line out without losing the rest. */
export function sentences(text: string): string[] {
  return text.split(/(?<=[.!?])\s+(?=[A-Z"'(\d])/).filter((sentence) => sentence.trim() !== '');
}

/**
 * Whole sentences of a text, as many as fit in `max` characters, ending with a full stop: text that
 * a person reads as written (a plan step's description, a workflow's), never a sentence cut with "…".
 * The first sentence is kept whole even when it is longer than `max`, up to `hardMax` (the field's
 * own limit); only past that is it cut, on a word, and closed with a full stop.
 */
export function completeSentences(text: string, max: number, hardMax = Math.max(max, 2000)): string {
  const all = sentences(text.replaceAll(/\s+/g, ' ').trim());
  let kept = '';
  for (const sentence of all) {
    const next = kept === '' ? sentence : `${kept} ${sentence}`;
    if (kept !== '' && next.length > max) break;
    kept = next;
  }
  if (kept.length > hardMax) {
    const lastSpace = kept.lastIndexOf(' ', hardMax - 1);
    kept = kept.slice(0, lastSpace > 0 ? lastSpace : hardMax - 1).replace(/[\s,;:–—-]+$/, '');
  }
  return kept === '' || /[.!?]["')\]]?$/.test(kept) ? kept : `${kept.replace(/[,;:]+$/, '')}.`;
}
