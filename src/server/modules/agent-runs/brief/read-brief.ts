import type { BriefFacts, BriefSource, BriefStatement } from '../../../../shared/schemas/brief-facts.ts';
import { CATALOGUE_FRAMEWORK_IDS, type CatalogueFrameworkId } from '../../../../shared/schemas/programme-statuses.ts';
import { detectFrameworks } from '../../advisor/advisor-frameworks.ts';
import { neutralizeRetrievedText } from '../../advisor/advisor-guardrails.ts';
import { type BriefAttachment, attachmentText } from './brief-attachments.ts';
import { dataTypesIn, figuresIn, locationsIn, peopleCountIn, periodsIn, thingsIn, vendorIn } from './brief-entities.ts';
import { referencesIn } from './brief-references.ts';
import { readStatements } from './brief-statements.ts';

export type { BriefAttachment } from './brief-attachments.ts';

/**
 * The one reader of a task request (docs/delivery.md "What the agent reads"): title, brief and
 * attachments become `BriefFacts`. Client text is data: instruction-like sentences are dropped first
 * (the advisor's `neutralizeRetrievedText`), so nothing a brief says can steer the reader or a draft.
 */

export interface ReadBriefInput {
  title: string;
  description: string;
  attachments?: readonly BriefAttachment[];
  /** The frameworks the request lists (its wizard checkboxes), by id or name. */
  frameworks?: readonly string[];
}

interface Text {
  name: string;
  kind: BriefSource['kind'];
  text: string;
}

/** Line by line, so questions and list items keep their own lines. */
function asData(text: string): string {
  return text
    .split(/\r?\n/)
    .map((line) => neutralizeRetrievedText(line.replaceAll(/\s+/g, ' ').trim()))
    .filter(Boolean)
    .join('\n');
}

function listedFrameworks(listed: readonly string[]): CatalogueFrameworkId[] {
  return listed.flatMap((entry) => {
    const normalized = entry.toLowerCase().replaceAll(/[^a-z0-9]/g, '');
    const id = CATALOGUE_FRAMEWORK_IDS.find((candidate) => candidate.replaceAll('-', '') === normalized) ?? detectFrameworks(entry)[0];
    return id ? [id] : [];
  });
}

function unique<T>(items: readonly T[], key: (item: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const value = key(item);
    if (seen.has(value)) return false;
    seen.add(value);
    return true;
  });
}

/** A topic the brief states both ways ("MFA on Okta, but not on AWS") is a gap: the part that is missing decides. */
function strengthsWithoutGaps(strengths: BriefStatement[], gaps: BriefStatement[]): BriefStatement[] {
  const gapTopics = new Set(gaps.map((gap) => gap.topic));
  return strengths.filter((strength) => !gapTopics.has(strength.topic));
}

export async function readBrief(input: ReadBriefInput): Promise<BriefFacts> {
  const texts: Text[] = [
    { name: 'title', kind: 'title', text: asData(input.title) },
    { name: 'brief', kind: 'brief', text: asData(input.description) },
  ];
  const sources: BriefSource[] = texts.map((text) => ({ name: text.name, kind: text.kind, characters: text.text.length, problem: null }));
  for (const attachment of input.attachments ?? []) {
    const read = await attachmentText(attachment);
    const text = asData(read.text);
    texts.push({ name: attachment.name, kind: 'attachment', text });
    sources.push({ name: attachment.name.slice(0, 200), kind: 'attachment', characters: text.length, problem: read.problem });
  }

  const all = texts.map((text) => text.text).join('\n');
  const named = unique([...listedFrameworks(input.frameworks ?? []), ...detectFrameworks(all)], (id) => id);
  const statements = await Promise.all(texts.map((text) => readStatements(text.text, text.name)));
  const outOfScope = unique(
    statements.flatMap((entry) => entry.outOfScope),
    (entry) => entry.framework,
  );
  const excluded = new Set(outOfScope.map((entry) => entry.framework));
  const frameworks = named.filter((id) => !excluded.has(id));
  const thingsByText = await Promise.all(texts.map((text) => thingsIn(text.text, text.name)));
  const things = unique(thingsByText.flat(), (thing) => thing.name.toLowerCase());
  const gaps = unique(
    statements.flatMap((entry) => entry.gaps),
    (gap) => `${gap.topic}|${gap.text}`,
  );
  const strengths = strengthsWithoutGaps(
    unique(
      statements.flatMap((entry) => entry.strengths),
      (strength) => `${strength.topic}|${strength.text}`,
    ),
    gaps,
  );
  const references = unique(
    texts.flatMap((text) => referencesIn(text.text, text.name, frameworks.length > 0 ? frameworks : named)),
    (reference) => reference.citation.toLowerCase(),
  ).filter((reference) => !excluded.has(reference.framework));
  const locationsByText = await Promise.all(texts.map((text) => locationsIn(text.text, text.name)));
  const locations = unique(locationsByText.flat(), (location) => location.name.toLowerCase());
  const peopleCount = texts.map((text) => peopleCountIn(text.text)).find((count) => count !== null) ?? null;

  return {
    frameworks,
    outOfScope,
    vendor: vendorIn(texts[0]?.text ?? '', things, texts[1]?.text ?? ''),
    things,
    references,
    gaps,
    strengths,
    questions: unique(
      statements.flatMap((entry) => entry.questions),
      (question) => question.text.toLowerCase(),
    ),
    figures: unique(
      texts.flatMap((text) => figuresIn(text.text, text.name)),
      (figure) => figure.text.toLowerCase(),
    ),
    periods: unique(
      texts.flatMap((text) => periodsIn(text.text, text.name)),
      (period) => period.text.toLowerCase(),
    ),
    dataTypes: dataTypesIn(all),
    locations,
    peopleCount,
    sources,
  };
}
