import type { AiOutputStatus, DeliverableStatus } from '../../../shared/rules/demo-states.ts';

/** Hard-coded sample data of the static demo screens (product.md §2, shapes of product.md §3). */

export interface DemoAgent {
  id: string;
  name: string;
  type: string;
  /** active, standby or maintenance; anything else shows as Unknown. */
  status: string;
  tasksCompleted: number;
  successRate: number;
  currentTask: string | null;
  performance: number;
}

export const DEMO_AGENTS: readonly DemoAgent[] = [
  {
    id: 'agent-evidence',
    name: 'Evidence Collector',
    type: 'Evidence',
    status: 'active',
    tasksCompleted: 1284,
    successRate: 99.1,
    currentTask: 'Collecting access-review evidence for SOC 2 CC6.2',
    performance: 97,
  },
  {
    id: 'agent-policy',
    name: 'Policy Drafter',
    type: 'Documentation',
    status: 'active',
    tasksCompleted: 342,
    successRate: 96.4,
    currentTask: 'Drafting the data retention policy',
    performance: 93,
  },
  {
    id: 'agent-risk',
    name: 'Risk Scorer',
    type: 'Risk analysis',
    status: 'standby',
    tasksCompleted: 587,
    successRate: 95.2,
    currentTask: null,
    performance: 91,
  },
  {
    id: 'agent-mapper',
    name: 'Control Mapper',
    type: 'Framework mapping',
    status: 'maintenance',
    tasksCompleted: 903,
    successRate: 97.8,
    currentTask: 'Loading ISO 27001:2022 Annex A updates',
    performance: 88,
  },
];

export interface DemoAiOutput {
  id: string;
  title: string;
  agent: string;
  confidence: number;
  generatedAt: string;
  status: AiOutputStatus;
  type: string;
  content: { summary: string; keyFindings: string[]; riskScore: number; recommendations: string[] };
}

export const DEMO_AI_OUTPUTS: readonly DemoAiOutput[] = [
  {
    id: 'output-vendor',
    title: 'Vendor risk assessment: CloudPay payroll',
    agent: 'Risk Scorer',
    confidence: 94,
    generatedAt: '2025-03-14T09:30:00Z',
    status: 'pending_review',
    type: 'Risk assessment',
    content: {
      summary: 'CloudPay processes employee bank details. Its SOC 2 report is current, but two subservice organisations are carved out.',
      keyFindings: [
        'SOC 2 Type II report valid until 30 September',
        'Two carved-out subservice organisations host backups',
        'No breach notification clause shorter than 72 hours',
      ],
      riskScore: 72,
      recommendations: ['Request the subservice organisations’ reports', 'Add a 48-hour breach notification clause'],
    },
  },
  {
    id: 'output-access',
    title: 'Quarterly access review: production systems',
    agent: 'Evidence Collector',
    confidence: 98,
    generatedAt: '2025-03-13T16:05:00Z',
    status: 'pending_review',
    type: 'Control evidence',
    content: {
      summary: 'All 64 production accounts were reviewed by their owners; three leavers’ accounts were already disabled.',
      keyFindings: ['64 of 64 accounts reviewed', 'No orphaned administrator accounts', 'Review completed within 5 days'],
      riskScore: 28,
      recommendations: ['Keep the current review cadence'],
    },
  },
  {
    id: 'output-dr',
    title: 'Disaster recovery test gap analysis',
    agent: 'Control Mapper',
    confidence: 87,
    generatedAt: '2025-03-12T11:45:00Z',
    status: 'pending_review',
    type: 'Gap analysis',
    content: {
      summary: 'The last restore test is 14 months old and the recovery time objective has never been measured.',
      keyFindings: ['Restore test older than 12 months', 'RTO of 4 hours not evidenced', 'Runbook last updated 2023'],
      riskScore: 86,
      recommendations: ['Run a restore test this quarter', 'Measure and record the achieved RTO', 'Update the runbook'],
    },
  },
];

