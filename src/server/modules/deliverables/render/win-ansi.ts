/**
 * PDF's standard fonts (Helvetica, Courier) draw WinAnsi only: Latin-1 plus a few typographic marks.
 * Common signs outside it are spelled out; anything else becomes '?' rather than a wrong glyph.
 */
const WIN_ANSI_EXTRAS = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
const SPELLED: Record<string, string> = {
  '→': '->',
  '←': '<-',
  '↔': '<->',
  '⇒': '=>',
  '≤': '<=',
  '≥': '>=',
  '≠': '!=',
  '≈': '~',
  '✓': 'v',
  '✔': 'v',
  '✗': 'x',
  '✘': 'x',
  '−': '-',
  '‑': '-',
  '\u00a0': ' ',
  '\u2009': ' ',
  '\u202f': ' ',
  '\t': '    ',
};

function isWinAnsi(character: string): boolean {
  const code = character.codePointAt(0) ?? 0;
  return code === 10 || (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRAS.has(character);
}

export function toWinAnsi(text: string): string {
  let out = '';
  for (const character of text.normalize('NFC')) {
    out += SPELLED[character] ?? (isWinAnsi(character) ? character : '?');
  }
  return out;
}
