import { describe, expect, it } from 'vitest';
import { completeSentences } from './sentences.ts';

describe('completeSentences', () => {
  it('keeps as many whole sentences as fit, never a cut one', () => {
    const text = 'Export the user lists from each system. Ask each owner to confirm who still needs access. Remove the rest within a week.';
    expect(completeSentences(text, 90)).toBe('Export the user lists from each system. Ask each owner to confirm who still needs access.');
    expect(completeSentences(text, 500)).toBe(text);
  });

  it('keeps a first sentence longer than the limit whole rather than cutting it', () => {
    const long = `Review ${'every privileged account '.repeat(12).trim()} before the audit window opens. Then file it.`;
    const result = completeSentences(long, 120);
    expect(result).toBe(long.slice(0, long.indexOf(' Then')));
    expect(result).not.toContain('…');
  });

  it('closes a sentence that has no full stop, and cuts only past the hard limit, on a word', () => {
    expect(completeSentences('Export user lists', 240)).toBe('Export user lists.');
    expect(completeSentences('Scope the audit:', 240)).toBe('Scope the audit.');
    const endless = 'word '.repeat(100).trim();
    const cut = completeSentences(endless, 50, 100);
    expect(cut.length).toBeLessThanOrEqual(100);
    expect(cut).toMatch(/^(word )+word\.$/);
  });

  it('leaves an empty text empty', () => {
    expect(completeSentences('   ', 100)).toBe('');
  });
});
