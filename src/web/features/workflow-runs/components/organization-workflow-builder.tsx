import { type Edge, type OnConnect, ReactFlowProvider, addEdge, useEdgesState, useNodesState, useReactFlow } from '@xyflow/react';
import { ArrowLeft } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import type { WorkflowTrigger } from '../../../../shared/schemas/workflow-runs.ts';
import type { OrganizationWorkflow, WorkflowProblem } from '../../../../shared/schemas/workflows.ts';
import { validateWorkflowGraph } from '../../../../shared/rules/workflow-validation.ts';
import { Alert, AlertTitle } from '../../../components/ui/alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { WorkflowCanvas } from '../../../components/workflow-canvas.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { type FlowNode, fromFlow, toFlow } from '../../../lib/workflow-graph.ts';
import { usePublishWorkflow } from '../api/workflow-runs-api.ts';
import { useOrganizationWorkflow, useSaveWorkflowDraft } from '../api/workflow-builder-api.ts';
import { type PaletteItem, edgeFor, newNode, problemsByNode } from '../builder-graph.ts';
import { builderNodeTypes } from './builder-nodes.tsx';
import { BuilderToolbar, NodePalette } from './builder-toolbar.tsx';
import { NodePanel, ProblemList } from './node-panel.tsx';
import { RunTimeline } from './run-timeline.tsx';
import { TriggerSettings } from './trigger-settings.tsx';
import { workspaceHref } from '../../../../shared/workspace-links.ts';

/** A publish refusal's issue as a problem, on its step where the path names one (`nodes.<id>`). */
const problemOf = (issue: ApiError['issues'][number]): WorkflowProblem => ({
  nodeId: issue.path.startsWith('nodes.') ? issue.path.slice(6) : null,
  message: issue.message,
});

/** The graph under edit: nodes, edges, the selected step, and every edit of them (each one calls `edited`). */
function useGraphEditor(workflow: OrganizationWorkflow, edited: () => void) {
  const initial = useMemo(() => toFlow(workflow.nodes, workflow.edges), [workflow.nodes, workflow.edges]);
  const [nodes, setNodes, onNodesChange] = useNodesState<FlowNode>(initial.nodes);
  const [edges, setEdges, onEdgesChange] = useEdgesState<Edge>(initial.edges);
  const flow = useReactFlow();
  const selected = nodes.find((node) => node.selected) ?? null;
  const select = (id: string | null) => setNodes((current) => current.map((node) => ({ ...node, selected: node.id === id })));

  const onConnect: OnConnect = (connection) => {
    setEdges((current) =>
      addEdge(
        { ...edgeFor(connection.source, connection.target, connection.sourceHandle ?? ''), ...connection },
        current.filter((edge) => !(edge.source === connection.source && edge.target === connection.target)),
      ),
    );
    edited();
  };
  const addStep = (item: PaletteItem) => {
    const node = newNode(item, nodes);
    setNodes((existing) => [...existing.map((other) => ({ ...other, selected: false })), { ...node, selected: true }]);
    edited();
    // Bring the new step into view once React Flow has measured it.
    window.setTimeout(() => void flow.fitView({ duration: 200 }), 50);
  };
  const updateSelected = (data: FlowNode['data']) => {
    setNodes((existing) => existing.map((node) => (node.id === selected?.id ? { ...node, data } : node)));
    edited();
  };
  const connectSelected = (target: string, sourceHandle: string) => {
    if (!selected) return;
    setEdges((existing) => [
      ...existing.filter((edge) => !(edge.source === selected.id && edge.target === target)),
      edgeFor(selected.id, target, sourceHandle),
    ]);
    edited();
  };
  const removeEdge = (id: string) => {
    setEdges((existing) => existing.filter((edge) => edge.id !== id));
    edited();
  };
  const removeSelected = () => {
    if (!selected) return;
    setNodes((existing) => existing.filter((node) => node.id !== selected.id));
    setEdges((existing) => existing.filter((edge) => edge.source !== selected.id && edge.target !== selected.id));
    edited();
  };
  return {
    nodes,
    edges,
    onNodesChange,
    onEdgesChange,
    selected,
    select,
    onConnect,
    addStep,
    updateSelected,
    connectSelected,
    removeEdge,
    removeSelected,
  };
}

function Editor({ workflow }: { workflow: OrganizationWorkflow }) {
  const [trigger, setTrigger] = useState<WorkflowTrigger>(workflow.trigger);
  const [isDirty, setDirty] = useState(false);
  /** What the server answered on the last publish, until the next edit. */
  const [serverProblems, setServerProblems] = useState<WorkflowProblem[] | null>(null);
  const [runId, setRunId] = useState<string | null>(null);
  const save = useSaveWorkflowDraft(workflow.id);
  const publish = usePublishWorkflow();

  const edited = () => {
    setDirty(true);
    setServerProblems(null);
  };
  const { nodes, edges, onNodesChange, onEdgesChange, selected, select, ...edit } = useGraphEditor(workflow, edited);

  const graph = fromFlow(nodes, edges);
  const localProblems = validateWorkflowGraph(graph);
  const problems = serverProblems ?? localProblems;
  const byNode = problemsByNode(problems);
  const shownNodes = nodes.map((node) => ({ ...node, data: { ...node.data, problems: byNode.get(node.id) ?? [] } }));

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
          setServerProblems(error.issues.map(problemOf));
        }
        toast({ title: 'Not ready to publish', description: 'Each problem is marked on its step.', variant: 'destructive' });
      },
    });
  }

  return (
    <div className="space-y-4">
      <BuilderToolbar
        workflow={workflow}
        isDirty={isDirty}
        problemCount={problems.length}
        saving={save.isPending}
        publishing={publish.isPending}
        onSave={() => void saveDraft()}
        onPublish={() => void onPublish()}
        onStarted={setRunId}
      />

      <NodePalette onAdd={edit.addStep} />
      <div className="grid gap-4 xl:grid-cols-[1fr_20rem]">
        <WorkflowCanvas
          className="h-[26rem] lg:h-[32rem]"
          name={workflow.name}
          nodes={shownNodes}
          edges={edges}
          nodeTypes={builderNodeTypes}
          onNodesChange={onNodesChange}
          onEdgesChange={onEdgesChange}
          onConnect={edit.onConnect}
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
            onChange={edit.updateSelected}
            onConnect={edit.connectSelected}
            onRemoveEdge={edit.removeEdge}
            onRemoveNode={edit.removeSelected}
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
        <Link to={workspaceHref.workflows()} className="mt-2 inline-block underline">
          All workflows
        </Link>
      </Alert>
    );
  }
  return (
    <section aria-labelledby="builder-heading" className="space-y-4">
      <Link to={workspaceHref.workflows()} className="inline-flex items-center gap-1 text-sm font-medium text-primary hover:underline">
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
