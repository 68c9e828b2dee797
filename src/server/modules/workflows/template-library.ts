import type { WorkflowEdge, WorkflowNode } from '../../../shared/schemas/workflows.ts';

/**
 * The public template library (docs/workflow-runs.md): real compliance routines, each a valid workflow
 * the engine runs as it is. The start node's configuration suggests the trigger ('Use template' copies it).
 * Ids are fixed so seeding is idempotent and a template keeps its id across releases.
 */

type Config = Record<string, string | number | boolean>;
type Step =
  | { kind: 'action'; label: string; actionType: string; configuration: Config }
  | { kind: 'decision'; label: string; expression: string; no: Step[] };

export interface LibraryTemplate {
  id: string;
  name: string;
  description: string;
  category: string;
  trigger: Config;
  steps: Step[];
}

const X = 240;

/** Lays the steps out left to right; a decision's "no" branch runs along a second row to its own end. */
export function buildGraph(template: Pick<LibraryTemplate, 'name' | 'trigger' | 'steps'>): {
  nodes: WorkflowNode[];
  edges: WorkflowEdge[];
} {
  const nodes: WorkflowNode[] = [
    { id: 'start', type: 'start', position: { x: 0, y: 120 }, data: { label: 'Start', configuration: template.trigger } },
  ];
  const edges: WorkflowEdge[] = [];
  const link = (source: string, target: string, sourceHandle?: string) =>
    edges.push({ id: `e-${source}-${target}`, source, target, ...(sourceHandle ? { sourceHandle } : {}) });
  let previous = 'start';
  let handle: string | undefined;
  template.steps.forEach((step, index) => {
    const id = `step-${index + 1}`;
    const position = { x: X * (index + 1), y: 120 };
    if (step.kind === 'action') {
      nodes.push({
        id,
        type: 'action',
        position,
        data: { label: step.label, actionType: step.actionType, configuration: step.configuration },
      });
    } else {
      nodes.push({ id, type: 'decision', position, data: { label: step.label, configuration: { expression: step.expression } } });
      let branchPrevious = id;
      let branchHandle: string | undefined = 'no';
      step.no.forEach((branchStep, branchIndex) => {
        if (branchStep.kind !== 'action') return;
        const branchId = `${id}-no-${branchIndex + 1}`;
        nodes.push({
          id: branchId,
          type: 'action',
          position: { x: X * (index + 1 + branchIndex), y: 300 },
          data: { label: branchStep.label, actionType: branchStep.actionType, configuration: branchStep.configuration },
        });
        link(branchPrevious, branchId, branchHandle);
        branchPrevious = branchId;
        branchHandle = undefined;
      });
      const endId = `${id}-no-end`;
      nodes.push({ id: endId, type: 'end', position: { x: X * (index + 1 + step.no.length), y: 300 }, data: { label: 'Closed' } });
      link(branchPrevious, endId, branchHandle);
    }
    link(previous, id, handle);
    previous = id;
    handle = step.kind === 'decision' ? 'yes' : undefined;
  });
  nodes.push({ id: 'end', type: 'end', position: { x: X * (template.steps.length + 1), y: 120 }, data: { label: 'Done' } });
  link(previous, 'end', handle);
  return { nodes, edges };
}

const approvalThen = (title: string, yesTask: Step[], noLabel: string): Step[] => [
  { kind: 'action', label: 'Approval', actionType: 'approval', configuration: { title, instructions: '' } },
  {
    kind: 'decision',
    label: 'Approved?',
    expression: 'approval == "approved"',
    no: [
      {
        kind: 'action',
        label: noLabel,
        actionType: 'notify',
        configuration: {
          recipients: 'owners',
          subject: `Not approved: ${title}`,
          message: `The approval “${title}” was rejected. Review the notes in the run and start again when ready.`,
        },
      },
    ],
  },
  ...yesTask,
];

const task = (label: string, title: string, description: string, department = 'compliance'): Step => ({
  kind: 'action',
  label,
  actionType: 'create_task_request',
  configuration: { title, description, department },
});
const notify = (label: string, subject: string, message: string, recipients = 'members'): Step => ({
  kind: 'action',
  label,
  actionType: 'notify',
  configuration: { recipients, subject, message },
});

