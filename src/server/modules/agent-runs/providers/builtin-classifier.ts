import {
  type Department,
  type TaskClassification,
  type TaskComplexity,
  type TaskPriority,
  WORK_KIND_LABELS,
  WORK_KINDS,
  type WorkKind,
} from '../../../../shared/schemas/task-requests.ts';
import type { ClassifyInput } from './agent-provider.ts';

/** The agent that does each kind of work (seeded by migration 0019). */
export const AGENT_FOR_KIND: Record<WorkKind, string> = {
  policy_draft: 'policy-drafter',
  gap_assessment: 'gap-analyst',
  risk_register: 'risk-analyst',
  evidence_checklist: 'evidence-collector',
  vendor_review: 'vendor-reviewer',
  questionnaire_answers: 'questionnaire-responder',
};

/** Words that point at a kind of work; a phrase counts once however often it appears. */
const KIND_CUES: Record<WorkKind, readonly string[]> = {
  policy_draft: ['policy', 'policies', 'procedure', 'standard', 'handbook', 'acceptable use', 'code of conduct', 'write up'],
  gap_assessment: ['gap', 'readiness', 'assessment', 'assess', 'against', 'how far', 'audit prep', 'maturity'],
  risk_register: ['risk', 'register', 'threat', 'likelihood', 'impact', 'heat map', 'risk assessment'],
  evidence_checklist: ['evidence', 'checklist', 'control', 'artifact', 'artefact', 'proof', 'screenshot', 'auditor asks'],
  vendor_review: ['vendor', 'supplier', 'third party', 'third-party', 'subprocessor', 'sub-processor', 'saas provider', 'soc 2 report of'],
  questionnaire_answers: ['questionnaire', 'rfp', 'sig lite', 'caiq', 'security review', 'customer asked', 'answer the', 'due diligence'],
};

/** When the words do not decide, the department does. */
const KIND_FOR_DEPARTMENT: Record<Department, WorkKind> = {
  compliance: 'gap_assessment',
  risk: 'risk_register',
  legal: 'policy_draft',
  operations: 'evidence_checklist',
};

const URGENT_CUES = ['urgent', 'asap', 'as soon as possible', 'immediately', 'blocking', 'deal closes', 'auditor arrives'];

const ESTIMATE: Record<TaskComplexity, [number, number]> = { low: [1, 2], medium: [3, 5], high: [5, 8] };

function cueHits(text: string, cues: readonly string[]): string[] {
  return cues.filter((cue) => text.includes(cue));
}

function daysUntil(deadline: string | null, now: Date): number | null {
  if (!deadline) return null;
  const due = Date.parse(`${deadline}T23:59:59Z`);
  if (Number.isNaN(due)) return null;
  return Math.floor((due - now.getTime()) / 86_400_000);
}

/**
 * Classifies a request offline and deterministically: the kind of work (and so the agent) from the
 * words used, priority from the deadline and urgency words, complexity from the scope; each choice
 * comes with the reason a client reads.
 */
export function classifyBuiltin(input: ClassifyInput): TaskClassification {
  const text = `${input.title}\n${input.description}`.toLowerCase();
  const reasons: string[] = [];

  const scored = WORK_KINDS.map((kind) => ({ kind, hits: cueHits(text, KIND_CUES[kind]) })).sort(
    (a, b) => b.hits.length - a.hits.length || WORK_KINDS.indexOf(a.kind) - WORK_KINDS.indexOf(b.kind),
  );
  const best = scored[0];
  let workKind: WorkKind;
  if (best && best.hits.length > 0) {
    workKind = best.kind;
    reasons.push(`${WORK_KIND_LABELS[workKind]}: the request mentions ${best.hits.map((hit) => `“${hit}”`).join(', ')}.`);
  } else {
    workKind = KIND_FOR_DEPARTMENT[input.department];
    reasons.push(
      `${WORK_KIND_LABELS[workKind]}: the usual work for the ${input.department} department, as the request names no specific deliverable.`,
    );
  }

  const days = daysUntil(input.deadline, input.now ?? new Date());
  const urgentWords = cueHits(text, URGENT_CUES);
  let priority: TaskPriority;
  if (days !== null && days <= 3) {
    priority = 'critical';
    reasons.push(
      `Critical priority: the deadline is ${days < 0 ? 'already past' : days === 0 ? 'today' : `${days} day${days === 1 ? '' : 's'} away`}.`,
    );
  } else if ((days !== null && days <= 10) || urgentWords.length > 0) {
    priority = 'high';
    reasons.push(
      days !== null && days <= 10
        ? `High priority: the deadline is ${days} days away.`
        : `High priority: the request says ${urgentWords.map((word) => `“${word}”`).join(', ')}.`,
    );
  } else if (days !== null && days > 30) {
    priority = 'low';
    reasons.push(`Low priority: the deadline is more than a month away (${days} days).`);
  } else {
    priority = 'medium';
    reasons.push(days === null ? 'Medium priority: no deadline was given.' : `Medium priority: the deadline is ${days} days away.`);
  }

  const frameworkCount = input.frameworks.length;
  const length = input.description.trim().length;
  let complexity: TaskComplexity;
  if (frameworkCount >= 3 || length > 1_500) complexity = 'high';
  else if (frameworkCount === 2 || length > 400 || workKind === 'gap_assessment' || workKind === 'risk_register') complexity = 'medium';
  else complexity = 'low';
  const scope = [
    frameworkCount === 0
      ? 'no framework named'
      : `${frameworkCount} framework${frameworkCount === 1 ? '' : 's'} (${input.frameworks.join(', ')})`,
    length > 400 ? 'a detailed brief' : 'a short brief',
  ].join(' and ');
  const [minDays, maxDays] = ESTIMATE[complexity];
  reasons.push(`${complexity[0]?.toUpperCase()}${complexity.slice(1)} complexity, ${minDays}-${maxDays} days: ${scope}.`);

  return {
    workKind,
    agentId: AGENT_FOR_KIND[workKind],
    priority,
    complexity,
    estimateMinDays: minDays,
    estimateMaxDays: maxDays,
    reasons,
    provider: 'builtin',
  };
}
