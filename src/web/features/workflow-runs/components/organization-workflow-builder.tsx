import { type Edge, type OnConnect, ReactFlowProvider, addEdge, useEdgesState, useNodesState, useReactFlow } from '@xyflow/react';
import { ArrowLeft, Play, Plus, Save, Upload } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import type { WorkflowTrigger } from '../../../../shared/schemas/workflow-runs.ts';
import type { OrganizationWorkflow, WorkflowProblem } from '../../../../shared/schemas/workflows.ts';
import { validateWorkflowGraph } from '../../../../shared/rules/workflow-validation.ts';
import { Alert, AlertTitle } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { WorkflowCanvas } from '../../../components/workflow-canvas.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { type FlowNode, NODE_TYPE_LABELS, fromFlow, toFlow } from '../../../lib/workflow-graph.ts';
import { usePublishWorkflow, useStartRun } from '../api/workflow-runs-api.ts';
import { useOrganizationWorkflow, useSaveWorkflowDraft } from '../api/workflow-builder-api.ts';
import { PALETTE, edgeFor, newNode, problemsByNode } from '../builder-graph.ts';
import { RUN_STATUS_WORDS, triggerWords } from '../workflow-words.ts';
import { builderNodeTypes } from './builder-nodes.tsx';
import { NodePanel, ProblemList } from './node-panel.tsx';
import { RunTimeline } from './run-timeline.tsx';
import { TriggerSettings } from './trigger-settings.tsx';

const STATUS_WORDS = { draft: 'Draft', active: 'Active', paused: 'Paused' } as const;
const STATUS_TONE = { draft: 'neutral', active: 'green', paused: 'yellow' } as const;

