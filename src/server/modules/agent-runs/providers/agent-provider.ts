import type { BriefFacts } from '../../../../shared/schemas/brief-facts.ts';
import type { OutputSource } from '../../../../shared/schemas/reviews.ts';
import type { Department, TaskClassification, WorkKind } from '../../../../shared/schemas/task-requests.ts';
import type { Db } from '../../../db/client.ts';
import type { ClassifyInput } from '../../task-requests/classify-task.ts';
import type { ReadBriefInput } from '../brief/read-brief.ts';

/**
 * The agents' AI provider (docs/delivery.md): classifies a request and drafts its output. `builtin` is
 * offline and deterministic; `openai` talks to any OpenAI-compatible endpoint with the same grounding.
 * Request and retrieved text is data, never instructions.
 */
export interface DraftInput {
  request: {
    id: string;
    title: string;
    description: string;
    department: Department;
    frameworks: string[];
    workKind: WorkKind;
    deadline: string | null;
  };
  organization: { id: string; name: string; size: string | null; country: string | null; website: string | null };
  /** A redraft answers these reviewer notes; null for a first draft. */
  reviewNotes: string | null;
  previous: { version: number; body: string } | null;
  /** The client's own earlier deliverables, which a draft may cite. */
  earlierDeliverables: { id: string; title: string; type: WorkKind }[];
  /** What the brief and its attachments say (readBrief); read from the title and brief alone when absent. */
  facts?: BriefFacts;
}

export interface DraftResult {
  title: string;
  /** 0–100. */
  confidence: number;
  summary: string;
  keyFindings: string[];
  /** 0–100. */
  riskScore: number;
  recommendations: string[];
  /** Markdown. */
  body: string;
  sources: OutputSource[];
  provider: string;
  model: string;
  inputTokens: number | null;
  outputTokens: number | null;
}

export interface AgentProvider {
  name: string;
  classify(input: ClassifyInput): Promise<TaskClassification>;
  draft(db: Db, input: DraftInput): Promise<DraftResult>;
  /** How this provider reads a brief (readBrief's work, e.g. off the event loop); absent, readBrief in the caller's thread. */
  readBrief?(input: ReadBriefInput): Promise<BriefFacts>;
}
