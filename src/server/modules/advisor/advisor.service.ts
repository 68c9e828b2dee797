import { desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  AdvisorMessage,
  AdvisorSource,
  TaskChatAssistantResponse,
  taskChatAssistantRequestSchema,
} from '../../../shared/schemas/advisor.ts';
import { AppError } from '../../app-error.ts';
import type { Db } from '../../db/client.ts';
import { advisorMessages } from '../../db/schema/advisor.ts';
import { detectFrameworks } from './advisor-frameworks.ts';
import { REFUSALS, finalizeAnswer, guardedDeltaStream, refusalFor, withDisclaimer } from './advisor-guardrails.ts';
import { type AdvisorDraft, type AdvisorProvider, AdvisorProviderError } from './providers/provider.ts';
import { findCatalogueRequirements } from './advisor-catalogue.ts';
import { type ProgrammeFactsLoader, asksAboutOwnProgramme } from './advisor-programme.ts';
import { analyzeQuestion, retrieveDocuments } from './advisor-retrieval.ts';
import { asksForWork } from './advisor-suggestion.ts';

export type AskAdvisorInput = z.output<typeof taskChatAssistantRequestSchema>;

export interface AskAdvisorOptions {
  userId: string;
  input: AskAdvisorInput;
  onDelta?: (text: string) => void;
  signal?: AbortSignal;
  /** The asking user's own programme, loaded through the tenant guard; asked only when the question is about it. */
  loadProgramme?: ProgrammeFactsLoader;
}

interface StoredReply {
  status: 'ok' | 'refused';
  answer: string;
  draft: AdvisorDraft | null;
  sources: AdvisorSource[];
  provider: string | null;
}

async function storeExchange(db: Db, options: AskAdvisorOptions, reply: StoredReply | null): Promise<string | undefined> {
  const { input } = options;
  const exchangeId = crypto.randomUUID();
  const shared = { userId: options.userId, exchangeId, mode: input.mode, portalContext: input.context.portalContext ?? null };
  const askedAt = Date.now();
  return db.transaction(async (tx) => {
    await tx
      .insert(advisorMessages)
      .values({ ...shared, isUser: true, content: input.message, status: reply ? reply.status : 'failed', createdAt: new Date(askedAt) });
    if (!reply) return undefined;
    const [row] = await tx
      .insert(advisorMessages)
      .values({
        ...shared,
        isUser: false,
        content: reply.answer,
        status: reply.status,
        provider: reply.provider,
        suggestion: reply.draft?.suggestion ?? null,
        references: reply.draft?.references ?? [],
        sources: reply.sources,
        // A millisecond after the question, so history always lists the question first.
        createdAt: new Date(askedAt + 1),
      })
      .returning({ id: advisorMessages.id });
    return row?.id;
  });
}

/**
 * One advisor exchange: guardrails, retrieval (the catalogue first, then the guidance), the provider, the guardrails again on the answer,
 * then both messages stored for the user's history. No transaction is open while the provider works.
 */
export async function askAdvisor(db: Db, provider: AdvisorProvider, options: AskAdvisorOptions): Promise<TaskChatAssistantResponse> {
  const { input } = options;
  const refusal = refusalFor(input.message);
  if (refusal) {
    const answer = withDisclaimer(REFUSALS[refusal]);
    options.onDelta?.(answer);
    const messageId = await storeExchange(db, options, { status: 'refused', answer, draft: null, sources: [], provider: null });
    return { success: true, message: answer, references: [], sources: [], messageId };
  }

  const analysis = analyzeQuestion(input.message);
  if (analysis.frameworks.length === 0 && input.context.additionalContext) {
    // "What should we do next?" asked from a SOC 2 screen is about SOC 2.
    analysis.frameworks = detectFrameworks(input.context.additionalContext).slice(0, 2);
  }
  const [catalogue, documents, programme] = await Promise.all([
    findCatalogueRequirements(db, analysis),
    retrieveDocuments(db, analysis),
    options.loadProgramme && asksAboutOwnProgramme(input.message) ? options.loadProgramme() : null,
  ]);
  // A streaming client gets the answer through the same guardrails as the final one.
  const stream = options.onDelta ? guardedDeltaStream(options.onDelta) : undefined;
  let draft: AdvisorDraft;
  try {
    draft = await provider.answer(
      {
        message: input.message,
        mode: input.mode,
        context: input.context,
        analysis,
        documents,
        catalogue,
        programme,
        wantsSuggestion: asksForWork(input.message, input.mode),
      },
      { onDelta: stream?.push, signal: options.signal },
    );
    stream?.end();
  } catch (error) {
    await storeExchange(db, options, null);
    if (error instanceof AdvisorProviderError) throw new AppError('UNAVAILABLE', error.message);
    throw error;
  }
  const answer = finalizeAnswer(draft.answer);
  const used = new Set(draft.usedDocumentIds);
  const sources = documents
    .filter((document) => used.has(document.id))
    .map((document) => ({ title: document.title, url_path: document.urlPath, content_type: document.contentType }));
  const messageId = await storeExchange(db, options, { status: 'ok', answer, draft, sources, provider: provider.name });
  return {
    success: true,
    message: answer,
    ...(draft.suggestion ? { suggestion: draft.suggestion } : {}),
    references: draft.references,
    sources,
    messageId,
  };
}

/** The user's own conversation, oldest first (the newest `limit` messages). */
export async function listAdvisorMessages(db: Db, userId: string, limit: number): Promise<AdvisorMessage[]> {
  const rows = await db
    .select()
    .from(advisorMessages)
    .where(eq(advisorMessages.userId, userId))
    .orderBy(desc(advisorMessages.createdAt), desc(advisorMessages.id))
    .limit(limit);
  return rows.reverse().map((row) => ({
    id: row.id,
    content: row.content,
    isUser: row.isUser,
    timestamp: row.createdAt.toISOString(),
    suggestion: row.suggestion ?? null,
    references: row.references,
    sources: row.sources,
  }));
}
