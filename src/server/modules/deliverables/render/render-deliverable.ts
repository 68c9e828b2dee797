import type { DownloadFormat } from '../../../../shared/schemas/deliverables.ts';
import { renderDeliverableDocx } from './deliverable-docx.ts';
import { renderDeliverablePdf } from './deliverable-pdf.ts';
import { type Block, type DocumentHeading, markdownBlocks, plainText } from './document-blocks.ts';

export const DOWNLOAD_MEDIA_TYPES: Record<DownloadFormat, string> = {
  md: 'text/markdown; charset=utf-8',
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

const normalise = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();

/** Agents open their Markdown with the title as a level-1 heading; the title block already shows it. */
function withoutRepeatedTitle(blocks: Block[], title: string): Block[] {
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
  const blocks = withoutRepeatedTitle(markdownBlocks(input.markdown), input.heading.title);
  const body = format === 'pdf' ? await renderDeliverablePdf(input.heading, blocks) : await renderDeliverableDocx(input.heading, blocks);
  return { mediaType, body };
}
