import type { CorpusDocument } from './corpus-types.ts';
import { SOC2_SPECS } from './soc2-specs.ts';
import { writeOtherDocuments } from './write-other-documents.ts';
import { writeSoc2Report } from './write-soc2-report.ts';

/**
 * The reader's corpus, written at test time (about a second): fourteen SOC 2 reports, three ISO 27001
 * certificates, a pen-test summary, a DPA, and the files that must be refused, each with its truth.
 */
export async function generateCorpus(): Promise<CorpusDocument[]> {
  const reports = await Promise.all(SOC2_SPECS.map((spec) => writeSoc2Report(spec)));
  return [...reports, ...(await writeOtherDocuments())];
}