export interface DemoDeliverable {
  id: string;
  title: string;
  type: string;
  status: DeliverableStatus;
  dueDate: string;
  completedDate: string | null;
  assignedTo: string;
  version: string;
  size: string;
  downloadCount: number;
  description: string;
  tags: string[];
}

export const DEMO_DELIVERABLES: readonly DemoDeliverable[] = [
  {
    id: 'del-soc2',
    title: 'SOC 2 readiness report',
    type: 'Report',
    status: 'completed',
    dueDate: '2025-03-01',
    completedDate: '2025-02-27',
    assignedTo: 'Maya Chen',
    version: 'v2.1',
    size: '2.4 MB',
    downloadCount: 18,
    description: 'Control-by-control readiness with evidence references.',
    tags: ['SOC 2', 'Readiness'],
  },
  {
    id: 'del-risk',
    title: 'Enterprise risk register',
    type: 'Register',
    status: 'in_review',
    dueDate: '2025-03-20',
    completedDate: null,
    assignedTo: 'Omar Haddad',
    version: 'v1.4',
    size: '860 KB',
    downloadCount: 6,
    description: 'Scored risks with owners, treatments and review dates.',
    tags: ['Risk', 'Board'],
  },
  {
    id: 'del-policy',
    title: 'Information security policy set',
    type: 'Policies',
    status: 'pending',
    dueDate: '2025-04-04',
    completedDate: null,
    assignedTo: 'Policy Drafter',
    version: 'v0.9',
    size: '1.1 MB',
    downloadCount: 0,
    description: 'Twelve policies aligned to ISO 27001:2022 Annex A.',
    tags: ['ISO 27001', 'Policies'],
  },
  {
    id: 'del-dpia',
    title: 'DPIA: customer analytics',
    type: 'Assessment',
    status: 'overdue',
    dueDate: '2025-03-07',
    completedDate: null,
    assignedTo: 'Lena Vogel',
    version: 'v0.3',
    size: '420 KB',
    downloadCount: 2,
    description: 'Data protection impact assessment awaiting the client’s processing details.',
    tags: ['GDPR', 'Privacy'],
  },
];

export interface DemoQualityCategory {
  category: string;
  score: number;
  trend: string;
  details: string;
}

export const QUALITY_OVERVIEW = {
  overall: 92.3,
  change: '+2.4% this month',
  trendBars: [
    { label: 'This month', percent: 92 },
    { label: 'Last month', percent: 89 },
    { label: 'Three months ago', percent: 85 },
  ],
  improvement: '7% improvement over last quarter',
} as const;

export const DEMO_QUALITY_CATEGORIES: readonly DemoQualityCategory[] = [
  { category: 'Accuracy', score: 96.1, trend: '+1.2%', details: 'Findings confirmed by reviewers' },
  { category: 'Completeness', score: 91.4, trend: '+3.0%', details: 'Required sections and evidence present' },
  { category: 'Framework alignment', score: 88.7, trend: '+2.1%', details: 'Mapped to the right controls' },
  { category: 'Timeliness', score: 78.5, trend: '-0.8%', details: 'Delivered by the agreed date' },
];

export interface DemoAssessedDocument {
  id: string;
  document: string;
  score: number;
  status: string;
  issues: number;
  recommendations: string[];
  assessedAt: string;
}

export const DEMO_ASSESSED_DOCUMENTS: readonly DemoAssessedDocument[] = [
  {
    id: 'doc-access',
    document: 'Access control policy',
    score: 95,
    status: 'Approved',
    issues: 0,
    recommendations: [],
    assessedAt: '2025-03-12',
  },
  {
    id: 'doc-incident',
    document: 'Incident response plan',
    score: 84,
    status: 'Minor revisions',
    issues: 2,
    recommendations: ['Name a deputy incident lead', 'Add the regulator notification timeline'],
    assessedAt: '2025-03-10',
  },
  {
    id: 'doc-vendor',
    document: 'Vendor management procedure',
    score: 72,
    status: 'Needs rework',
    issues: 5,
    recommendations: ['Define vendor tiers', 'Require annual reassessment of critical vendors'],
    assessedAt: '2025-03-08',
  },
];
