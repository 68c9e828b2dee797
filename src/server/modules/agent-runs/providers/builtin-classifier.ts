import {
  type Department,
  type TaskClassification,
  type TaskComplexity,
  type TaskPriority,
  WORK_KIND_LABELS,
  WORK_KINDS,
  type WorkKind,
} from '../../../../shared/schemas/task-requests.ts';
import type { ClassifyInput } from '../../task-requests/classify-task.ts';

/** The agent that does each kind of work (seeded by migration 0019). */
export const AGENT_FOR_KIND: Record<WorkKind, string> = {
  policy_draft: 'policy-drafter',
  gap_assessment: 'gap-analyst',
  risk_register: 'risk-analyst',
  evidence_checklist: 'evidence-collector',
  vendor_review: 'vendor-reviewer',
  questionnaire_answers: 'questionnaire-responder',
};

/**
 * What points at a kind of work: phrases with a weight. The title names the deliverable more often
 * than the brief does, so a cue in the title counts twice. Cues are phrases, not single words, where a
 * word alone misleads: "risk" sits in "supplier risk policy", "assess" in "assess Twilio as a business
 * associate", "review" in "access review policy".
 */
interface Cue {
  /** Matched on the lower-cased text, or on the text as written when `cased` (a vendor's proper name). */
  pattern: RegExp;
  weight: number;
  cased?: boolean;
}

const DOCUMENT = String.raw`polic(?:y|ies)|procedures?|standards?|handbook|code of conduct|playbook|charter|guidelines?`;
const PARTY = String.raw`vendors?|suppliers?|third[- ]part(?:y|ies)|sub-?processors?|service providers?|business associates?|tpsps?|saas providers?|providers?|processors?`;

const KIND_CUES: Record<WorkKind, readonly Cue[]> = {
  policy_draft: [
    { pattern: new RegExp(String.raw`\b(?:${DOCUMENT})\b`), weight: 2 },
    { pattern: /\bacceptable use\b/, weight: 2 },
    {
      pattern: new RegExp(String.raw`\b(?:write|draft|prepare|need|create|put together|update|rewrite)\b[^.?!\n]{0,60}\b(?:${DOCUMENT})\b`),
      weight: 3,
    },
    { pattern: /\bwrite (?:up|down)\b|\bwritten (?:down|procedure)\b/, weight: 1 },
  ],
  gap_assessment: [
    { pattern: /\bgaps?\b/, weight: 3 },
    {
      pattern: /\b(?:readiness|maturity|how far|how ready|ready for|measure up|where (?:do|are) we stand|where are we|audit prep)\b/,
      weight: 2,
    },
    { pattern: /\b(?:assess(?:ment)?|compare|check)\b[^.?!\n]{0,40}\bagainst\b/, weight: 2 },
    { pattern: /\b(?:what should we fix|fix first|where are the holes|holes)\b/, weight: 1 },
    // What the client says is missing ("we have never done a risk analysis") is a gap, not the work asked.
    {
      pattern:
        /\b(?:never|not yet|haven't|have not|hasn't|has not)\b[^.?!\n]{0,20}\b(?:done|performed|held|had|tested|written|run|started)\b/,
      weight: 2,
    },
  ],
  risk_register: [
    { pattern: /\brisk register\b|\brisk entries\b|\bregister entries\b/, weight: 4 },
    { pattern: /\b(?:risk|threat) (?:assessment|analysis)\b/, weight: 2 },
    { pattern: /\b(?:risks|threats|what could go wrong|heat map)\b/, weight: 2 },
    { pattern: /\b(?:likelihood|likely|impact|treatment|inherent|residual)\b/, weight: 1 },
    { pattern: /\brisk\b/, weight: 1 },
  ],
  evidence_checklist: [
    { pattern: /\bevidence\b/, weight: 2 },
    { pattern: /\bchecklist\b|\bevidence list\b/, weight: 2 },
    { pattern: /\b(?:proof|prove|proving|screenshots?|exports?|artefacts?|artifacts?|records)\b/, weight: 1 },
    { pattern: /\b(?:auditor|assessor|qsa|investigator|regulator)\b[^.?!\n]{0,50}\b(?:see|want|sample|expect|ask|show|accept)/, weight: 2 },
    { pattern: /\bshow (?:an? |the )?(?:auditor|assessor|qsa|investigator|regulator)\b/, weight: 2 },
  ],
  vendor_review: [
    { pattern: new RegExp(String.raw`\b(?:${PARTY})\b`), weight: 2 },
    {
      pattern: new RegExp(String.raw`\b(?:vendor|supplier|third[- ]party) (?:security )?(?:review|assessment|risk assessment)\b`),
      weight: 2,
    },
    { pattern: new RegExp(String.raw`\bas (?:a|an|our) (?:${PARTY})\b`), weight: 3 },
    { pattern: /\b(?:can we use|before we sign|should we sign|onboard(?:ing)?|safe enough|safe to)\b/, weight: 2 },
    { pattern: /\btheir (?:dpa|soc 2|aoc|attestation|report|answers|contract|baa|certifications?|security|questionnaire)\b/, weight: 2 },
    // "Review Gusto", "assess Twilio", "vet Snowflake": a named company is what is reviewed.
    {
      pattern:
        /\b(?:[Rr]eview|[Aa]ssess|[Ee]valuate|[Vv]et|[Dd]ue diligence on)\s+(?!(?:our|the|a|an|my|this|these|it|them|all|every|how|what|where|against)\b)[A-Z][\w.&-]+/,
      weight: 3,
      cased: true,
    },
  ],
  questionnaire_answers: [
    { pattern: /\bquestionnaires?\b/, weight: 4 },
    { pattern: /\b(?:rfp|rfi|ddq|due diligence questionnaire|sig(?: lite)?|caiq|vsaq|hecvat)\b/, weight: 3 },
    {
      pattern: /\b(?:asked|sent us|send us|sent)\b[^.?!\n]{0,50}\bquestion(?:s|naires?)?\b|\bquestions? (?:from|by) (?:a|an|our|the)\b/,
      weight: 3,
    },
    { pattern: /\b(?:vendor|supplier|security|customer|due diligence|privacy) (?:security )?questionnaires?\b/, weight: 2 },
    // Our customer asks us: we are the vendor being reviewed, the work is our answers.
    {
      pattern:
        /\b(?:customers?|clients?|prospects?|banks?|buyers?|partners?)\b[^.?!\n]{0,40}\b(?:sent|asked|asks|wants|want|requires?|needs?)\b|\b(?:from|by) (?:a|an|our|the) (?:\w+ )?(?:customer|prospect|client|bank|buyer|partner)\b/,
      weight: 2,
    },
    { pattern: /\b(?:fill in|fill out|complete)\b/, weight: 1 },
    { pattern: /\b(?:answer|answers|responses?|respond|reply)\b/, weight: 1 },
    { pattern: /\bsecurity review\b|\bcustomer asked\b|\bprocurement\b/, weight: 1 },
  ],
};

