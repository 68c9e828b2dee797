import { CheckCircle2, RotateCcw, ShieldAlert, ThumbsDown, ThumbsUp, UserCheck } from 'lucide-react';
import { useState } from 'react';
import { type AiOutputStatus, reviewOutcome, reviewOutput } from '../../../../shared/rules/demo-states.ts';
import { riskBand } from '../../../../shared/rules/score-bands.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { formatDateTime } from '../format.ts';
import { DEMO_AI_OUTPUTS } from '../sample-data.ts';
import { Panel, ScreenHeader } from './screen-parts.tsx';

const STATUS_BADGE: Record<AiOutputStatus, { label: string; tone: 'info' | 'green' | 'red' }> = {
  pending_review: { label: 'Pending review', tone: 'info' },
  approved: { label: 'Approved', tone: 'green' },
  rejected: { label: 'Rejected', tone: 'red' },
};

/**
 * AI output review (product.md §4): pending_review, then approved (on to final delivery) or rejected
 * (back for revision). The decision is a person's, and the screen says so.
 */
export function OutputReview() {
  const [position, setPosition] = useState(0);
  const output = DEMO_AI_OUTPUTS[position % DEMO_AI_OUTPUTS.length] ?? DEMO_AI_OUTPUTS[0]!;
  const [status, setStatus] = useState<AiOutputStatus>(output.status);
  const risk = riskBand(output.content.riskScore);
  const outcome = reviewOutcome(status);

  return (
    <div className="grid gap-4">
      <ScreenHeader
        title={output.title}
        subtitle={`${output.type} · by ${output.agent} · ${formatDateTime(output.generatedAt)}`}
        aside={<Badge tone={STATUS_BADGE[status].tone}>{STATUS_BADGE[status].label}</Badge>}
      />
      <div className="grid gap-3 md:grid-cols-[1fr_14rem]">
        <Panel className="grid gap-3">
          <p className="text-sm">{output.content.summary}</p>
          <div>
            <h4 className="text-sm font-semibold">Key findings</h4>
            <ul className="mt-1 list-disc pl-5 text-sm">
              {output.content.keyFindings.map((finding) => (
                <li key={finding}>{finding}</li>
              ))}
            </ul>
          </div>
          <div>
            <h4 className="text-sm font-semibold">Recommendations</h4>
            <ul className="mt-1 list-disc pl-5 text-sm">
              {output.content.recommendations.map((recommendation) => (
                <li key={recommendation}>{recommendation}</li>
              ))}
            </ul>
          </div>
        </Panel>
        <div className="grid content-start gap-3">
          <Panel>
            <p className="text-xs text-muted-foreground">Risk score</p>
            <p className="mt-1 flex items-center gap-2 text-2xl font-semibold tabular-nums">
              {output.content.riskScore}
              <Badge tone={risk.color}>
                <ShieldAlert aria-hidden /> {risk.label}
              </Badge>
            </p>
          </Panel>
          <Panel>
            <p className="text-xs text-muted-foreground">Agent confidence</p>
            <p className="mt-1 text-2xl font-semibold tabular-nums">{output.confidence}%</p>
          </Panel>
        </div>
      </div>
      <Panel className="grid gap-3 border-primary/40 bg-primary/5">
        <p className="flex items-center gap-2 text-sm font-semibold">
          <UserCheck className="size-4 text-primary" aria-hidden /> Human decision required
        </p>
        {outcome ? (
          <p role="status" className="flex items-center gap-2 text-sm">
            {status === 'approved' ? (
              <CheckCircle2 className="size-4 text-emerald-600" aria-hidden />
            ) : (
              <RotateCcw className="size-4 text-red-600" aria-hidden />
            )}
            {outcome}
          </p>
        ) : (
          <p className="text-sm text-muted-foreground">A reviewer must approve this output before it is delivered.</p>
        )}
        <div className="flex flex-wrap gap-2">
          {status === 'pending_review' ? (
            <>
              <Button onClick={() => setStatus((current) => reviewOutput(current, 'approve'))}>
                <ThumbsUp aria-hidden /> Approve
              </Button>
              <Button variant="destructive" onClick={() => setStatus((current) => reviewOutput(current, 'reject'))}>
                <ThumbsDown aria-hidden /> Reject
              </Button>
            </>
          ) : (
            <Button
              variant="outline"
              onClick={() => {
                const next = (position + 1) % DEMO_AI_OUTPUTS.length;
                setPosition(next);
                setStatus(DEMO_AI_OUTPUTS[next]?.status ?? 'pending_review');
              }}
            >
              Review Another Output
            </Button>
          )}
        </div>
      </Panel>
    </div>
  );
}
