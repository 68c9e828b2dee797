import type { Edge } from '@xyflow/react';
import { z } from 'zod';
import { CONTROL_STATUS_LABELS } from '../../../shared/schemas/programme-statuses.ts';
import { DEPARTMENT_LABELS } from '../../../shared/schemas/task-requests.ts';
import { ACTION_CONFIG_SCHEMAS, WORKFLOW_ACTION_LABELS, type WorkflowActionType } from '../../../shared/schemas/workflow-runs.ts';
import type { WorkflowNodeType, WorkflowProblem } from '../../../shared/schemas/workflows.ts';
import type { FlowNode } from '../../lib/workflow-graph.ts';

/**
 * The organization Workflow Builder's pieces that are not React: palette entries, new nodes, the
 * configuration form of each action derived from its shared zod schema, and problems by node.
 */

export type PaletteItem = { type: WorkflowNodeType; actionType?: WorkflowActionType; label: string };

export const PALETTE: readonly PaletteItem[] = [
  { type: 'start', label: 'Start' },
  ...(Object.keys(ACTION_CONFIG_SCHEMAS) as WorkflowActionType[]).map((actionType) => ({
    type: 'action' as const,
    actionType,
    label: WORKFLOW_ACTION_LABELS[actionType],
  })),
  { type: 'decision', label: 'Decision' },
  { type: 'end', label: 'End' },
];

/** A new node of the palette's kind, to the right of everything there is, with a fresh id. */
export function newNode(item: PaletteItem, nodes: readonly FlowNode[]): FlowNode {
  const right = nodes.length === 0 ? 0 : Math.max(...nodes.map((node) => node.position.x)) + 240;
  const taken = new Set(nodes.map((node) => node.id));
  let index = nodes.length + 1;
  while (taken.has(`${item.type}-${index}`)) index += 1;
  const data: FlowNode['data'] =
    item.type === 'action'
      ? { label: item.label, actionType: item.actionType, configuration: {} }
      : item.type === 'decision'
        ? { label: 'Decision', configuration: { expression: '' } }
        : { label: item.label };
  return { id: `${item.type}-${index}`, type: item.type, position: { x: right, y: 80 }, data };
}

export type ConfigField =
  | { key: string; label: string; kind: 'text' | 'textarea' | 'url' | 'number'; required: boolean }
  | { key: string; label: string; kind: 'select'; required: boolean; options: { value: string; label: string }[] };

const FIELD_LABELS: Record<string, string> = {
  title: 'Title',
  description: 'Description',
  department: 'Department',
  deadlineDays: 'Deadline (days after the step)',
  recipients: 'Recipients',
  subject: 'Subject',
  message: 'Message',
  instructions: 'Instructions',
  amount: 'Amount',
  unit: 'Unit',
  controlId: 'Control (id, e.g. IAM-02)',
  status: 'Status',
  url: 'URL',
  secret: 'Signing secret',
};

const OPTION_LABELS: Record<string, string> = {
  ...DEPARTMENT_LABELS,
  ...CONTROL_STATUS_LABELS,
  members: 'Every member',
  owners: 'Owners only',
  minutes: 'Minutes',
  hours: 'Hours',
  days: 'Days',
};

/** The form of an action's configuration, read from `ACTION_CONFIG_SCHEMAS` (so the form and the validator agree). */
export function configFields(actionType: WorkflowActionType): ConfigField[] {
  return Object.entries(ACTION_CONFIG_SCHEMAS[actionType].shape).map(([key, field]) => {
    let inner = field as z.ZodType;
    let required = true;
    while (inner instanceof z.ZodDefault || inner instanceof z.ZodOptional) {
      required = false;
      inner = inner.unwrap() as z.ZodType;
    }
    const label = FIELD_LABELS[key] ?? key;
    if (inner instanceof z.ZodEnum) {
      const values = inner.options.map(String);
      return {
        key,
        label,
        kind: 'select' as const,
        required,
        options: values.map((value) => ({ value, label: OPTION_LABELS[value] ?? value })),
      };
    }
    if (inner instanceof z.ZodNumber) return { key, label, kind: 'number' as const, required };
    if (inner instanceof z.ZodURL) return { key, label, kind: 'url' as const, required };
    const long = inner instanceof z.ZodString && (inner.maxLength ?? 0) > 200;
    return { key, label, kind: long ? ('textarea' as const) : ('text' as const), required };
  });
}

/** The validator's problems, grouped by the node they are on ('' for the workflow as a whole). */
export function problemsByNode(problems: readonly WorkflowProblem[]): Map<string, string[]> {
  const byNode = new Map<string, string[]>();
  for (const problem of problems) {
    const key = problem.nodeId ?? '';
    byNode.set(key, [...(byNode.get(key) ?? []), problem.message]);
  }
  return byNode;
}

/** The branches a node's outgoing edge may take: a decision's yes/no, an approval's approved/rejected. */
export function branchOptions(node: FlowNode): { value: string; label: string }[] {
  if (node.type === 'decision') {
    return [
      { value: 'yes', label: 'Yes' },
      { value: 'no', label: 'No' },
    ];
  }
  if (node.type === 'action' && node.data.actionType === 'approval') {
    return [
      { value: '', label: 'Next step' },
      { value: 'approved', label: 'Approved' },
      { value: 'rejected', label: 'Rejected' },
    ];
  }
  return [{ value: '', label: 'Next step' }];
}

export function edgeFor(source: string, target: string, sourceHandle: string): Edge {
  return {
    id: `e-${source}-${target}-${sourceHandle || 'next'}`,
    source,
    target,
    ...(sourceHandle ? { sourceHandle, label: sourceHandle } : {}),
  };
}

/** Friendly schedule presets; the start date and time fix the weekday, day of month and hour. */
export const SCHEDULE_PRESETS = [
  { value: 'FREQ=WEEKLY', label: 'Every week' },
  { value: 'FREQ=MONTHLY', label: 'Every month' },
  { value: 'FREQ=MONTHLY;INTERVAL=3', label: 'Every quarter' },
  { value: 'FREQ=YEARLY', label: 'Every year' },
] as const;
