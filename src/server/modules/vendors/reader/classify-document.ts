import type { VendorDocumentKind } from '../../../../shared/schemas/vendor-document-extraction.ts';

/** What kind of document a text is, by the phrases each kind cannot do without. */

const SIGNS: [Exclude<VendorDocumentKind, 'unknown'>, RegExp[]][] = [
  [
    'soc2_report',
    [
      /\bSOC\s*2\b/i,
      /service organi[sz]ation/i,
      /trust services (?:criteria|categories)/i,
      /service auditor/i,
      /complementary user entity/i,
    ],
  ],
  [
    'iso27001_certificate',
    [
      /\bISO\s*\/?\s*(?:IEC\s*)?27001/i,
      /certificate of (?:registration|certification|approval)/i,
      /certification body|accredit/i,
      /this is to certify/i,
      /management system/i,
    ],
  ],
  ['pen_test_summary', [/penetration test/i, /\bpen[- ]?test/i, /severity/i, /remediat/i, /\bvulnerabilit/i]],
  ['dpa', [/data processing (?:agreement|addendum)/i, /\bprocessor\b/i, /\bcontroller\b/i, /sub-?processor/i, /\bGDPR\b|personal data/i]],
];

export function classifyDocument(text: string): VendorDocumentKind {
  const head = text.slice(0, 4000);
  let best: VendorDocumentKind = 'unknown';
  let bestScore = 1;
  for (const [kind, signs] of SIGNS) {
    // A sign in the opening pages counts double: a title says what a document is.
    const score = signs.reduce((sum, sign) => sum + (sign.test(head) ? 2 : sign.test(text) ? 1 : 0), 0);
    if (score > bestScore) {
      best = kind;
      bestScore = score;
    }
  }
  return best;
}
