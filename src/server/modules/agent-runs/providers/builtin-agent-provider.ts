import type { AgentProvider } from './agent-provider.ts';
import { groundDraft } from './agent-grounding.ts';
import { classifyBuiltin } from './builtin-classifier.ts';
import { composeBuiltinDraft } from '../drafting/compose-builtin.ts';
import { composeOffThread, readBriefOffThread } from '../drafting/drafting-thread-client.ts';

export interface BuiltinAgentOptions {
  /**
   * Reads briefs and composes drafts in the drafting thread (drafting/drafting-thread.ts), so the
   * seconds of CPU a draft takes never hold the server's event loop: the server's choice (env
   * DRAFT_THREAD, off by default until measured: decision 014). In the caller's thread otherwise.
   */
  offThread?: boolean;
}

/**
 * The default agent provider: offline and deterministic. It classifies with `classifyBuiltin` and
 * drafts with the composer of the request's kind of work, grounded in the framework requirements and
 * the knowledge base (agent-grounding.ts); a redraft then goes through the reviewer's notes (notes/apply-notes.ts).
 */
export function createBuiltinAgentProvider(options: BuiltinAgentOptions = {}): AgentProvider {
  const offThread = options.offThread ?? false;
  return {
    name: 'builtin',
    classify: async (input) => classifyBuiltin(input),
    ...(offThread ? { readBrief: readBriefOffThread } : {}),
    async draft(db, input) {
      const facts = input.facts ?? (offThread ? await readBriefOffThread(input.request) : undefined);
      const grounding = await groundDraft(db, { ...input, facts });
      const compose = { workKind: input.request.workKind, previous: input.previous, reviewNotes: input.reviewNotes };
      return offThread ? composeOffThread(grounding, compose) : composeBuiltinDraft(grounding, compose);
    },
  };
}
