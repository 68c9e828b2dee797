/**
 * The published edition of an approved output (docs/delivery.md "Final documents"): the draft's
 * frame (the info table with its empty header row and "Version: Draft n", the "first draft … for human
 * review" notice, "Changes in this version") gives way to a document-control table naming the version
 * published, who reviewed it, who approved it and when. The Markdown, and the PDF and DOCX made from
 * it, are this one text, so the three formats agree.
 */

export interface PublicationFacts {
  /** The deliverable's version being published (1, 2, …). */
  version: number;
  /** The output version (the agent's or a reviewer's revision) that was approved. */
  revision: number;
  reviewers: { name: string; at: Date }[];
  approver: { name: string; at: Date };
  publishedAt: Date;
}

export const FINAL_NOTICE =
  '_Prepared by a ComplianceCore agent, then reviewed and approved by the ComplianceCore staff named above. It is guidance, not legal advice, and it does not certify compliance: certification and attestation come from an independent, accredited auditor._';

const DRAFT_NOTICE = /^_?.*\b(first draft|for human review)\b.*_?$/i;
const FRAME_SECTIONS = new Set(['changes in this version']);

const day = (date: Date) => date.toISOString().slice(0, 10);
const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll(/\s+/g, ' ').trim();

function cells(line: string): string[] {
  return line
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split(/(?<!\\)\|/)
    .map((value) => value.trim());
}

/** The draft's info table rows worth keeping (who it is for, kind, frameworks, agent), without "Version". */
function infoRows(preamble: readonly string[]): [string, string][] {
  return preamble
    .filter((line) => /^\s*\|/.test(line) && !/^\s*\|(\s*:?-+:?\s*\|)+\s*$/.test(line))
    .map(cells)
    .filter((row): row is [string, string] => row.length === 2 && Boolean(row[0]) && Boolean(row[1]))
    .filter(([key]) => !/^version$/i.test(key))
    .map(([key, value]) => [key, /^kind of work$/i.test(key) ? value.replace(/\s+draft$/i, '') : value]);
}

export function documentControl(facts: PublicationFacts, info: readonly [string, string][] = []): string {
  const reviewers = facts.reviewers.length > 0 ? facts.reviewers : [facts.approver];
  const rows: [string, string][] = [
    ...info,
    ['Version', `${facts.version} (final, approved revision ${facts.revision})`],
    ['Reviewed by', reviewers.map((person) => `${person.name} (${day(person.at)})`).join('; ')],
    ['Approved by', `${facts.approver.name} (${day(facts.approver.at)})`],
    ['Published', day(facts.publishedAt)],
  ];
  return ['| Document control | Detail |', '| --- | --- |', ...rows.map(([key, value]) => `| ${cell(key)} | ${cell(value)} |`)].join('\n');
}

/** Words of the draft's own frame that a final document must not carry. */
function finalWording(line: string, facts: PublicationFacts, reviewedBy: string): string {
  return line
    .replace(
      /^\|\s*Draft\s*\|\s*On approval\s*\|[^|]*\|/i,
      `| ${facts.version} | ${day(facts.publishedAt)} | ComplianceCore agent; reviewed by ${cell(reviewedBy)}; approved by ${cell(facts.approver.name)} |`,
    )
    .replaceAll(/\*\*Draft — confirm\*\*/g, '**To confirm**')
    .replaceAll(/\bDraft — confirm\b/g, 'To confirm')
    .replace(/^Drafted for\b/, 'Prepared for');
}

export function finalDocument(markdown: string, facts: PublicationFacts): string {
  const lines = markdown.replace(/\s+$/, '').split('\n');
  const firstSection = lines.findIndex((line) => /^## /.test(line));
  const preamble = firstSection < 0 ? lines : lines.slice(0, firstSection);
  const rest = firstSection < 0 ? [] : lines.slice(firstSection);
  const titleIndex = preamble.findIndex((line) => /^# /.test(line));
  const title = titleIndex >= 0 ? preamble[titleIndex] : undefined;
  const kept = preamble.filter((line, index) => index !== titleIndex && !/^\s*\|/.test(line) && !DRAFT_NOTICE.test(line.trim()));
  const reviewedBy = (facts.reviewers.length > 0 ? facts.reviewers : [facts.approver]).map((person) => person.name).join(', ');

  const body: string[] = [];
  let skipping = false;
  for (const line of rest) {
    const heading = /^## (.+?)\s*$/.exec(line);
    if (heading?.[1]) skipping = FRAME_SECTIONS.has(heading[1].toLowerCase());
    if (!skipping) body.push(finalWording(line, facts, reviewedBy));
  }
  const head = [title, '', documentControl(facts, infoRows(preamble)), '', FINAL_NOTICE, '', kept.join('\n').trim()]
    .filter((part) => part !== undefined)
    .join('\n')
    .trim();
  return `${[head, body.join('\n').trim()].filter(Boolean).join('\n\n')}\n`;
}
