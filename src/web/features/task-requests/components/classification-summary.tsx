import { Sparkles } from 'lucide-react';
import { WORK_KIND_LABELS, type TaskComplexity, type TaskPriority, type WorkKind } from '../../../../shared/schemas/task-requests.ts';
import { COMPLEXITY_LABELS, PRIORITY_LABELS, estimateLabel } from '../task-labels.ts';

export interface ClassificationView {
  priority: TaskPriority;
  complexity: TaskComplexity;
  estimateMinDays: number;
  estimateMaxDays: number;
  workKind: WorkKind;
  agent: { name: string };
  reasons: string[];
}

/** What the classifier concluded and why: the wizard's step 2 and 3, and the request page's header. */
export function ClassificationSummary({ classification, headingLevel = 3 }: { classification: ClassificationView; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const figures = [
    ['Priority', PRIORITY_LABELS[classification.priority]],
    ['Complexity', COMPLEXITY_LABELS[classification.complexity]],
    ['Estimate', estimateLabel(classification.estimateMinDays, classification.estimateMaxDays)],
    ['Kind of work', WORK_KIND_LABELS[classification.workKind]],
    ['Agent', classification.agent.name],
  ] as const;
  return (
    <section className="grid gap-3 rounded-lg border border-border bg-card p-4" aria-label="AI classification">
      <Heading className="flex items-center gap-1.5 text-sm font-semibold">
        <Sparkles className="size-4 text-primary" aria-hidden /> AI classification
      </Heading>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5">
        {figures.map(([label, value]) => (
          <div key={label}>
            <dt className="text-xs text-muted-foreground">{label}</dt>
            <dd className="font-semibold">{value}</dd>
          </div>
        ))}
      </dl>
      {classification.reasons.length > 0 ? (
        <div>
          <p className="text-xs font-medium text-muted-foreground">Why</p>
          <ul className="mt-1 list-disc space-y-1 pl-5 text-sm">
            {classification.reasons.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