function Editor({ workflow }: { workflow: OrganizationWorkflow }) {
  const initial = useMemo(() => toFlow(workflow.nodes, workflow.edges), [workflow.nodes, workflow.edges]);
  const [nodes, setNodes, onNodesChange] = useNodesState<FlowNode>(initial.nodes);
  const [edges, setEdges, onEdgesChange] = useEdgesState<Edge>(initial.edges);
  const [trigger, setTrigger] = useState<WorkflowTrigger>(workflow.trigger);
  const [isDirty, setDirty] = useState(false);
  /** What the server answered on the last publish, until the next edit. */
  const [serverProblems, setServerProblems] = useState<WorkflowProblem[] | null>(null);
  const [runId, setRunId] = useState<string | null>(null);
  const save = useSaveWorkflowDraft(workflow.id);
  const publish = usePublishWorkflow();
  const start = useStartRun();
  const flow = useReactFlow();

  const selected = nodes.find((node) => node.selected) ?? null;
  const select = (id: string | null) => setNodes((current) => current.map((node) => ({ ...node, selected: node.id === id })));
  const edited = () => {
    setDirty(true);
    setServerProblems(null);
  };

  const graph = fromFlow(nodes, edges);
  const localProblems = validateWorkflowGraph(graph);
  const problems = serverProblems ?? localProblems;
  const byNode = problemsByNode(problems);
  const shownNodes = nodes.map((node) => ({ ...node, data: { ...node.data, problems: byNode.get(node.id) ?? [] } }));

  const onConnect: OnConnect = (connection) => {
    setEdges((current) =>
      addEdge(
        { ...edgeFor(connection.source, connection.target, connection.sourceHandle ?? ''), ...connection },
        current.filter((edge) => !(edge.source === connection.source && edge.target === connection.target)),
      ),
    );
    edited();
  };

  async function saveDraft(): Promise<boolean> {
    try {
      await save.mutateAsync({ ...graph, trigger });
      setDirty(false);
      return true;
    } catch (error) {
      toast({
        title: 'The draft was not saved',
        description: error instanceof ApiError ? (error.issues[0]?.message ?? error.message) : 'Please try again.',
        variant: 'destructive',
      });
      return false;
    }
  }

  async function onPublish() {
    if (isDirty && !(await saveDraft())) return;
    publish.mutate(workflow.id, {
      onSuccess: (published) => {
        setServerProblems(null);
        toast({ title: `Published version ${published.published_version}`, description: 'New runs use this version.', variant: 'success' });
      },
      onError: (error) => {
        if (error instanceof ApiError && error.issues.length > 0) {
          setServerProblems(
            error.issues.map((issue) => ({ nodeId: issue.path.startsWith('nodes.') ? issue.path.slice(6) : null, message: issue.message })),
          );
        }
        toast({ title: 'Not ready to publish', description: 'Each problem is marked on its step.', variant: 'destructive' });
      },
    });
  }

  const current = workflow;
  // 'Run now' starts the published version, whatever its trigger (a scheduled review can be run early too).
  const canRun = current.status === 'active' && current.published_version !== null;

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={STATUS_TONE[current.status]} data-testid="builder-status">
          {STATUS_WORDS[current.status]}
        </Badge>
        {current.published_version ? (
          <Badge>Published version {current.published_version}</Badge>
        ) : (
          <Badge tone="neutral">Never published</Badge>
        )}
        {isDirty ? (
          <Badge tone="yellow">Unsaved changes</Badge>
        ) : current.has_unpublished_changes ? (
          <Badge tone="info">Draft not published</Badge>
        ) : null}
        <span className="text-sm text-muted-foreground">{triggerWords(current.trigger)}</span>
        <div className="ml-auto flex flex-wrap gap-2">
          <Button type="button" variant="outline" onClick={() => void saveDraft()} disabled={!isDirty || save.isPending}>
            <Save aria-hidden /> {save.isPending ? 'Saving…' : 'Save draft'}
          </Button>
          <Button type="button" onClick={() => void onPublish()} disabled={publish.isPending || save.isPending}>
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
                    setRunId(run.id);
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
        </div>
      </div>

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
                onClick={() => {
                  const node = newNode(item, nodes);
                  setNodes((existing) => [...existing.map((other) => ({ ...other, selected: false })), { ...node, selected: true }]);
                  edited();
                  // Bring the new step into view once React Flow has measured it.
                  window.setTimeout(() => void flow.fitView({ duration: 200 }), 50);
                }}
              >
                <Plus aria-hidden />
                {item.type === 'action' ? item.label : NODE_TYPE_LABELS[item.type]}
              </Button>
            </li>
          ))}
        </ul>
      </nav>
      <div className="grid gap-4 xl:grid-cols-[1fr_20rem]">
        <WorkflowCanvas
          className="h-[26rem] lg:h-[32rem]"
          name={workflow.name}
          nodes={shownNodes}
          edges={edges}
          nodeTypes={builderNodeTypes}
          onNodesChange={onNodesChange}
          onEdgesChange={onEdgesChange}
          onConnect={onConnect}
          onEdited={edited}
          deleteKeyCode={['Backspace', 'Delete']}
          minZoom={0.2}
        />
        <aside aria-label="Selected step" className="rounded-lg border border-border p-4">
          <NodePanel
            node={selected}
            nodes={nodes}
            edges={edges}
            problems={selected ? (byNode.get(selected.id) ?? []) : []}
            onChange={(data) => {
              setNodes((existing) => existing.map((node) => (node.id === selected?.id ? { ...node, data } : node)));
              edited();
            }}
            onConnect={(target, sourceHandle) => {
              if (!selected) return;
              setEdges((existing) => [
                ...existing.filter((edge) => !(edge.source === selected.id && edge.target === target)),
                edgeFor(selected.id, target, sourceHandle),
              ]);
              edited();
            }}
            onRemoveEdge={(id) => {
              setEdges((existing) => existing.filter((edge) => edge.id !== id));
              edited();
            }}
            onRemoveNode={() => {
              if (!selected) return;
              setNodes((existing) => existing.filter((node) => node.id !== selected.id));
              setEdges((existing) => existing.filter((edge) => edge.source !== selected.id && edge.target !== selected.id));
              edited();
            }}
          />
        </aside>
      </div>

      <ProblemList problems={problems} nodes={nodes} fromServer={serverProblems !== null} onSelect={select} />

      <TriggerSettings
        organizationId={workflow.organization_id}
        trigger={trigger}
        onChange={(next) => {
          setTrigger(next);
          edited();
        }}
      />

      {runId ? <RunTimeline runId={runId} /> : null}
    </div>
  );
}

/** The Workflow Builder of an organization's workflow (`?tab=workflows&view=builder&workflow=<id>`). */
export default function OrganizationWorkflowBuilder({ workflowId }: { workflowId: string }) {
  const workflow = useOrganizationWorkflow(workflowId);
  if (workflow.isPending) return <Spinner label="Loading the workflow" />;
  if (workflow.isError) {
    return (
      <Alert role="alert" variant="destructive">
        <AlertTitle>Workflow not found</AlertTitle>
        <p className="mt-1">It does not exist, or it is not your organization’s.</p>
        <Link to="/dashboard-compliancecore?tab=workflows" className="mt-2 inline-block underline">
          All workflows
        </Link>
      </Alert>
    );
  }
  return (
    <section aria-labelledby="builder-heading" className="space-y-4">
      <Link
        to="/dashboard-compliancecore?tab=workflows"
        className="inline-flex items-center gap-1 text-sm font-medium text-primary hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden /> All workflows
      </Link>
      <h2 id="builder-heading" className="text-xl font-semibold">
        Workflow Builder: {workflow.data.name}
      </h2>
      {workflow.data.description ? <p className="max-w-3xl text-sm text-muted-foreground">{workflow.data.description}</p> : null}
      <ReactFlowProvider key={workflow.data.id}>
        <Editor workflow={workflow.data} />
      </ReactFlowProvider>
    </section>
  );
}
