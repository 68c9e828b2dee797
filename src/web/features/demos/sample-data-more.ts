/** Sample data of the communications, analytics, integrations and admin demo screens. */

export interface DemoMessage {
  id: string;
  from: string;
  role: string;
  initials: string;
  sentAt: string;
  text: string;
  isClient: boolean;
}

export const DEMO_THREAD = {
  subject: 'SOC 2 Type II: evidence for CC7.2 (monitoring)',
  messages: [
    {
      id: 'm1',
      from: 'Maya Chen',
      role: 'Compliance reviewer',
      initials: 'MC',
      sentAt: '09:12',
      text: 'The agent collected 30 days of alert logs. Can you confirm who triages alerts outside business hours?',
      isClient: false,
    },
    {
      id: 'm2',
      from: 'Jordan Blake',
      role: 'Head of IT, client',
      initials: 'JB',
      sentAt: '09:40',
      text: 'Our on-call engineer, through PagerDuty. I have attached the rota for Q1.',
      isClient: true,
    },
    {
      id: 'm3',
      from: 'Maya Chen',
      role: 'Compliance reviewer',
      initials: 'MC',
      sentAt: '10:05',
      text: 'Perfect, that closes the gap. The control is now marked ready for the auditor.',
      isClient: false,
    },
  ] satisfies DemoMessage[],
} as const;

export const DEMO_NOTIFICATIONS = [
  { id: 'n1', text: 'Risk register v1.4 is ready for your review', when: '2 h ago' },
  { id: 'n2', text: 'Evidence request: Q1 vulnerability scan', when: 'Yesterday' },
  { id: 'n3', text: 'Weekly status report delivered', when: 'Monday' },
] as const;

export const DEMO_MONTHLY_TASKS = [
  { month: 'Oct', completed: 31 },
  { month: 'Nov', completed: 38 },
  { month: 'Dec', completed: 29 },
  { month: 'Jan', completed: 44 },
  { month: 'Feb', completed: 52 },
  { month: 'Mar', completed: 57 },
] as const;

/** Risk scores of the register's open risks; the analytics screen bands them. */
export const DEMO_RISK_SCORES = [12, 22, 31, 38, 44, 47, 51, 55, 58, 63, 66, 71, 74, 79, 82, 88, 93] as const;

export const DEMO_ANALYTICS_KPIS = [
  { label: 'Average turnaround', value: '2.8 days' },
  { label: 'Controls with fresh evidence', value: '92%' },
  { label: 'Open findings', value: '7' },
] as const;

export interface DemoIntegration {
  name: string;
  initials: string;
  category: string;
  status: 'connected' | 'syncing' | 'available';
  lastSync: string | null;
  evidence: string;
}

export const DEMO_INTEGRATIONS: readonly DemoIntegration[] = [
  {
    name: 'Amazon Web Services',
    initials: 'AW',
    category: 'Cloud',
    status: 'connected',
    lastSync: '5 min ago',
    evidence: 'IAM, CloudTrail, S3 encryption',
  },
  {
    name: 'GitHub',
    initials: 'GH',
    category: 'Engineering',
    status: 'connected',
    lastSync: '12 min ago',
    evidence: 'Branch protection, code review',
  },
  { name: 'Okta', initials: 'OK', category: 'Identity', status: 'syncing', lastSync: 'Syncing now', evidence: 'MFA, joiners and leavers' },
  { name: 'Jira', initials: 'JI', category: 'Ticketing', status: 'connected', lastSync: '1 h ago', evidence: 'Change tickets, incidents' },
  {
    name: 'Google Workspace',
    initials: 'GW',
    category: 'Productivity',
    status: 'available',
    lastSync: null,
    evidence: 'Users, sharing settings',
  },
  { name: 'Slack', initials: 'SL', category: 'Communication', status: 'available', lastSync: null, evidence: 'Alerts and notifications' },
];

export interface DemoUser {
  name: string;
  initials: string;
  email: string;
  role: string;
  scope: string;
  lastActive: string;
}

export const DEMO_USERS: readonly DemoUser[] = [
  {
    name: 'Alex Morgan',
    initials: 'AM',
    email: 'alex@northwind.example',
    role: 'administrator',
    scope: 'All business units',
    lastActive: 'Now',
  },
  {
    name: 'Maya Chen',
    initials: 'MC',
    email: 'maya@compliancecore.example',
    role: 'consultant',
    scope: 'SOC 2, ISO 27001',
    lastActive: '10 min ago',
  },
  {
    name: 'Omar Haddad',
    initials: 'OH',
    email: 'omar@compliancecore.example',
    role: 'project_manager',
    scope: 'EU region',
    lastActive: '1 h ago',
  },
  { name: 'Jordan Blake', initials: 'JB', email: 'jordan@northwind.example', role: 'client_manager', scope: 'IT', lastActive: 'Yesterday' },
  {
    name: 'Ines Duarte',
    initials: 'ID',
    email: 'ines@auditfirm.example',
    role: 'auditor',
    scope: 'SOC 2 (read only)',
    lastActive: '3 days ago',
  },
];

export const DEMO_ADMIN_SUMMARY = [
  { label: 'Users', value: '24' },
  { label: 'Roles in use', value: '6' },
  { label: 'Access scopes', value: '11' },
  { label: 'Security events (30 days)', value: '3' },
] as const;
