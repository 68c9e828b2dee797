import '@xyflow/react/dist/style.css';
import {
  Background,
  Controls,
  type Edge,
  type NodeTypes,
  type OnConnect,
  type OnEdgesChange,
  type OnNodesChange,
  ReactFlow,
} from '@xyflow/react';
import { cn } from '../lib/cn.ts';
import { type FlowNode, isGraphEdit } from '../lib/workflow-graph.ts';

interface WorkflowCanvasProps {
  /** The workflow's name, for the diagram's accessible label. */
  name: string;
  nodes: FlowNode[];
  edges: Edge[];
  nodeTypes: NodeTypes;
  onNodesChange: OnNodesChange<FlowNode>;
  onEdgesChange: OnEdgesChange;
  onConnect: OnConnect;
  /** A step moved or was removed, or a connection was removed: the graph now differs from the saved one. */
  onEdited: () => void;
  /** The canvas's height (Tailwind classes). */
  className?: string;
  deleteKeyCode?: string[];
  minZoom?: number;
}

/**
 * The React Flow canvas of a Workflow Builder (a template's, an organization's): the diagram fitted
 * to view with a background and zoom controls, no attribution, and every structural change reported.
 */
export function WorkflowCanvas({
  name,
  nodes,
  edges,
  nodeTypes,
  onNodesChange,
  onEdgesChange,
  onConnect,
  onEdited,
  className,
  ...view
}: WorkflowCanvasProps) {
  return (
    <div className={cn('overflow-hidden rounded-lg border border-border bg-background', className)} data-testid="workflow-canvas">
      <ReactFlow
        nodes={nodes}
        edges={edges}
        nodeTypes={nodeTypes}
        onNodesChange={(changes) => {
          onNodesChange(changes);
          if (isGraphEdit(changes)) onEdited();
        }}
        onEdgesChange={(changes) => {
          onEdgesChange(changes);
          if (isGraphEdit(changes)) onEdited();
        }}
        onConnect={onConnect}
        {...view}
        fitView
        proOptions={{ hideAttribution: true }}
        aria-label={`Workflow diagram: ${name}`}
      >
        <Background />
        <Controls showInteractive={false} />
      </ReactFlow>
    </div>
  );
}
