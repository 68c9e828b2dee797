import { generateCorpus } from '../../src/server/modules/vendors/reader/corpus/generate-corpus.ts';
import { readVendorDocument } from '../../src/server/modules/vendors/reader/read-vendor-document.ts';
import { type ReaderAccuracy, scoreReadings } from '../../src/server/modules/vendors/reader/reader-accuracy.ts';

/**
 * The vendor document reader's accuracy on its generated corpus (docs/vendor-reader.md): fields right
 * with their page, exceptions, CUECs and subservice organizations found, what it invented, kinds and
 * refusal statuses. Figures only, like the rest of `npm run eval`.
 */
export async function evaluateReader(quiet: boolean): Promise<ReaderAccuracy> {
  const corpus = await generateCorpus();
  const started = performance.now();
  const readings = [];
  for (const document of corpus) readings.push(await readVendorDocument(document.bytes));
  const ms = performance.now() - started;
  const accuracy = scoreReadings(corpus, readings);
  const percent = (right: number, total: number) => (total === 0 ? '—' : `${((right / total) * 100).toFixed(1)}%`);
  console.log(`\nVendor document reader: ${corpus.length} documents, ${Math.round(ms / corpus.length)} ms a document`);
  console.table(
    Object.fromEntries(
      Object.entries(accuracy).map(([name, tally]) => [
        name,
        { right: tally.right, of: tally.total, accuracy: percent(tally.right, tally.total), invented: tally.invented },
      ]),
    ),
  );
  if (!quiet) for (const miss of Object.values(accuracy).flatMap((tally) => tally.misses)) console.log(`  missed ${miss}`);
  return accuracy;
}
