import { and, eq, inArray } from 'drizzle-orm';
import type { SearchContentType } from '../../../shared/schemas/search.ts';
import type { Db } from '../../db/client.ts';
import { searchableContent } from '../../db/schema/content.ts';
import { searchContent } from '../search/search.service.ts';
import { type FrameworkId, FRAMEWORKS, detectFrameworks, documentFramework } from './advisor-frameworks.ts';
import { sourceMarkdown } from './advisor-documents.ts';
import { citeRequirement, extractReferences } from './advisor-references.ts';
import { keywords, words } from './advisor-text.ts';

/**
 * Retrieval for the advisor, through the same search the search dialog uses. That search ANDs its
 * words, so one long question would match nothing: the advisor asks several short queries (each
 * framework the question names, alone and with each of the first content words; each content word;
 * adjacent pairs when no framework is named) and fuses the ranked lists (reciprocal rank fusion),
 * then loads the winners' bodies.
 */

export interface QuestionAnalysis {
  frameworks: FrameworkId[];
  keywords: string[];
  /** References the question cites itself ("GDPR Article 33" → "GDPR Art. 33"): they govern the answer. */
  references?: string[];
  /** Every word of the question, stopwords included, for matching a requirement's title as a phrase ("right to know"). */
  words?: string[];
}

export interface RetrievedDocument {
  id: string;
  title: string;
  contentType: string;
  category: string;
  urlPath: string;
  body: string;
  excerpt: string;
  framework: FrameworkId | null;
  /** A framework page's own requirement list, each with how it is cited. */
  requirements: DocumentRequirement[];
  score: number;
}

export interface DocumentRequirement {
  ref: string;
  citation: string;
  title: string;
  summary: string;
}

function requirementsOf(framework: FrameworkId | null, metadata: Record<string, unknown>): DocumentRequirement[] {
  const list = metadata.requirements;
  if (!framework || !Array.isArray(list)) return [];
  return list.flatMap((item: unknown) => {
    if (!item || typeof item !== 'object') return [];
    const { ref, title, summary } = item as { ref?: unknown; title?: unknown; summary?: unknown };
    if (typeof ref !== 'string' || typeof title !== 'string') return [];
    return [{ ref, title, summary: typeof summary === 'string' ? summary : '', citation: citeRequirement(framework, ref) }];
  });
}

const SEARCHED_TYPES: readonly SearchContentType[] = ['framework', 'knowledge-base', 'documentation', 'support', 'article'];
const PER_QUERY = 8;
const MAX_KEYWORDS = 6;
const RRF_K = 10;
export const MAX_DOCUMENTS = 8;

/** Words that only name a framework: retrieval already searches for the framework itself. */
const FRAMEWORK_WORDS = new Set(Object.values(FRAMEWORKS).flatMap((framework) => words(`${framework.searchTerms} ${framework.label}`)));
FRAMEWORK_WORDS.add('iso');
FRAMEWORK_WORDS.add('iec');
FRAMEWORK_WORDS.add('dss');
FRAMEWORK_WORDS.add('cpra');

export function analyzeQuestion(question: string): QuestionAnalysis {
  return {
    frameworks: detectFrameworks(question),
    keywords: keywords(question, FRAMEWORK_WORDS).slice(0, MAX_KEYWORDS),
    references: extractReferences(question),
    words: words(question),
  };
}

interface Query {
  q: string;
  types: readonly SearchContentType[];
  weight: number;
}

function queriesFor(analysis: QuestionAnalysis): Query[] {
  const queries: Query[] = [];
  for (const id of analysis.frameworks.slice(0, 3)) {
    const name = FRAMEWORKS[id].searchTerms;
    queries.push({ q: name, types: ['framework'], weight: 2 });
    for (const word of analysis.keywords.slice(0, 4)) queries.push({ q: `${name} ${word}`, types: SEARCHED_TYPES, weight: 1.5 });
  }
  for (const word of analysis.keywords) queries.push({ q: word, types: SEARCHED_TYPES, weight: 1 });
  // Without a framework to anchor on, adjacent pairs ("access review") rank the focused articles up.
  if (analysis.frameworks.length === 0) {
    for (const [index, word] of analysis.keywords.slice(0, 4).entries()) {
      const next = analysis.keywords[index + 1];
      if (next) queries.push({ q: `${word} ${next}`, types: SEARCHED_TYPES, weight: 1.5 });
    }
  }
  return queries;
}

/**
 * What the advisor reads of a row: its Markdown when it came from content/ (a framework page's
 * requirement list and audience added as Markdown too), else the stored text.
 */
function bodyOf(
  row: { slug: string; body: string; metadata: Record<string, unknown> },
  requirements: readonly DocumentRequirement[],
): string {
  const markdown = sourceMarkdown(row);
  if (markdown === null) return row.body;
  const audience = typeof row.metadata.whoNeedsIt === 'string' ? `\n\n## Who needs it\n\n${row.metadata.whoNeedsIt}` : '';
  const list = requirements.map((requirement) => `- ${requirement.ref} ${requirement.title}: ${requirement.summary}`).join('\n');
  return `${markdown}${audience}${list ? `\n\n## Key requirements\n\n${list}` : ''}`;
}

/** The documents most worth reading for a question, best first. Only published content. */
export async function retrieveDocuments(db: Db, analysis: QuestionAnalysis, limit = MAX_DOCUMENTS): Promise<RetrievedDocument[]> {
  const scores = new Map<string, number>();
  for (const query of queriesFor(analysis)) {
    const { results } = await searchContent(db, { q: query.q, limit: PER_QUERY, offset: 0, types: query.types });
    results.forEach((result, rank) => {
      scores.set(result.id, (scores.get(result.id) ?? 0) + query.weight / (RRF_K + rank + 1));
    });
  }
  const ranked = [...scores.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, limit);
  if (ranked.length === 0) return [];
  const rows = await db
    .select()
    .from(searchableContent)
    .where(
      and(
        inArray(
          searchableContent.id,
          ranked.map(([id]) => id),
        ),
        eq(searchableContent.isPublished, true),
      ),
    );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ranked.flatMap(([id, score]) => {
    const row = byId.get(id);
    if (!row) return [];
    const framework = documentFramework(row.title, row.metadata);
    const requirements = requirementsOf(framework, row.metadata);
    return [
      {
        id,
        title: row.title,
        contentType: row.contentType,
        category: row.category,
        urlPath: row.urlPath,
        body: bodyOf(row, requirements),
        excerpt: row.excerpt,
        framework,
        requirements,
        score,
      },
    ];
  });
}
