import { ArrowLeft, CheckCircle2, Pencil, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { DecideOutputResult, OutputReview } from '../../../../shared/schemas/reviews.ts';
import { WORK_KIND_LABELS } from '../../../../shared/schemas/task-requests.ts';
import { Alert, AlertTitle } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useOutputReview, useReviewQueue } from '../api/reviews.ts';
import { OUTPUT_STATUS_LABELS, formatDateTime } from '../review-labels.ts';
import { DecisionForm } from './decision-form.tsx';
import { DiffView } from './diff-view.tsx';
import { EditDraftForm } from './edit-draft-form.tsx';
import { BriefFactsPanel } from './brief-facts-panel.tsx';
import { EarlierReviews, ListPanel, Panel, RequestPanel, ScoresPanel, SourcesPanel } from './output-review-parts.tsx';
import { ReviewMarkdown } from './review-markdown.tsx';
import { workspaceHref } from '../../../../shared/workspace-links.ts';

/** After a decision: what happened, and the way on to the next output in the queue (or word that it is empty). */
function Decided({ result, outputId }: { result: DecideOutputResult; outputId: string }) {
  const queue = useReviewQueue();
  const navigate = useNavigate();
  const [queueEmpty, setQueueEmpty] = useState(false);
  const approved = result.decision === 'approved';
  function reviewAnother() {
    const next = queue.data?.outputs.find((item) => item.outputId !== outputId);
    if (next) void navigate(workspaceHref.outputReview(next.outputId));
    else setQueueEmpty(true);
  }
  return (
    <Alert variant={approved ? 'success' : 'warning'} role="status">
      <AlertTitle className="flex items-center gap-2">
        {approved ? <CheckCircle2 className="size-4" aria-hidden /> : <RotateCcw className="size-4" aria-hidden />}
        {approved ? 'Approved: on to final delivery' : 'Rejected: returned for revision'}
      </AlertTitle>
      <p className="mt-1">
        {approved
          ? `Version ${result.deliverable?.version ?? ''} of the deliverable is published. Quality score ${result.overallScore}.`
          : `The agent redrafts from your notes. Quality score ${result.overallScore}.`}
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <Button variant="outline" size="sm" onClick={reviewAnother} disabled={queue.isPending}>
          Review Another Output
        </Button>
        {queueEmpty ? <span className="text-sm">The queue is empty: nothing else awaits review.</span> : null}
      </div>
    </Alert>
  );
}

function DraftSection({ review }: { review: OutputReview }) {
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const { output } = review;
  const canEdit = output.status === 'pending_review';
  return (
    <Panel title={`Draft, version ${output.version}`}>
      <p className="text-sm text-muted-foreground">
        {output.editedBy ? `Edited by ${output.editedBy.name}` : `By ${output.agentName}`} · {formatDateTime(output.generatedAt)}
      </p>
      {editing ? (
        <EditDraftForm
          review={review}
          onCancel={() => setEditing(false)}
          onSaved={(outputId) => {
            setEditing(false);
            void navigate(workspaceHref.outputReview(outputId));
          }}
        />
      ) : (
        <>
          <p className="rounded-md bg-muted/60 p-3 text-sm">{output.summary}</p>
          <div className="rounded-md border border-border p-4">
            <ReviewMarkdown content={output.body} />
          </div>
          {canEdit ? (
            <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
              <Pencil aria-hidden /> Edit draft
            </Button>
          ) : null}
        </>
      )}
    </Panel>
  );
}

/** `/reviews?output=<id>`: one AI output as its reviewer sees it, with the human decision. */
export function OutputReviewScreen({ outputId }: { outputId: string }) {
  const query = useOutputReview(outputId);
  const [decided, setDecided] = useState<DecideOutputResult | null>(null);
  if (query.isPending) return <Spinner label="Loading the output" />;
  if (query.isError) {
    const missing = query.error instanceof ApiError && query.error.status === 404;
    return (
      <Alert role="alert" variant="destructive">
        <AlertTitle>{missing ? 'Output not found' : 'The output could not be loaded'}</AlertTitle>
        <p className="mt-1">
          {missing ? 'It does not exist, or it belongs to a client you are not assigned to.' : 'Check your connection and try again.'}
        </p>
        <Link to="/reviews" className="mt-3 inline-block font-medium underline">
          Back to the review queue
        </Link>
      </Alert>
    );
  }
  const review = query.data;
  const { output } = review;
  const status = OUTPUT_STATUS_LABELS[output.status];
  return (
    <div className="max-w-5xl space-y-6">
      <div>
        <Link to="/reviews" className="inline-flex items-center gap-1 text-sm font-medium text-primary hover:underline">
          <ArrowLeft className="size-4" aria-hidden /> Review queue
        </Link>
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <h1 className="text-3xl font-bold tracking-tight">{output.title}</h1>
          <Badge tone={status.tone}>{status.label}</Badge>
        </div>
        <p className="mt-2 text-sm text-muted-foreground">
          {WORK_KIND_LABELS[output.type]} · by {output.agentName} · version {output.version}
        </p>
      </div>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="min-w-0 space-y-6">
          <ScoresPanel output={output} />
          <DraftSection key={output.id} review={review} />
          {review.previous ? (
            <Panel title="What changed">
              <DiffView lines={review.diff} previousVersion={review.previous.version} />
            </Panel>
          ) : null}
          {decided ? (
            <Decided result={decided} outputId={output.id} />
          ) : output.status === 'pending_review' ? (
            <DecisionForm review={review} onDecided={setDecided} />
          ) : (
            <Alert variant="default">
              <AlertTitle>{status.label}</AlertTitle>
              <p className="mt-1">This version is no longer awaiting a decision.</p>
            </Alert>
          )}
        </div>
        <div className="space-y-6">
          <RequestPanel request={review.request} />
          <BriefFactsPanel facts={output.briefFacts} removedReferences={output.removedReferences} />
          <ListPanel title="Key findings" items={output.keyFindings} empty="No key findings." />
          <ListPanel title="Recommendations" items={output.recommendations} empty="No recommendations." />
          <SourcesPanel sources={output.sources} />
          <EarlierReviews reviews={review.reviews} />
        </div>
      </div>
    </div>
  );
}
