import { randomUUID } from 'node:crypto';
import type { Db } from '../../src/server/db/client.ts';
import { FRAMEWORK_IDS, type FrameworkId } from '../../src/server/modules/advisor/advisor-frameworks.ts';
import type { BriefFacts } from '../../src/shared/schemas/brief-facts.ts';
import { readBrief } from '../../src/server/modules/agent-runs/brief/read-brief.ts';
import { checkDraftReferences, referenceContext } from '../../src/server/modules/agent-runs/check-references.ts';
import type { AgentProvider, DraftInput, DraftResult } from '../../src/server/modules/agent-runs/providers/agent-provider.ts';
import { draftFrameworks } from '../../src/server/modules/agent-runs/run-agent.ts';
import { catalogueIndex } from '../../src/server/modules/frameworks/catalogue-index.ts';
import type { EvalBrief } from './brief-schema.ts';
import { type CheckItem, type KnownCodes, checkDraft, checkRedraft } from './checks.ts';

/**
 * Runs each brief through the agent pipeline's own steps, as the wizard and the 'agent-run' job do:
 * the provider's classify; the brief and its attachments read as facts (readBrief); the provider's
 * draft against a database seeded with the frameworks catalogue and the knowledge base; the one
 * reference check before review (checkDraftReferences); and, when the brief has reviewer notes, the
 * redraft the same way. Then it checks the drafts a reviewer would see (checks.ts).
 */

export interface BriefResult {
  brief: EvalBrief;
  classifiedKind: string;
  items: CheckItem[];
  ms: number;
  /** The drafts, for a reader who wants to see why. */
  drafts: { title: string; body: string }[];
  error?: string;
}

/** What the catalogue holds, per framework, in the catalogue's own codes. */
export async function knownCodes(db: Db): Promise<KnownCodes> {
  const index = await catalogueIndex(db);
  const known = new Map<FrameworkId, Set<string>>();
  for (const id of FRAMEWORK_IDS) known.set(id, new Set((index.requirementsByFramework.get(id) ?? []).map((row) => row.ref)));
  return known;
}

export function draftInputFor(brief: EvalBrief, workKind: DraftInput['request']['workKind']): DraftInput {
  return {
    request: {
      id: randomUUID(),
      title: brief.title,
      description: brief.description,
      department: brief.department,
      frameworks: brief.frameworks,
      workKind,
      deadline: null,
    },
    organization: { id: randomUUID(), website: null, ...brief.organization },
    reviewNotes: null,
    previous: null,
    earlierDeliverables: [],
  };
}

/** The brief as the run reads it: title, description and the attached files' bytes. */
function readFacts(brief: EvalBrief): Promise<BriefFacts> {
  return readBrief({
    title: brief.title,
    description: brief.description,
    frameworks: brief.frameworks,
    attachments: brief.attachments.map((file) => ({
      name: file.fileName,
      mediaType: file.mediaType,
      bytes: new TextEncoder().encode(file.text),
    })),
  });
}

/** The provider's draft and the pipeline's reference check, as run-agent.ts does them. */
async function draftForReview(db: Db, provider: AgentProvider, input: DraftInput, facts: BriefFacts): Promise<DraftResult> {
  const drafted = await provider.draft(db, { ...input, facts });
  return checkDraftReferences(drafted, referenceContext(facts, draftFrameworks(facts))).draft;
}

export async function evaluateBrief(db: Db, provider: AgentProvider, brief: EvalBrief, known: KnownCodes): Promise<BriefResult> {
  const started = performance.now();
  let classifiedKind = 'unclassified';
  const drafts: DraftResult[] = [];
  try {
    const classification = await provider.classify({
      title: brief.title,
      description: brief.description,
      department: brief.department,
      deadline: null,
      frameworks: brief.frameworks,
    });
    classifiedKind = classification.workKind;
    const input = draftInputFor(brief, classification.workKind);
    const facts = await readFacts(brief);
    const first = await draftForReview(db, provider, input, facts);
    drafts.push(first);
    const items = checkDraft(brief, classifiedKind, first, known);
    if (brief.expect.redraft) {
      const redraft = await draftForReview(
        db,
        provider,
        { ...input, reviewNotes: brief.expect.redraft.notes, previous: { version: 1, body: first.body } },
        facts,
      );
      drafts.push(redraft);
      items.push(...checkRedraft(brief, first, redraft, known));
    }
    return { brief, classifiedKind, items, ms: performance.now() - started, drafts };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    // A draft that never came fails every expectation it carried.
    const expected = checkDraft(brief, classifiedKind, { title: '', body: '' }, known).map((item) => ({
      ...item,
      passed: item.check === 'kind' ? item.passed : false,
      detail: item.check === 'kind' ? item.detail : `no draft: ${message}`,
    }));
    const notes = brief.expect.redraft ? [{ check: 'notes' as const, item: 'redraft', passed: false, detail: `no draft: ${message}` }] : [];
    return { brief, classifiedKind, items: [...expected, ...notes], ms: performance.now() - started, drafts, error: message };
  }
}
