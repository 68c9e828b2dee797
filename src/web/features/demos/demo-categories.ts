import {
  BarChart3,
  Bot,
  FileText,
  LayoutDashboard,
  ListChecks,
  type LucideIcon,
  MessagesSquare,
  Plug,
  ShieldCheck,
  UserCog,
  Workflow,
} from 'lucide-react';

/**
 * The ten demo categories of product.md §2. 'Learn More' goes to the public page that explains the
 * category (the workspace itself needs sign-in, so a visitor is sent where they can read on):
 *
 * | category       | Learn More             | why                                              |
 * |----------------|------------------------|--------------------------------------------------|
 * | dashboard      | /risk-analytics        | the overview is the risk and compliance picture  |
 * | tasks          | /compliance-blueprint  | how a task request becomes delivered work        |
 * | agents         | /agent                 | what the AI agents do and their guardrails       |
 * | compliance     | /compliance            | the frameworks the quality scores measure        |
 * | workflows      | /automated-compliance  | the review workflow behind certified readiness   |
 * | communications | /support               | how to reach the team                            |
 * | documents      | /enterprise-audit      | workpapers and deliverables of audit automation  |
 * | analytics      | /advanced-analytics    | the Real-Time Analytics Engine                   |
 * | integrations   | /documentation         | the integration guides                           |
 * | admin          | /data-security         | roles, access scopes and the audit trail         |
 */

export const DEMO_CATEGORY_IDS = [
  'dashboard',
  'tasks',
  'agents',
  'compliance',
  'workflows',
  'communications',
  'documents',
  'analytics',
  'integrations',
  'admin',
] as const;
export type DemoCategoryId = (typeof DEMO_CATEGORY_IDS)[number];

export interface DemoCategory {
  id: DemoCategoryId;
  label: string;
  title: string;
  description: string;
  features: readonly string[];
  learnMoreTo: string;
  icon: LucideIcon;
}

export const DEMO_CATEGORIES: readonly DemoCategory[] = [
  {
    id: 'dashboard',
    label: 'Dashboard',
    title: 'Compliance Dashboard',
    description: 'Your whole programme at a glance: open work, agents on duty, framework readiness and what changed today.',
    features: ['Live task and agent metrics', 'Readiness per framework', 'Activity feed of every change', 'Company profile and plan'],
    learnMoreTo: '/risk-analytics',
    icon: LayoutDashboard,
  },
  {
    id: 'tasks',
    label: 'Tasks',
    title: 'Task Requests',
    description:
      'Describe what you need in plain words. AI classifies it, estimates the effort and routes it to the right agents and reviewers.',
    features: [
      'Three-step request wizard',
      'AI priority and complexity classification',
      'Effort estimate before you submit',
      'Unlimited requests on every plan',
    ],
    learnMoreTo: '/compliance-blueprint',
    icon: ListChecks,
  },
  {
    id: 'agents',
    label: 'AI Agents',
    title: 'AI Agent Workforce',
    description: 'Specialised agents collect evidence, draft policies, score risks and map controls, around the clock.',
    features: [
      'Status of every agent',
      'Tasks completed and success rate',
      'What each agent is working on',
      'Performance tracked over time',
    ],
    learnMoreTo: '/agent',
    icon: Bot,
  },
  {
    id: 'compliance',
    label: 'Compliance',
    title: 'Quality & Compliance Scores',
    description: 'Every deliverable is scored for accuracy, completeness, framework alignment and timeliness.',
    features: ['Overall quality score and trend', 'Scores by category', 'Assessed documents with issues', 'Recommendations to close gaps'],
    learnMoreTo: '/compliance',
    icon: ShieldCheck,
  },
  {
    id: 'workflows',
    label: 'Workflows',
    title: 'Human Review Workflow',
    description: 'AI output never reaches you unchecked: a reviewer approves it for delivery or sends it back for revision.',
    features: [
      'Confidence and risk score per output',
      'Key findings and recommendations',
      'Approve or reject with one click',
      'Human decision required on every output',
    ],
    learnMoreTo: '/automated-compliance',
    icon: Workflow,
  },
  {
    id: 'communications',
    label: 'Communications',
    title: 'Client Communications',
    description: 'Talk to your reviewers where the work is: threads per control, evidence requests and notifications.',
    features: [
      'Threads attached to the work',
      'Evidence requests with due dates',
      'Notifications you can act on',
      'Answers within 24 hours',
    ],
    learnMoreTo: '/support',
    icon: MessagesSquare,
  },
  {
    id: 'documents',
    label: 'Documents',
    title: 'Deliverables Management',
    description: 'Reports, registers, policies and assessments, versioned and tracked from pending to completed.',
    features: ['Status of every deliverable', 'Versions, owners and due dates', 'Overdue work flagged', 'Filter by status'],
    learnMoreTo: '/enterprise-audit',
    icon: FileText,
  },
  {
    id: 'analytics',
    label: 'Analytics',
    title: 'Compliance Analytics',
    description: 'Throughput, turnaround and risk distribution, updated as work lands.',
    features: ['Tasks completed per month', 'Open risks by band', 'Turnaround and evidence freshness', 'Board-ready summaries'],
    learnMoreTo: '/advanced-analytics',
    icon: BarChart3,
  },
  {
    id: 'integrations',
    label: 'Integrations',
    title: 'Integrations',
    description: 'Connect your cloud, identity, code and ticketing systems so evidence collects itself.',
    features: [
      'Cloud, identity and engineering tools',
      'Sync status at a glance',
      'Evidence each integration provides',
      'Read-only access by default',
    ],
    learnMoreTo: '/documentation',
    icon: Plug,
  },
  {
    id: 'admin',
    label: 'Admin',
    title: 'Administration & Access',
    description: 'Roles, access scopes and security events for your team, your reviewers and your auditors.',
    features: ['Role-based access', 'Scopes by unit, region and framework', 'Auditor read-only access', 'Security event log'],
    learnMoreTo: '/data-security',
    icon: UserCog,
  },
];

export function demoCategoryIndex(id: DemoCategoryId): number {
  return DEMO_CATEGORIES.findIndex((category) => category.id === id);
}

/** Previous/next wrap around the ten (product.md §2). */
export function wrapIndex(index: number, count: number = DEMO_CATEGORIES.length): number {
  return ((index % count) + count) % count;
}