/** A request to us ("could you write…") is not a question a customer asked the client. */
const REQUEST_TO_US =
  /^(?:could|can|would|will) you(?: please)? (?:write|draft|prepare|put|help|review|assess|do|create|build|make|give|look|check|tell|list|compile|update)\b/;

/**
 * The questions a customer asks the client ("Do you encrypt…?", "Who is your DPO?"): in the second
 * person, one per line or sentence. Several are what a questionnaire is.
 */
function customerQuestions(description: string): string[] {
  return description
    .split(/\n|(?<=[?])\s+/)
    .map((line) =>
      line
        .trim()
        .replace(/^(?:[-*•]\s*|\d+(?:\.\d+)*[.)]?\s+|q\d+[.:)]?\s*)/i, '')
        .toLowerCase(),
    )
    .filter((line) => line.endsWith('?') && /\b(?:you|your)\b/.test(line) && !REQUEST_TO_US.test(line));
}

function cueHits(text: string, cased: string, cues: readonly Cue[]): { score: number; phrases: string[] } {
  let score = 0;
  const phrases: string[] = [];
  for (const cue of cues) {
    const match = cue.pattern.exec(cue.cased ? cased : text);
    if (!match) continue;
    score += cue.weight;
    phrases.push(match[0].trim());
  }
  return { score, phrases };
}

/** The title's head, what it names before "for", "of", a colon…: "Evidence for the gap we closed" is evidence. */
function titleHead(title: string): string {
  return title.split(/\s(?:for|of|on|about|from|with|under|against|to|in)\s|:\s|\s[–—-]\s|\?/i)[0] ?? title;
}

function scoreKind(kind: WorkKind, input: Pick<ClassifyInput, 'title' | 'description'>): { score: number; phrases: string[] } {
  const title = cueHits(input.title.toLowerCase(), input.title, KIND_CUES[kind]);
  const brief = cueHits(input.description.toLowerCase(), input.description, KIND_CUES[kind]);
  const head = titleHead(input.title);
  let score = title.score * 2 + brief.score + (cueHits(head.toLowerCase(), head, KIND_CUES[kind]).score > 0 ? 3 : 0);
  const phrases = [...new Set([...title.phrases, ...brief.phrases].map((phrase) => phrase.toLowerCase()))];
  if (kind === 'questionnaire_answers') {
    const questions = customerQuestions(input.description);
    if (questions.length > 0) {
      score += questions.length >= 2 ? Math.min(3 + questions.length, 8) : 1;
      phrases.push(`${questions.length} question${questions.length === 1 ? '' : 's'} put to you`);
    }
  }
  return { score, phrases };
}

/** When the words do not decide, the department does. */
const KIND_FOR_DEPARTMENT: Record<Department, WorkKind> = {
  compliance: 'gap_assessment',
  risk: 'risk_register',
  legal: 'policy_draft',
  operations: 'evidence_checklist',
};

const URGENT_CUES = ['urgent', 'asap', 'as soon as possible', 'immediately', 'blocking', 'deal closes', 'auditor arrives'];

const ESTIMATE: Record<TaskComplexity, [number, number]> = { low: [1, 2], medium: [3, 5], high: [5, 8] };

function phraseHits(text: string, cues: readonly string[]): string[] {
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

  // Ties go to the department's usual work, then to the order of WORK_KINDS.
  const usual = KIND_FOR_DEPARTMENT[input.department];
  const scored = WORK_KINDS.map((kind) => ({ kind, ...scoreKind(kind, input) })).sort(
    (a, b) =>
      b.score - a.score || Number(b.kind === usual) - Number(a.kind === usual) || WORK_KINDS.indexOf(a.kind) - WORK_KINDS.indexOf(b.kind),
  );
  const best = scored[0];
  let workKind: WorkKind;
  if (best && best.score > 0) {
    workKind = best.kind;
    reasons.push(`${WORK_KIND_LABELS[workKind]}: the request mentions ${best.phrases.map((hit) => `“${hit}”`).join(', ')}.`);
  } else {
    workKind = KIND_FOR_DEPARTMENT[input.department];
    reasons.push(
      `${WORK_KIND_LABELS[workKind]}: the usual work for the ${input.department} department, as the request names no specific deliverable.`,
    );
  }

  const days = daysUntil(input.deadline, input.now ?? new Date());
  const urgentWords = phraseHits(text, URGENT_CUES);
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
