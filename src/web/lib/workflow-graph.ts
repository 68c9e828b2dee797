import type { Edge, EdgeChange, Node, NodeChange } from '@xyflow/react';
import type { WorkflowEdge, WorkflowNode, WorkflowNodeType } from '../../shared/schemas/workflows.ts';

/** Converts between the stored workflow shape (product.md §3) and React Flow's. */

export type FlowNodeData = WorkflowNode['data'] & Record<string, unknown>;
export type FlowNode = Node<FlowNodeData, WorkflowNodeType>;

export function toFlow(nodes: readonly WorkflowNode[], edges: readonly WorkflowEdge[]): { nodes: FlowNode[]; edges: Edge[] } {
  return {
    nodes: nodes.map((node) => ({ id: node.id, type: node.type, position: node.position, data: { ...node.data } })),
    edges: edges.map((edge) => ({
      id: edge.id,
      source: edge.source,
      target: edge.target,
      ...(edge.sourceHandle ? { sourceHandle: edge.sourceHandle, label: edge.sourceHandle } : {}),
    })),
  };
}

export function fromFlow(nodes: readonly FlowNode[], edges: readonly Edge[]): { nodes: WorkflowNode[]; edges: WorkflowEdge[] } {
  return {
    nodes: nodes.map((node) => ({
      id: node.id,
      type: node.type ?? 'action',
      position: { x: Math.round(node.position.x), y: Math.round(node.position.y) },
      data: {
        label: node.data.label,
        ...(node.data.actionType ? { actionType: node.data.actionType } : {}),
        ...(node.data.configuration ? { configuration: node.data.configuration } : {}),
        ...(node.data.conditions ? { conditions: node.data.conditions } : {}),
      },
    })),
    edges: edges.map((edge) => ({
      id: edge.id,
      source: edge.source,
      target: edge.target,
      ...(edge.sourceHandle ? { sourceHandle: edge.sourceHandle } : {}),
    })),
  };
}

/** A new action step, to the right of everything there is. */
export function newActionNode(nodes: readonly FlowNode[]): FlowNode {
  const right = Math.max(0, ...nodes.map((node) => node.position.x));
  const taken = new Set(nodes.map((node) => node.id));
  let index = nodes.length + 1;
  while (taken.has(`action-${index}`)) index += 1;
  return { id: `action-${index}`, type: 'action', position: { x: right + 260, y: 120 }, data: { label: 'New step', actionType: 'task' } };
}

export const NODE_TYPE_LABELS: Record<WorkflowNodeType, string> = { start: 'Start', action: 'Action', decision: 'Decision', end: 'End' };

/** Whether React Flow's changes alter the graph to save (a step moved or removed, a connection removed), not only the selection. */
export function isGraphEdit(changes: readonly (NodeChange | EdgeChange)[]): boolean {
  return changes.some((change) => change.type === 'position' || change.type === 'remove');
}
