import { z } from 'zod';
import { AI_SUGGESTION_DEFAULTS, GENERATED_WORKFLOW, MAX_INPUT_LENGTH } from '../constants.ts';
import { MAX_INPUT_LENGTH_MESSAGE, prioritySchema } from './advisor.ts';
import { RUN_STATUSES, WORKFLOW_STATUSES, workflowTriggerSchema } from './workflow-runs.ts';

/** Workflow templates, nodes and edges exactly as product.md §3 shapes them. */

export const WORKFLOW_NODE_TYPES = ['start', 'action', 'decision', 'end'] as const;
export type WorkflowNodeType = (typeof WORKFLOW_NODE_TYPES)[number];

export const MAX_WORKFLOW_NODES = 100;
export const MAX_WORKFLOW_EDGES = 200;

const id = z.string().trim().min(1).max(100);

export const workflowConditionSchema = z.object({
  field: z.string().max(100),
  operator: z.enum(['equals', 'not_equals', 'greater_than', 'less_than', 'contains']),
  value: z.union([z.string().max(500), z.number(), z.boolean()]),
});

export const workflowNodeSchema = z.object({
  id,
  type: z.enum(WORKFLOW_NODE_TYPES),
  position: z.object({ x: z.number().finite(), y: z.number().finite() }),
  data: z.object({
    label: z.string().trim().min(1, 'Every step needs a label').max(200),
    actionType: z.string().max(60).optional(),
    configuration: z.record(z.string(), z.union([z.string().max(2000), z.number(), z.boolean()])).optional(),
    conditions: z.array(workflowConditionSchema).max(20).optional(),
  }),
});
export type WorkflowNode = z.infer<typeof workflowNodeSchema>;

export const workflowEdgeSchema = z.object({
  id,
  source: id,
  target: id,
  sourceHandle: z.string().max(100).nullish(),
});
export type WorkflowEdge = z.infer<typeof workflowEdgeSchema>;

/** A graph is saved only when its ids are unique and every edge joins two of its nodes. */
function checkGraph(graph: { nodes: WorkflowNode[]; edges: WorkflowEdge[] }, context: z.RefinementCtx): void {
  const nodeIds = new Set(graph.nodes.map((node) => node.id));
  if (nodeIds.size !== graph.nodes.length) context.addIssue({ code: 'custom', path: ['nodes'], message: 'Node ids must be unique' });
  if (new Set(graph.edges.map((edge) => edge.id)).size !== graph.edges.length) {
    context.addIssue({ code: 'custom', path: ['edges'], message: 'Edge ids must be unique' });
  }
  graph.edges.forEach((edge, index) => {
    if (!nodeIds.has(edge.source) || !nodeIds.has(edge.target)) {
      context.addIssue({ code: 'custom', path: ['edges', index], message: 'An edge must join two nodes of this workflow' });
    }
  });
}

export const workflowTemplateSchema = z.object({
  id: z.uuid(),
  lineage_id: z.uuid(),
  name: z.string(),
  description: z.string(),
  category: z.string(),
  nodes: z.array(workflowNodeSchema),
  edges: z.array(workflowEdgeSchema),
  is_public: z.boolean(),
  user_id: z.uuid(),
  version: z.number().int(),
  created_at: z.string(),
});
export type WorkflowTemplate = z.infer<typeof workflowTemplateSchema>;

export const workflowVersionSummarySchema = z.object({ id: z.uuid(), version: z.number().int(), created_at: z.string() });

export const workflowTemplateDetailSchema = workflowTemplateSchema.extend({
  versions: z.array(workflowVersionSummarySchema),
});
export type WorkflowTemplateDetail = z.infer<typeof workflowTemplateDetailSchema>;

export const workflowListItemSchema = workflowTemplateSchema.pick({
  id: true,
  lineage_id: true,
  name: true,
  description: true,
  category: true,
  version: true,
  created_at: true,
});
export const workflowListResponseSchema = z.object({ workflows: z.array(workflowListItemSchema) });
export type WorkflowListItem = z.infer<typeof workflowListItemSchema>;

