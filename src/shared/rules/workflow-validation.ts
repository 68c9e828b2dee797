import { ACTION_CONFIG_SCHEMAS, WORKFLOW_ACTION_TYPES, type WorkflowActionType } from '../schemas/workflow-runs.ts';
import type { WorkflowEdge, WorkflowNode, WorkflowProblem } from '../schemas/workflows.ts';
import { ExpressionError, parseExpression } from './workflow-expression.ts';

/**
 * What a workflow must be before it is published (docs/workflow-runs.md): one start, every node reached
 * from it, every path ending at an end, decisions with a condition and both branches, actions of a known
 * type with a valid configuration. Each problem names its node, so the builder marks it there.
 */

/** Branch handles: a decision's (or an approval's) "yes" and "no" edges. */
export const YES_HANDLES = ['yes', 'true', 'approved'] as const;
export const NO_HANDLES = ['no', 'false', 'rejected'] as const;

export function isActionType(value: unknown): value is WorkflowActionType {
  return typeof value === 'string' && (WORKFLOW_ACTION_TYPES as readonly string[]).includes(value);
}

export function branchOf(edge: Pick<WorkflowEdge, 'sourceHandle'>): 'yes' | 'no' | null {
  const handle = edge.sourceHandle?.toLowerCase() ?? '';
  if ((YES_HANDLES as readonly string[]).includes(handle)) return 'yes';
  if ((NO_HANDLES as readonly string[]).includes(handle)) return 'no';
  return null;
}

/** The decision's expression: `configuration.expression`, or its structured conditions joined with AND. */
export function decisionExpression(node: WorkflowNode): string | null {
  const expression = node.data.configuration?.expression;
  if (typeof expression === 'string' && expression.trim()) return expression.trim();
  const conditions = node.data.conditions ?? [];
  if (conditions.length === 0) return null;
  const operators = { equals: '==', not_equals: '!=', greater_than: '>', less_than: '<', contains: 'contains' } as const;
  return conditions
    .map((condition) => {
      const field = /^[A-Za-z_$][\w$]*$/.test(condition.field) ? condition.field : `this_field_is_not_a_name`;
      return `${field} ${operators[condition.operator]} ${JSON.stringify(condition.value)}`;
    })
    .join(' && ');
}

function checkBranches(node: WorkflowNode, outgoing: WorkflowEdge[], problems: WorkflowProblem[], required: boolean): void {
  const yes = outgoing.filter((edge) => branchOf(edge) === 'yes').length;
  const no = outgoing.filter((edge) => branchOf(edge) === 'no').length;
  if (!required && yes === 0 && no === 0) {
    if (outgoing.length !== 1) problems.push({ nodeId: node.id, message: 'This step needs exactly one next step.' });
    return;
  }
  if (yes !== 1 || no !== 1 || outgoing.length !== 2) {
    problems.push({ nodeId: node.id, message: 'Connect exactly one “yes” branch and one “no” branch.' });
  }
}

function checkNode(node: WorkflowNode, outgoing: WorkflowEdge[], problems: WorkflowProblem[]): void {
  if (node.type === 'end') {
    if (outgoing.length > 0) problems.push({ nodeId: node.id, message: 'An end step has no next step.' });
    return;
  }
  if (node.type === 'start') {
    if (outgoing.length !== 1) problems.push({ nodeId: node.id, message: 'The start needs exactly one next step.' });
    return;
  }
  if (node.type === 'decision') {
    const expression = decisionExpression(node);
    if (!expression) problems.push({ nodeId: node.id, message: 'A decision needs a condition.' });
    else {
      try {
        parseExpression(expression);
      } catch (error) {
        problems.push({ nodeId: node.id, message: error instanceof ExpressionError ? error.message : 'Not a valid condition.' });
      }
    }
    checkBranches(node, outgoing, problems, true);
    return;
  }
  const actionType = node.data.actionType;
  if (!isActionType(actionType)) {
    problems.push({
      nodeId: node.id,
      message: `Choose what this step does (${actionType ? `“${actionType}” is not an action the engine knows` : 'no action chosen'}).`,
    });
  } else {
    const configuration = node.data.configuration ?? {};
    const parsed = ACTION_CONFIG_SCHEMAS[actionType].safeParse(configuration);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        // A field left empty says so, rather than zod's "expected string, received undefined".
        const isMissing = issue.code === 'invalid_type' && issue.path.length === 1 && configuration[String(issue.path[0])] === undefined;
        problems.push({
          nodeId: node.id,
          message: `${issue.path.join('.') || 'configuration'}: ${isMissing ? 'Required' : issue.message}`,
        });
      }
    }
  }
  checkBranches(node, outgoing, problems, false);
}

/** Nodes that can reach an end (walking edges backwards from every end). */
function reachingEnd(nodes: WorkflowNode[], edges: WorkflowEdge[]): Set<string> {
  const reached = new Set(nodes.filter((node) => node.type === 'end').map((node) => node.id));
  let grew = true;
  while (grew) {
    grew = false;
    for (const edge of edges) {
      if (reached.has(edge.target) && !reached.has(edge.source)) {
        reached.add(edge.source);
        grew = true;
      }
    }
  }
  return reached;
}

export function validateWorkflowGraph(graph: { nodes: WorkflowNode[]; edges: WorkflowEdge[] }): WorkflowProblem[] {
  const { nodes, edges } = graph;
  const problems: WorkflowProblem[] = [];
  const starts = nodes.filter((node) => node.type === 'start');
  if (starts.length !== 1) problems.push({ nodeId: starts[1]?.id ?? null, message: 'A workflow has exactly one start.' });
  if (!nodes.some((node) => node.type === 'end')) problems.push({ nodeId: null, message: 'A workflow needs at least one end.' });
  for (const node of nodes) {
    checkNode(
      node,
      edges.filter((edge) => edge.source === node.id),
      problems,
    );
  }
  const start = starts[0];
  if (start) {
    const seen = new Set([start.id]);
    const queue = [start.id];
    while (queue.length > 0) {
      const current = queue.shift() as string;
      for (const edge of edges) {
        if (edge.source === current && !seen.has(edge.target)) {
          seen.add(edge.target);
          queue.push(edge.target);
        }
      }
    }
    const canEnd = reachingEnd(nodes, edges);
    for (const node of nodes) {
      if (!seen.has(node.id)) problems.push({ nodeId: node.id, message: 'This step cannot be reached from the start.' });
      else if (!canEnd.has(node.id)) problems.push({ nodeId: node.id, message: 'No path from this step reaches an end.' });
    }
  }
  return problems;
}
