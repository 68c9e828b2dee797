import type { Readiness } from '../../../shared/schemas/frameworks.ts';
import { AUDIT_TYPE_LABELS, CONTROL_STATUS_LABELS, REQUIREMENT_STATUS_LABELS } from '../../../shared/schemas/programme-statuses.ts';
import { toWinAnsi } from '../deliverables/render/win-ansi.ts';

/**
 * The readiness report as a PDF (pdfkit, standard fonts, like the deliverables' PDF): the
 * programme's figures, then each active framework's score and every requirement with its status and
 * the reason, and the evidence that is stale or about to expire.
 */

type Doc = PDFKit.PDFDocument;

const INK = '#111827';
const MUTED = '#4b5563';
const LINE = '#d1d5db';
const STATUS_COLOR: Record<string, string> = {
  met: '#15803d',
  partial: '#a16207',
  not_met: '#b91c1c',
  not_applicable: MUTED,
  not_addressable: MUTED,
};

const width = (doc: Doc) => doc.page.width - doc.page.margins.left - doc.page.margins.right;
const left = (doc: Doc) => doc.page.margins.left;

function ensureSpace(doc: Doc, needed: number): void {
  if (doc.y + needed > doc.page.height - doc.page.margins.bottom) doc.addPage();
}

function heading(doc: Doc, text: string, size = 14): void {
  doc.moveDown(0.8);
  ensureSpace(doc, size * 4);
  doc
    .font('Helvetica-Bold')
    .fontSize(size)
    .fillColor(INK)
    .text(toWinAnsi(text), left(doc), undefined, { width: width(doc) });
  doc.moveDown(0.3);
}

function line(doc: Doc, text: string, options: { size?: number; color?: string; bold?: boolean } = {}): void {
  doc
    .font(options.bold ? 'Helvetica-Bold' : 'Helvetica')
    .fontSize(options.size ?? 10)
    .fillColor(options.color ?? INK)
    .text(toWinAnsi(text), left(doc), undefined, { width: width(doc), lineGap: 1.5 });
}

function writeFrameworks(doc: Doc, readiness: Readiness): void {
  for (const framework of readiness.frameworks) {
    heading(doc, `${framework.name}: ${framework.score}% ready`);
    const target = framework.targetDate ? `Target date ${framework.targetDate}` : 'No target date';
    const audit = framework.auditType ? ` · ${AUDIT_TYPE_LABELS[framework.auditType]}` : '';
    line(doc, `${target}${audit}`, { color: MUTED });
    line(
      doc,
      `${framework.met} met, ${framework.partial} partly met, ${framework.notMet} not met, ${framework.notApplicable} not applicable, ${framework.notAddressable} not addressable, of ${framework.total} requirements.`,
      { color: MUTED },
    );
    doc.moveDown(0.4);
    for (const requirement of framework.requirements) {
      ensureSpace(doc, 36);
      const y = doc.y;
      doc
        .font('Helvetica-Bold')
        .fontSize(9.5)
        .fillColor(STATUS_COLOR[requirement.status] ?? INK)
        .text(toWinAnsi(REQUIREMENT_STATUS_LABELS[requirement.status]), left(doc), y, { width: 80 });
      const afterStatus = doc.y;
      doc
        .font('Helvetica-Bold')
        .fontSize(9.5)
        .fillColor(INK)
        .text(toWinAnsi(`${requirement.ref} ${requirement.title}`), left(doc) + 86, y, { width: width(doc) - 86 });
      doc
        .font('Helvetica')
        .fontSize(8.5)
        .fillColor(MUTED)
        .text(toWinAnsi(requirement.reason), left(doc) + 86, undefined, { width: width(doc) - 86 });
      doc.y = Math.max(doc.y, afterStatus) + 3;
    }
  }
}

function writeEvidence(doc: Doc, title: string, items: Readiness['staleEvidence']): void {
  heading(doc, title, 12);
  if (items.length === 0) line(doc, 'None.', { color: MUTED });
  for (const item of items) {
    ensureSpace(doc, 20);
    line(doc, `${item.expiresAt.slice(0, 10)}  ${item.title} (${item.controlIds.join(', ') || 'no control'})`, { size: 9.5 });
  }
}

export async function renderReadinessReport(readiness: Readiness, organizationName: string): Promise<Buffer> {
  // pdfkit (~33 MB resident, ~230 ms to load with its fonts) loads with the first PDF, not with the server.
  const { default: PDFDocument } = await import('pdfkit');
  const computedAt = new Date(readiness.computedAt);
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: 60, bottom: 60, left: 60, right: 60 },
    bufferPages: true,
    info: { Title: `Readiness report: ${organizationName}`, Author: 'ComplianceCore', CreationDate: computedAt },
  });
  const chunks: Buffer[] = [];
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc
    .font('Helvetica-Bold')
    .fontSize(22)
    .fillColor(INK)
    .text('Readiness report', left(doc), doc.page.margins.top, { width: width(doc) });
  line(doc, `${organizationName} · ${readiness.computedAt.slice(0, 10)}`, { size: 11, color: MUTED });
  doc.moveDown(0.5);
  doc
    .lineWidth(1)
    .strokeColor(LINE)
    .moveTo(left(doc), doc.y)
    .lineTo(left(doc) + width(doc), doc.y)
    .stroke();

  heading(doc, 'Summary');
  if (readiness.frameworks.length === 0) line(doc, 'No framework is active yet.');
  for (const framework of readiness.frameworks)
    line(doc, `${framework.name}: ${framework.score}% ready (${framework.met} of ${framework.total} met)`);
  doc.moveDown(0.4);
  const statuses = Object.entries(readiness.controlsByStatus)
    .map(([status, count]) => `${count} ${CONTROL_STATUS_LABELS[status as keyof typeof CONTROL_STATUS_LABELS].toLowerCase()}`)
    .join(', ');
  line(doc, `Controls: ${statuses}; ${readiness.controlsNotApplicable} not applicable.`, { color: MUTED });
  line(doc, `Evidence: ${readiness.expiringEvidence.length} expiring within 30 days, ${readiness.staleEvidence.length} stale.`, {
    color: MUTED,
  });

  writeFrameworks(doc, readiness);
  writeEvidence(doc, 'Stale evidence', readiness.staleEvidence);
  writeEvidence(doc, 'Evidence expiring within 30 days', readiness.expiringEvidence);

  const { start, count } = doc.bufferedPageRange();
  for (let index = start; index < start + count; index += 1) {
    doc.switchToPage(index);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor(MUTED)
      .text(toWinAnsi(`Readiness report · ${organizationName} · Page ${index + 1} of ${count}`), left(doc), doc.page.height - 36, {
        width: width(doc),
        align: 'center',
        lineBreak: false,
      });
    doc.page.margins.bottom = bottom;
  }
  doc.end();
  return finished;
}
