import { describe, expect, it } from 'vitest';
import { readVendorDocument } from '../read-vendor-document.ts';
import { generateHoldout } from './generate-holdout.ts';
import { addScores, scoreDocument } from './holdout-score.ts';

/**
 * The held-out test of the vendor document reader (issue 35 "Done when"): documents written in
 * layouts and wordings chosen without looking at the reader or its corpus, held to the same bars.
 */
describe('vendor document reader on the held-out corpus', () => {
  it('reads ≥ 95 % of fields with their page and finds ≥ 90 % of exceptions and CUECs', async () => {
    const docs = await generateHoldout();
    expect(docs.filter((d) => d.truth.kind === 'soc2_report').length).toBeGreaterThanOrEqual(12);
    const scores = [];
    for (const doc of docs) scores.push(scoreDocument(doc, await readVendorDocument(doc.bytes)));
    const total = addScores(scores);
    const pct = (a: number, b: number): string => `${a}/${b} (${b === 0 ? 100 : Math.round((1000 * a) / b) / 10} %)`;
    console.log(
      [
        `held-out corpus: ${docs.length} documents`,
        `fields right with page: ${pct(total.fields.right, total.fields.total)}`,
        `exceptions found: ${pct(total.exceptions.found, total.exceptions.total)}`,
        `CUECs found: ${pct(total.cuecs.found, total.cuecs.total)}`,
        `subservice organizations found: ${pct(total.subservice.found, total.subservice.total)}`,
        `invented items: ${total.invented}`,
        ...total.misses.map((m) => `  - ${m}`),
      ].join('\n'),
    );
    expect(total.fields.right / total.fields.total).toBeGreaterThanOrEqual(0.95);
    expect(total.exceptions.found / total.exceptions.total).toBeGreaterThanOrEqual(0.9);
    expect(total.cuecs.found / total.cuecs.total).toBeGreaterThanOrEqual(0.9);
    expect(total.subservice.found / total.subservice.total).toBeGreaterThanOrEqual(0.9);
    expect(total.invented).toBeLessThanOrEqual(3);
  }, 30_000);
});