/** 'Generate workflow': built from the advisor's suggestion. */
export const generateWorkflowInputSchema = z.object({
  title: z.string().trim().min(1, 'Title is required').max(200),
  description: z.string().trim().max(MAX_INPUT_LENGTH, MAX_INPUT_LENGTH_MESSAGE).default(''),
  category: z.string().trim().min(1).max(60).default(AI_SUGGESTION_DEFAULTS.category),
  priority: prioritySchema.default(AI_SUGGESTION_DEFAULTS.priority),
});
export type GenerateWorkflowInput = z.input<typeof generateWorkflowInputSchema>;

export const saveWorkflowVersionInputSchema = z
  .object({
    name: z.string().trim().min(1).max(200).optional(),
    description: z.string().trim().max(MAX_INPUT_LENGTH, MAX_INPUT_LENGTH_MESSAGE).optional(),
    nodes: z.array(workflowNodeSchema).min(1).max(MAX_WORKFLOW_NODES),
    edges: z.array(workflowEdgeSchema).max(MAX_WORKFLOW_EDGES),
  })
  .superRefine(checkGraph);
export type SaveWorkflowVersionInput = z.input<typeof saveWorkflowVersionInputSchema>;

export const workflowParamsSchema = z.object({ id: z.uuid({ message: 'Not a workflow id' }) });

export const GENERATED_WORKFLOW_CATEGORY = GENERATED_WORKFLOW.category;

/**
 * An organization's workflow (docs/workflow-runs.md): a draft graph the builder edits, a status, a
 * trigger, and its published versions (a run pins the version it started on).
 */
export const organizationWorkflowSchema = z.object({
  id: z.uuid(),
  organization_id: z.uuid(),
  name: z.string(),
  description: z.string(),
  category: z.string(),
  status: z.enum(WORKFLOW_STATUSES),
  trigger: workflowTriggerSchema,
  nodes: z.array(workflowNodeSchema),
  edges: z.array(workflowEdgeSchema),
  published_version: z.number().int().nullable(),
  has_unpublished_changes: z.boolean(),
  next_run_at: z.string().nullable(),
  last_run: z.object({ id: z.uuid(), status: z.enum(RUN_STATUSES), created_at: z.string() }).nullable(),
  source_template_id: z.uuid().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type OrganizationWorkflow = z.infer<typeof organizationWorkflowSchema>;
export const organizationWorkflowListSchema = z.object({ workflows: z.array(organizationWorkflowSchema) });
export const organizationWorkflowQuerySchema = z.object({ organizationId: z.uuid().optional() });
export const organizationWorkflowParamsSchema = z.object({ workflowId: z.uuid({ message: 'Not a workflow id' }) });

export const useWorkflowTemplateInputSchema = z.object({ organizationId: z.uuid().optional(), templateId: z.uuid() });
export const updateOrganizationWorkflowInputSchema = z
  .object({
    name: z.string().trim().min(1).max(200).optional(),
    description: z.string().trim().max(MAX_INPUT_LENGTH, MAX_INPUT_LENGTH_MESSAGE).optional(),
    trigger: workflowTriggerSchema.optional(),
    nodes: z.array(workflowNodeSchema).min(1).max(MAX_WORKFLOW_NODES),
    edges: z.array(workflowEdgeSchema).max(MAX_WORKFLOW_EDGES),
  })
  .superRefine(checkGraph);
export type UpdateOrganizationWorkflowInput = z.input<typeof updateOrganizationWorkflowInputSchema>;
export const setWorkflowStatusInputSchema = z.object({ status: z.enum(['active', 'paused']) });

/** A validation problem, on a node when it has one (the builder marks that node). */
export const workflowProblemSchema = z.object({ nodeId: z.string().nullable(), message: z.string() });
export type WorkflowProblem = z.infer<typeof workflowProblemSchema>;
export const workflowValidationSchema = z.object({ valid: z.boolean(), problems: z.array(workflowProblemSchema) });

export const workflowTemplateListSchema = z.object({ templates: z.array(workflowListItemSchema) });