export const TEMPLATE_LIBRARY: readonly LibraryTemplate[] = [
  {
    id: '7f0c1e52-0a01-4c6e-9a10-000000000001',
    name: 'Quarterly access review',
    description:
      'Every quarter: the system owners review who has access to what, an owner signs the review off, and the evidence is filed for SOC 2 CC6 and ISO 27001 A.5.18.',
    category: 'security',
    trigger: { trigger: 'schedule', rrule: 'FREQ=MONTHLY;INTERVAL=3;BYMONTHDAY=1', start: '2026-01-01T09:00' },
    steps: [
      notify(
        'Tell system owners',
        'Quarterly access review has started',
        'Export the user lists of your systems and mark every account that should no longer have access.',
      ),
      ...approvalThen(
        'Sign off the quarterly access review',
        [
          task(
            'File the review',
            'Quarterly access review evidence',
            'Compile the reviewed user lists, removals made and the sign-off into the evidence for the access-review controls.',
            'operations',
          ),
        ],
        'Tell owners it was rejected',
      ),
    ],
  },
  {
    id: '7f0c1e52-0a01-4c6e-9a10-000000000002',
    name: 'Annual policy review',
    description:
      'Once a year: every policy is reviewed for changes in the business and the law, approved by management and re-acknowledged by staff.',
    category: 'policy',
    trigger: { trigger: 'schedule', rrule: 'FREQ=YEARLY;BYMONTH=1;BYMONTHDAY=15', start: '2026-01-15T09:00' },
    steps: [
      task(
        'Draft the updates',
        'Annual policy review',
        'Review each information security and privacy policy, propose changes and list what changed since last year.',
      ),
      ...approvalThen(
        'Approve this year’s policies',
        [
          notify(
            'Ask staff to re-acknowledge',
            'Please re-acknowledge our policies',
            'This year’s policies are approved. Read them and acknowledge them in the portal.',
          ),
        ],
        'Tell owners it was rejected',
      ),
    ],
  },
  {
    id: '7f0c1e52-0a01-4c6e-9a10-000000000003',
    name: 'Vendor onboarding by risk tier',
    description:
      'A new vendor is assessed in proportion to its risk: high-risk vendors (tier 3 and up) get a full security assessment and an approval before contract; the rest a light review.',
    category: 'vendor_management',
    trigger: { trigger: 'manual' },
    steps: [
      {
        kind: 'decision',
        label: 'High risk (tier ≥ 3)?',
        expression: 'riskTier >= 3',
        no: [
          task(
            'Light review',
            'Light vendor review',
            'Check the vendor’s certifications and data processing terms; record the vendor in the inventory.',
            'risk',
          ),
        ],
      },
      task(
        'Full assessment',
        'Vendor security assessment',
        'Send and review the security questionnaire, SOC 2 or ISO report, and data processing agreement; score the residual risk.',
        'risk',
      ),
      ...approvalThen('Approve the high-risk vendor', [], 'Tell owners the vendor was rejected'),
    ],
  },
  {
    id: '7f0c1e52-0a01-4c6e-9a10-000000000004',
    name: 'Employee onboarding and offboarding',
    description:
      'When people join or leave: accounts granted or revoked within a day, security training assigned, and the checklist kept as evidence.',
    category: 'process_improvement',
    trigger: { trigger: 'manual' },
    steps: [
      {
        kind: 'decision',
        label: 'Joining?',
        expression: 'change != "leaving"',
        no: [
          task(
            'Revoke access',
            'Offboarding: revoke access',
            'Disable every account of the leaver within 24 hours, collect devices and record the checklist.',
            'operations',
          ),
        ],
      },
      task(
        'Grant access',
        'Onboarding: grant access',
        'Create accounts by role (least privilege), collect the signed policies and record the checklist.',
        'operations',
      ),
      notify(
        'Assign training',
        'Security awareness training',
        'A new colleague joins: assign the security awareness training within their first week.',
      ),
    ],
  },
  {
    id: '7f0c1e52-0a01-4c6e-9a10-000000000005',
    name: 'Incident response tabletop',
    description:
      'Twice a year the incident response team walks through a realistic scenario; gaps found become tasks and the exercise report is evidence.',
    category: 'security',
    trigger: { trigger: 'schedule', rrule: 'FREQ=MONTHLY;INTERVAL=6;BYMONTHDAY=10', start: '2026-03-10T14:00' },
    steps: [
      notify(
        'Invite the team',
        'Incident response tabletop',
        'The half-yearly tabletop exercise is due: book two hours with the incident response team.',
      ),
      task(
        'Run and report',
        'Incident response tabletop report',
        'Prepare a scenario, run the exercise, and write the report with the gaps found and their owners.',
      ),
      ...approvalThen('Accept the tabletop report', [], 'Tell owners the report was rejected'),
    ],
  },
  {
    id: '7f0c1e52-0a01-4c6e-9a10-000000000006',
    name: 'Privacy request handling',
    description:
      'When a privacy request arrives: identity verified, the data located and the answer sent within the statutory deadline, with a record of each step.',
    category: 'privacy',
    trigger: { trigger: 'event', eventType: 'privacy_request.received' },
    steps: [
      task(
        'Locate the data',
        'Privacy request: locate personal data',
        'Verify the requester’s identity, then search every system in the records of processing for their data.',
        'legal',
      ),
      ...approvalThen(
        'Approve the answer to the privacy request',
        [notify('Confirm the answer', 'Privacy request answered', 'The answer to the privacy request was approved and sent.', 'owners')],
        'Tell owners the answer was rejected',
      ),
    ],
  },
  {
    id: '7f0c1e52-0a01-4c6e-9a10-000000000007',
    name: 'Evidence renewal',
    description:
      'When evidence is about to expire, its owners are told and a renewal task opens, so no control goes stale before the audit.',
    category: 'audit_preparation',
    trigger: { trigger: 'event', eventType: 'evidence.expiring' },
    steps: [
      notify(
        'Tell the owners',
        'Evidence is about to expire',
        'Evidence for one of your controls expires soon. Collect fresh evidence and upload it.',
      ),
      task(
        'Open the renewal',
        'Renew expiring evidence',
        'Collect fresh evidence for the controls the expiring item proves and upload it to the evidence register.',
      ),
    ],
  },
  {
    id: '7f0c1e52-0a01-4c6e-9a10-000000000008',
    name: 'Risk register review',
    description: 'Every month the risk owners re-score their risks and update treatment plans; management approves the register.',
    category: 'risk_assessment',
    trigger: { trigger: 'schedule', rrule: 'FREQ=MONTHLY;BYDAY=MO;BYSETPOS=1', start: '2026-01-05T10:00' },
    steps: [
      task(
        'Re-score the risks',
        'Monthly risk register review',
        'Re-score likelihood and impact of every open risk, update treatment plans and note new risks.',
        'risk',
      ),
      ...approvalThen('Approve the risk register', [], 'Tell owners it was rejected'),
    ],
  },
];
