import { AI_SUGGESTION_DEFAULTS } from '../../../shared/constants.ts';
import type { AiSuggestion, SuggestionCategory } from '../../../shared/schemas/advisor.ts';
import { completeSentences } from '../../../shared/rules/sentences.ts';
import { clip } from './advisor-text.ts';

/** A suggestion's description at most; it becomes a plan step's and a workflow's description. */
const DESCRIPTION_MAX = 1500;

/**
 * When a question asks for work to be done, the advisor proposes it as a structured suggestion
 * ({title, description, category, priority}) that 'Use plan' and 'Generate workflow' act on.
 */

const ACTION_VERBS = [
  'set up',
  'roll out',
  'put in place',
  'get ready',
  'prepare',
  'implement',
  'create',
  'draft',
  'write',
  'build',
  'establish',
  'conduct',
  'perform',
  'run',
  'plan',
  'document',
  'define',
  'develop',
  'design',
  'review',
  'update',
  'remediate',
  'fix',
  'improve',
  'automate',
  'map',
  'assess',
  'complete',
  'respond',
  'answer',
  'handle',
  'organise',
  'organize',
  'schedule',
  'train',
  'start',
  'achieve',
  'become',
  'pass',
] as const;

const WORK_PATTERNS: readonly RegExp[] = [
  /\bhelp (me|us)\b/i,
  /\b(we|i) (need|have|want|plan|are planning|must|should) to\b/i,
  /\bhow (do|can|should|would) (we|i)\b/i,
  /\b(can|could|would) you (help|create|draft|write|build|make|put together|prepare|plan)\b/i,
  /\b(checklist|roadmap|action plan|project plan|work ?plan|next steps|to-?do)\b/i,
  /^\s*(please\s+)?(set up|roll out|prepare|implement|create|draft|write|build|establish|conduct|perform|run|plan|document|define|develop|design|review|update|remediate|fix|improve|automate|map|assess|schedule)\b/i,
  /\b(get|become) (ready|audit[- ]ready|certified|compliant)\b/i,
  /\bsteps? (to|for)\b/i,
];

/** Whether the question asks for work rather than for an explanation. */
export function asksForWork(question: string, mode: string): boolean {
  if (mode === 'task' || mode === 'plan' || mode === 'workflow') return true;
  return WORK_PATTERNS.some((pattern) => pattern.test(question));
}

const CATEGORY_RULES: readonly [SuggestionCategory, RegExp][] = [
  ['risk_assessment', /\b(risk (assessment|register|analysis|treatment|appetite)|risks?|threat model\w*)\b/i],
  ['privacy', /\b(privacy|gdpr|ccpa|cpra|dsars?|data subjects?|consent|personal data|dpia|data protection)\b/i],
  ['vendor_management', /\b(vendors?|third[- ]part(y|ies)|suppliers?|sub-?processors?)\b/i],
  ['audit_preparation', /\b(audits?|auditors?|type (i|ii|1|2)|readiness|attestation|certif\w*|surveillance)\b/i],
  ['policy', /\b(polic(y|ies))\b/i],
  ['training', /\b(training|awareness|phishing simulation)\b/i],
  ['security', /\b(encrypt\w*|access|mfa|passwords?|vulnerabilit\w*|patch\w*|incidents?|logging|monitoring|backups?|firewalls?|keys?)\b/i],
  ['documentation', /\b(document\w*|procedures?|records?|evidence|runbooks?)\b/i],
  ['process_improvement', /\b(process(es)?|automat\w*|improv\w*|efficien\w*|workflows?)\b/i],
];

export function categoryFor(text: string): SuggestionCategory {
  return CATEGORY_RULES.find(([, pattern]) => pattern.test(text))?.[0] ?? AI_SUGGESTION_DEFAULTS.category;
}

/** 1 is the most urgent; the spec's default is 3. */
export function priorityFor(text: string): number {
  if (/\b(urgent\w*|asap|immediately|critical|right away|today|this week|overdue)\b/i.test(text)) return 1;
  if (/\b(soon|high[- ]priority|important|deadline|next (week|month)|before (the|our) audit)\b/i.test(text)) return 2;
  if (/\b(low[- ]priority|eventually|some ?day|nice to have|when (possible|we can))\b/i.test(text)) return 4;
  return AI_SUGGESTION_DEFAULTS.priority;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "How do we set up quarterly access reviews for SOC 2?" → "Set up quarterly access reviews for SOC 2". */
export function suggestionTitle(question: string, fallbackTopic: string): string {
  const firstSentence = (question.split(/[?!\n]|\.\s/)[0] ?? question).trim();
  const lower = firstSentence.toLowerCase();
  let best: { verb: string; at: number } | null = null;
  for (const verb of ACTION_VERBS) {
    const match = new RegExp(`\\b${verb}\\b`).exec(lower);
    if (match && (!best || match.index < best.at)) best = { verb, at: match.index };
  }
  if (best) {
    const object = firstSentence
      .slice(best.at + best.verb.length)
      .replace(/^\s*(up|out|for|on|with|to)?\s*/i, (_all, particle: string | undefined) =>
        particle && ['for', 'on', 'with', 'to'].includes(particle.toLowerCase()) ? `${particle.toLowerCase()} ` : '',
      )
      .replace(/\b(please|for us|for me)\b/gi, '')
      .replace(/\s+/g, ' ')
      .trim();
    const words = object.split(' ').slice(0, 12).join(' ');
    if (words.length >= 3) return clip(`${capitalize(best.verb)} ${words}`, 120).replace(/[.,;:]+$/, '');
  }
  return clip(`Plan: ${fallbackTopic}`, 120);
}

export function buildSuggestion(input: {
  question: string;
  fallbackTopic: string;
  keyPoints: readonly string[];
  references: readonly string[];
  sourceTitles: readonly string[];
}): AiSuggestion {
  // Every piece is whole sentences (a step's description is read as written, and becomes the
  // generated workflow's description): a point is shortened by dropping sentences, and a piece that
  // does not fit is left out, never cut.
  const points = input.keyPoints
    .slice(0, 3)
    .map((point) => `- ${completeSentences(point, 240, 400)}`)
    .reduce<string[]>((kept, point) => ([...kept, point].join('\n').length <= DESCRIPTION_MAX - 300 ? [...kept, point] : kept), []);
  const parts = [
    points.join('\n'),
    input.references.length > 0 ? `References: ${input.references.join(', ')}.` : '',
    input.sourceTitles.length > 0 ? `Based on: ${input.sourceTitles.join('; ')}.` : '',
  ].filter(Boolean);
  const description = parts.reduce((text, part) => {
    const next = text === '' ? part : `${text}\n\n${part}`;
    return next.length <= DESCRIPTION_MAX ? next : text;
  }, '');
  return {
    title: suggestionTitle(input.question, input.fallbackTopic),
    description: description || completeSentences(input.question, 400, DESCRIPTION_MAX),
    category: categoryFor(input.question),
    priority: priorityFor(input.question),
  };
}
