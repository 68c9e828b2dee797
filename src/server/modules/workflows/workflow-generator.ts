import { GENERATED_WORKFLOW } from '../../../shared/constants.ts';
import { completeSentences } from '../../../shared/rules/sentences.ts';
import type { SuggestionCategory } from '../../../shared/schemas/advisor.ts';
import type { WorkflowEdge, WorkflowNode } from '../../../shared/schemas/workflows.ts';

/**
 * 'Generate workflow' (product.md §9): five nodes — start, two actions, a human-review decision, end —
 * laid out left to right, joined by four edges. The two actions fit the suggestion's category.
 */

const ACTIONS: Record<SuggestionCategory, readonly [[string, string], [string, string]]> = {
  compliance_assessment: [
    ['Assess current controls', 'control_assessment'],
    ['Collect evidence', 'evidence_collection'],
  ],
  risk_assessment: [
    ['Identify and score risks', 'risk_scoring'],
    ['Plan risk treatment', 'risk_treatment'],
  ],
  audit_preparation: [
    ['Map controls to criteria', 'control_mapping'],
    ['Collect audit evidence', 'evidence_collection'],
  ],
  documentation: [
    ['Draft the documentation', 'document_drafting'],
    ['Circulate for comments', 'stakeholder_review'],
  ],
  policy: [
    ['Draft the policy', 'document_drafting'],
    ['Circulate for approval', 'stakeholder_review'],
  ],
  security: [
    ['Implement the control', 'control_implementation'],
    ['Test the control', 'control_testing'],
  ],
  privacy: [
    ['Map personal data processing', 'data_mapping'],
    ['Update records and notices', 'document_drafting'],
  ],
  vendor_management: [
    ['Inventory the vendors', 'vendor_inventory'],
    ['Assess vendor risk', 'vendor_assessment'],
  ],
  process_improvement: [
    ['Map the current process', 'process_mapping'],
    ['Implement the improvements', 'process_change'],
  ],
  training: [
    ['Prepare the training', 'training_preparation'],
    ['Run the training', 'training_delivery'],
  ],
};

const X_STEP = 260;
const Y = 120;

function isCategory(value: string): value is SuggestionCategory {
  return value in ACTIONS;
}

export function generateWorkflowGraph(input: { title: string; description: string; category: string; priority: number }): {
  nodes: WorkflowNode[];
  edges: WorkflowEdge[];
} {
  const [[firstLabel, firstType], [secondLabel, secondType]] =
    ACTIONS[isCategory(input.category) ? input.category : 'compliance_assessment'];
  // Whole sentences, never a description cut mid-word.
  const brief = completeSentences(input.description, 500, 1000);
  const nodes: WorkflowNode[] = [
    {
      id: 'start',
      type: 'start',
      position: { x: 0, y: Y },
      data: { label: input.title.slice(0, 200), actionType: 'trigger', configuration: { trigger: 'manual' } },
    },
    {
      id: 'action-1',
      type: 'action',
      position: { x: X_STEP, y: Y },
      data: { label: firstLabel, actionType: firstType, configuration: { assignee: 'ai_agent', priority: input.priority, brief } },
    },
    {
      id: 'action-2',
      type: 'action',
      position: { x: X_STEP * 2, y: Y },
      data: { label: secondLabel, actionType: secondType, configuration: { assignee: 'ai_agent', priority: input.priority } },
    },
    {
      id: 'review',
      type: 'decision',
      position: { x: X_STEP * 3, y: Y },
      data: {
        label: 'Human review: approved?',
        actionType: 'human_review',
        conditions: [{ field: 'review_status', operator: 'equals', value: 'approved' }],
      },
    },
    { id: 'end', type: 'end', position: { x: X_STEP * 4, y: Y }, data: { label: 'Deliverable ready', actionType: 'complete' } },
  ];
  const edges: WorkflowEdge[] = [
    { id: 'e-start-action-1', source: 'start', target: 'action-1' },
    { id: 'e-action-1-action-2', source: 'action-1', target: 'action-2' },
    { id: 'e-action-2-review', source: 'action-2', target: 'review' },
    { id: 'e-review-end', source: 'review', target: 'end', sourceHandle: 'approved' },
  ];
  if (nodes.length !== GENERATED_WORKFLOW.nodeCount || edges.length !== GENERATED_WORKFLOW.edgeCount) {
    throw new Error('generateWorkflowGraph: the generated shape drifted from product.md §9');
  }
  return { nodes, edges };
}
