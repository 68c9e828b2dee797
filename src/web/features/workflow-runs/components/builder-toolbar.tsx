import { Play, Plus, Save, Upload } from 'lucide-react';
import type { OrganizationWorkflow } from '../../../../shared/schemas/workflows.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { NODE_TYPE_LABELS } from '../../../lib/workflow-graph.ts';
import { useStartRun } from '../api/workflow-runs-api.ts';
import { PALETTE, type PaletteItem } from '../builder-graph.ts';
import { RUN_STATUS_WORDS, triggerWords } from '../workflow-words.ts';
import { PROBLEM_LIST_ID } from './node-panel.tsx';

const PUBLISH_REASON_ID = 'builder-publish-reason';
const STATUS_WORDS = { draft: 'Draft', active: 'Active', paused: 'Paused' } as const;
const STATUS_TONE = { draft: 'neutral', active: 'green', paused: 'yellow' } as const;

interface BuilderToolbarProps {
  workflow: OrganizationWorkflow;
  isDirty: boolean;
  problemCount: number;
  saving: boolean;
  publishing: boolean;
  onSave: () => void;
  onPublish: () => void;
  /** A run of the published version started ('Run now'). */
  onStarted: (runId: string) => void;
}

/** The builder's status badges and its Save draft, Publish and Run now buttons, with why Publish is off. */
export function BuilderToolbar({ workflow, isDirty, problemCount, saving, publishing, onSave, onPublish, onStarted }: BuilderToolbarProps) {
  const start = useStartRun();
  // 'Run now' starts the published version, whatever its trigger (a scheduled review can be run early too).
  const canRun = workflow.status === 'active' && workflow.published_version !== null;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Badge tone={STATUS_TONE[workflow.status]} data-testid="builder-status">
        {STATUS_WORDS[workflow.status]}
      </Badge>
      {workflow.published_version ? (
        <Badge>Published version {workflow.published_version}</Badge>
      ) : (
        <Badge tone="neutral">Never published</Badge>
      )}
      {isDirty ? (
        <Badge tone="yellow">Unsaved changes</Badge>
      ) : workflow.has_unpublished_changes ? (
        <Badge tone="info">Draft not published</Badge>
      ) : null}
      <span className="text-sm text-muted-foreground">{triggerWords(workflow.trigger)}</span>
      <div className="ml-auto flex flex-wrap gap-2">
        <Button type="button" variant="outline" onClick={onSave} disabled={!isDirty || saving}>
          <Save aria-hidden /> {saving ? 'Saving…' : 'Save draft'}
        </Button>
        <Button
          type="button"
          onClick={onPublish}
          disabled={publishing || saving || problemCount > 0}
          // A workflow with problems cannot be published (the server answers 400): the button says why.
          aria-describedby={problemCount > 0 ? `${PUBLISH_REASON_ID} ${PROBLEM_LIST_ID}` : undefined}
        >
          <Upload aria-hidden /> Publish
        </Button>
        {canRun ? (
          <Button
            type="button"
            variant="secondary"
            disabled={start.isPending || isDirty}
            title={isDirty ? 'Save and publish first: a run uses the published version' : undefined}
            onClick={() =>
              start.mutate(workflow.id, {
                onSuccess: (run) => {
                  onStarted(run.id);
                  toast({
                    title: 'Run started',
                    description: `Version ${run.version}: ${RUN_STATUS_WORDS[run.status]}`,
                    variant: 'success',
                  });
                },
                onError: (error) => toast({ title: 'The run did not start', description: error.message, variant: 'destructive' }),
              })
            }
          >
            <Play aria-hidden /> Run now
          </Button>
        ) : null}
        {problemCount > 0 ? (
          <p id={PUBLISH_REASON_ID} className="basis-full text-right text-sm text-muted-foreground">
            {problemCount === 1 ? 'Fix the problem listed below to publish.' : `Fix the ${problemCount} problems listed below to publish.`}
          </p>
        ) : null}
      </div>
    </div>
  );
}

/** The palette: one button per kind of step the builder can add. */
export function NodePalette({ onAdd }: { onAdd: (item: PaletteItem) => void }) {
  return (
    <nav aria-label="Node palette" className="rounded-lg border border-border p-3">
      <h3 className="mb-2 text-sm font-semibold">Add a step</h3>
      <ul className="flex flex-wrap gap-1">
        {PALETTE.map((item) => (
          <li key={`${item.type}-${item.actionType ?? ''}`}>
            <Button
              type="button"
              variant="outline"
              size="sm"
              aria-label={`Add ${item.type === 'action' ? item.label : NODE_TYPE_LABELS[item.type]}`}
              onClick={() => onAdd(item)}
            >
              <Plus aria-hidden />
              {item.type === 'action' ? item.label : NODE_TYPE_LABELS[item.type]}
            </Button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
