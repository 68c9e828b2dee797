import type { DownloadFormat } from '../../../../shared/schemas/deliverables.ts';
import type { Block, DocumentHeading, TextRun } from './document-blocks.ts';

export const DOWNLOAD_MEDIA_TYPES: Record<DownloadFormat, string> = {
  md: 'text/markdown; charset=utf-8',
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

const normalise = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();

/** Agents open their Markdown with the title as a level-1 heading; the title block already shows it. */
function withoutRepeatedTitle(blocks: Block[], title: string, plainText: (runs: readonly TextRun[]) => string): Block[] {
  const [first, ...rest] = blocks;
  return first?.kind === 'heading' && first.depth === 1 && normalise(plainText(first.runs)) === normalise(title) ? rest : blocks;
}

/** A published version in the format asked for: the Markdown as written, or a PDF or Word document made from it. */
export async function renderDeliverable(
  format: DownloadFormat,
  input: { heading: DocumentHeading; markdown: string },
): Promise<{ mediaType: string; body: Buffer }> {
  const mediaType = DOWNLOAD_MEDIA_TYPES[format];
  if (format === 'md') return { mediaType, body: Buffer.from(input.markdown, 'utf8') };
  // Markdown parsing (remark) and the PDF and Word writers (docx alone is 1 MB of JavaScript) load
  // at the first download that needs them, not with the server (decision 012, third pass).
  const [{ markdownBlocks, plainText }, render] = await Promise.all([
    import('./document-blocks.ts'),
    format === 'pdf'
      ? import('./deliverable-pdf.ts').then((module) => module.renderDeliverablePdf)
      : import('./deliverable-docx.ts').then((module) => module.renderDeliverableDocx),
  ]);
  const blocks = withoutRepeatedTitle(markdownBlocks(input.markdown), input.heading.title, plainText);
  return { mediaType, body: await render(input.heading, blocks) };
}
