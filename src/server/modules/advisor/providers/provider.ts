import type { AiSuggestion, ChatContext } from '../../../../shared/schemas/advisor.ts';
import type { CatalogueHit } from '../advisor-catalogue.ts';
import type { ProgrammeFacts } from '../advisor-programme.ts';
import type { QuestionAnalysis, RetrievedDocument } from '../advisor-retrieval.ts';

/** What every advisor provider is given: the question, what retrieval found, and whether work was asked for. */
export interface AdvisorRequest {
  message: string;
  mode: string;
  context: ChatContext;
  analysis: QuestionAnalysis;
  documents: readonly RetrievedDocument[];
  /** The catalogue's requirements that answer the question, best first (the advisor's first source). */
  catalogue: readonly CatalogueHit[];
  /** The asking client's own programme, when the question is about it (their data only). */
  programme: ProgrammeFacts | null;
  wantsSuggestion: boolean;
}

export interface AdvisorDraft {
  /** Markdown. */
  answer: string;
  suggestion: AiSuggestion | null;
  /** Framework references the answer cites ("SOC 2 CC6.1"). */
  references: string[];
  /** The retrieved documents the answer drew on. */
  usedDocumentIds: string[];
}

export interface AnswerOptions {
  signal?: AbortSignal;
  /** Called with each piece of the answer as it is generated (streaming). */
  onDelta?: (text: string) => void;
}

export interface AdvisorProvider {
  readonly name: 'builtin' | 'openai';
  answer(request: AdvisorRequest, options?: AnswerOptions): Promise<AdvisorDraft>;
}

/** A provider failed in a way the user should hear about (timeout, upstream error, bad output). */
export class AdvisorProviderError extends Error {
  override readonly name = 'AdvisorProviderError';
}
