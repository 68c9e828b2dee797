import { type Edge, type OnConnect, ReactFlowProvider, addEdge, useEdgesState, useNodesState } from '@xyflow/react';
import { useEffect, useState } from 'react';
import { ArrowLeft } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import type { WorkflowTemplateDetail } from '../../../../shared/schemas/workflows.ts';
import { Alert, AlertTitle } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { WorkflowCanvas } from '../../../components/workflow-canvas.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useWorkflow } from '../api/get-workflow.ts';
import { useSaveWorkflowVersion } from '../api/save-workflow-version.ts';
import { type FlowNode, fromFlow, toFlow } from '../../../lib/workflow-graph.ts';
import { nodeTypes } from './workflow-nodes.tsx';
import { builderPath } from './workflow-list.tsx';
import { StepPanel } from './step-panel.tsx';
import { workspaceHref } from '../../../../shared/workspace-links.ts';

function Editor({ workflow }: { workflow: WorkflowTemplateDetail }) {
  const initial = toFlow(workflow.nodes, workflow.edges);
  const [nodes, setNodes, onNodesChange] = useNodesState<FlowNode>(initial.nodes);
  const [edges, setEdges, onEdgesChange] = useEdgesState<Edge>(initial.edges);
  // React Flow's own `selected` flag is the one selection, whether picked on the canvas or in the list.
  const selectedId = nodes.find((node) => node.selected)?.id ?? null;
  const select = (id: string | null) => setNodes((current) => current.map((node) => ({ ...node, selected: node.id === id })));
  const [isDirty, setDirty] = useState(false);
  const save = useSaveWorkflowVersion(workflow.id);
  const navigate = useNavigate();

  const onConnect: OnConnect = (connection) => {
    setEdges((current) => addEdge({ ...connection, id: `e-${connection.source}-${connection.target}-${Date.now()}` }, current));
    setDirty(true);
  };

  function onSave() {
    save.mutate(fromFlow(nodes, edges), {
      onSuccess: (saved) => {
        toast({ title: `Saved as version ${saved.version}`, description: 'Earlier versions stay as they were.', variant: 'success' });
        setDirty(false);
        void navigate(builderPath(saved.id), { replace: true });
      },
      onError: (error) =>
        toast({
          title: 'Could not save the workflow',
          description: error instanceof ApiError ? (error.issues[0]?.message ?? error.message) : 'Please try again.',
          variant: 'destructive',
        }),
    });
  }

  return (
    <div className="grid gap-4 xl:grid-cols-[1fr_18rem]">
      <WorkflowCanvas
        className="h-[28rem]"
        name={workflow.name}
        nodes={nodes}
        edges={edges}
        nodeTypes={nodeTypes}
        onNodesChange={onNodesChange}
        onEdgesChange={onEdgesChange}
        onConnect={onConnect}
        onEdited={() => setDirty(true)}
      />
      <StepPanel
        nodes={nodes}
        selectedId={selectedId}
        onSelect={select}
        onChangeNodes={(change) => {
          setNodes(change);
          setDirty(true);
        }}
        onRemoveEdgesOf={(id) => setEdges((current) => current.filter((edge) => edge.source !== id && edge.target !== id))}
        onSave={onSave}
        isSaving={save.isPending}
        isDirty={isDirty}
      />
    </div>
  );
}

/** The Workflow Builder (`?tab=workflows&view=builder&template=<id>`): edit, then save as a new version. */
export default function WorkflowBuilder({ templateId }: { templateId: string }) {
  const workflow = useWorkflow(templateId);
  const name = workflow.data?.name;
  useEffect(() => {
    // The advisor widget follows what the user is working on (product.md §2 'workflow-context-update').
    if (name) window.dispatchEvent(new CustomEvent('workflow-context-update', { detail: `Workflow: ${name}` }));
  }, [name]);
  if (workflow.isPending) return <Spinner label="Loading the workflow" />;
  if (workflow.isError) {
    return (
      <Alert role="alert" variant="destructive">
        <AlertTitle>Workflow not found</AlertTitle>
        <p className="mt-1">It does not exist, or it is not yours.</p>
      </Alert>
    );
  }
  return (
    <section aria-labelledby="builder-heading" className="space-y-4">
      <Link to={workspaceHref.workflows()} className="inline-flex items-center gap-1 text-sm font-medium text-primary hover:underline">
        <ArrowLeft className="size-4" aria-hidden /> All workflows
      </Link>
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="builder-heading" className="text-xl font-semibold">
          Workflow Builder: {workflow.data.name}
        </h2>
        <Badge>Version {workflow.data.version}</Badge>
        <Badge tone="neutral">{workflow.data.is_public ? 'Public' : 'Private'}</Badge>
      </div>
      {workflow.data.description ? (
        <details className="max-w-3xl rounded-lg border border-border px-4 py-2 text-sm">
          <summary className="cursor-pointer font-medium">What this workflow is for</summary>
          <p className="mt-2 whitespace-pre-line text-muted-foreground">{workflow.data.description}</p>
        </details>
      ) : null}
      <ReactFlowProvider key={workflow.data.id}>
        <Editor workflow={workflow.data} />
      </ReactFlowProvider>
    </section>
  );
}
