/**
 * Every page route of product.md §2, in one table. The server uses it to tell a page from a 404
 * and to build the sitemap; the build uses it to decide what to prerender; the web app
 * uses it for titles, descriptions and canonical URLs.
 */

export type RouteAccess = 'public' | 'signed-in';

export interface PageRoute {
  path: string;
  access: RouteAccess;
  title: string;
  description: string;
  /** Set on an alias: the path whose screen this one shows (and which search engines should index). */
  canonical?: string;
}

export const SITE_NAME = 'ComplianceCore';

const publicRoutes: PageRoute[] = [
  {
    path: '/',
    access: 'public',
    title: 'Compliance & Analytics On Demand',
    description:
      'Compliance, risk analytics and audit work as one flat monthly subscription with unlimited tasks, delivered by AI agents and checked by human reviewers.',
  },
  {
    path: '/about',
    access: 'public',
    title: 'About us',
    description:
      'Who we are, how AI agents and human reviewers share the work, and why growing companies trust ComplianceCore with their compliance programme.',
  },
  {
    path: '/pricing',
    access: 'public',
    title: 'Pricing',
    description:
      'Flat monthly plans with unlimited compliance tasks: Essential $2,500, Growth $5,000, Scale $7,500, and custom Enterprise pricing.',
  },
  {
    path: '/plan-comparison',
    access: 'public',
    title: 'Compare plans',
    description: 'Every feature of the Essential, Growth, Scale and Enterprise plans side by side.',
  },
  {
    path: '/auth',
    access: 'public',
    title: 'Sign in',
    description: 'Sign in to your ComplianceCore workspace, or create an account.',
  },
  {
    path: '/automated-compliance',
    access: 'public',
    title: 'Certified Audit Reviews and Compliance Readiness',
    description:
      'Get audit-ready for SOC 2, ISO 27001 and more: AI agents map controls and gather evidence, certified reviewers check every deliverable.',
  },
  {
    path: '/advanced-analytics',
    access: 'public',
    title: 'Real-Time Analytics Engine',
    description: 'Live compliance and risk metrics across every framework, with trends, control health and evidence freshness in one view.',
  },
  {
    path: '/risk-analytics',
    access: 'public',
    title: 'Risk Analytics & AI Intelligence',
    description: 'Risk registers, scoring and scenario analysis prepared by AI agents and reviewed by risk specialists.',
  },
  {
    path: '/enterprise-risk',
    access: 'public',
    title: 'Compliance Monitoring',
    description: 'Continuous monitoring of controls, evidence and vendors, with alerts before a gap becomes an audit finding.',
  },
  {
    path: '/enterprise-audit',
    access: 'public',
    title: 'Risk Management',
    description: 'AI-powered audit automation and risk management: test plans, sampling, workpapers and findings, reviewed by auditors.',
  },
  {
    path: '/roi-calculator',
    access: 'public',
    title: 'ROI calculator',
    description: 'Estimate what your compliance programme costs today and what it would cost on a ComplianceCore plan.',
  },
  {
    path: '/privacy-policy',
    access: 'public',
    title: 'Privacy policy',
    description: 'How ComplianceCore collects, uses, shares and protects personal data, and the rights you have.',
  },
  { path: '/privacy', access: 'public', title: 'Privacy policy', description: '', canonical: '/privacy-policy' },
  {
    path: '/cookie-policy',
    access: 'public',
    title: 'Cookie policy',
    description: 'The cookies and browser storage ComplianceCore uses, why, and how to change your choice.',
  },
  { path: '/cookies', access: 'public', title: 'Cookie policy', description: '', canonical: '/cookie-policy' },
  {
    path: '/terms',
    access: 'public',
    title: 'Terms of service',
    description: 'The terms that govern your use of ComplianceCore and your subscription.',
  },
  {
    path: '/faq',
    access: 'public',
    title: 'Frequently asked questions',
    description: 'Answers about plans, unlimited tasks, AI agents, human review, security and audits.',
  },
  {
    path: '/data-security',
    access: 'public',
    title: 'Data security',
    description: 'How we protect your data: encryption, access control, tenant isolation, logging and the human review of AI output.',
  },
  {
    path: '/compliance',
    access: 'public',
    title: 'Frameworks we support',
    description: 'SOC 2, ISO 27001:2022, GDPR, HIPAA, PCI DSS 4.0.1, NIST CSF 2.0, ISO 42001 and CCPA/CPRA: what each is and who needs it.',
  },
  {
    path: '/compliance-blueprint',
    access: 'public',
    title: 'How it works',
    description: 'The steps from onboarding to audit-ready, and who does what at each step.',
  },
  {
    path: '/agent',
    access: 'public',
    title: 'Our AI agents',
    description: 'What our AI agents do, what they never do, and the guardrails and human review around them.',
  },
  {
    path: '/compliancecore/success',
    access: 'public',
    title: 'Customer success',
    description: 'How growing companies reached audit-ready with ComplianceCore, and what it changed for them.',
  },
  {
    path: '/subscription',
    access: 'public',
    title: 'Start your subscription',
    description: 'Choose a plan, add your company and billing details, and start your ComplianceCore subscription.',
  },
  {
    path: '/subscribe',
    access: 'public',
    title: 'Start your subscription',
    description: '',
    canonical: '/subscription',
  },
  {
    path: '/subscription-success',
    access: 'public',
    title: 'Subscription confirmed',
    description: 'Your ComplianceCore subscription is active. Here is what happens next.',
  },
  {
    path: '/dsar',
    access: 'public',
    title: 'Privacy request',
    description: 'Ask us to access, delete, correct or port your personal data, or object to its processing. We answer within 30 days.',
  },
  {
    path: '/documentation',
    access: 'public',
    title: 'Documentation',
    description: 'Guides to the ComplianceCore workspace: task requests, reviews, evidence, frameworks and integrations.',
  },
  {
    path: '/knowledge-base',
    access: 'public',
    title: 'Knowledge base',
    description: 'Practical articles on compliance frameworks, evidence, audits and risk management.',
  },
  {
    path: '/support',
    access: 'public',
    title: 'Support',
    description: 'Get help from our team: business hours, response times and how to reach us.',
  },
];

const workspaceRoutes: PageRoute[] = [
  { path: '/dashboard-compliancecore', access: 'signed-in', title: 'Dashboard', description: '' },
  { path: '/profile', access: 'signed-in', title: 'Profile', description: '' },
  { path: '/admin', access: 'signed-in', title: 'Administration', description: '' },
  { path: '/task-requests', access: 'signed-in', title: 'Task requests', description: '' },
  { path: '/program-execution', access: 'signed-in', title: 'Program execution', description: '' },
  { path: '/auditor-portal', access: 'signed-in', title: 'Auditor portal', description: '' },
  { path: '/reviews', access: 'signed-in', title: 'Review queue', description: '' },
  { path: '/quality-scores', access: 'signed-in', title: 'Quality scores', description: '' },
  { path: '/agents', access: 'signed-in', title: 'Agent Dashboard', description: '' },
  { path: '/trust-center', access: 'signed-in', title: 'Trust center', description: '' },
];

export const PAGE_ROUTES: readonly PageRoute[] = [...publicRoutes, ...workspaceRoutes];

const byPath = new Map(PAGE_ROUTES.map((route) => [route.path, route]));

/** Normalises a URL path: no query, no trailing slash (except the root). */
export function normalizePath(path: string): string {
  const bare = path.split(/[?#]/, 1)[0] ?? '/';
  return bare.length > 1 && bare.endsWith('/') ? bare.replace(/\/+$/, '') || '/' : bare;
}

export function findPageRoute(path: string): PageRoute | undefined {
  return byPath.get(normalizePath(path));
}

/** The route whose title and description an alias shares. */
export function canonicalRoute(route: PageRoute): PageRoute {
  return route.canonical ? (byPath.get(route.canonical) ?? route) : route;
}

export function prerenderedPaths(): string[] {
  return PAGE_ROUTES.filter((route) => route.access === 'public').map((route) => route.path);
}

/** /trust/<slug>: an organization's public trust center, a page of every slug (the page answers for unknown ones). */
export function isTrustCenterPath(path: string): boolean {
  return /^\/trust\/[a-z0-9-]{3,60}$/.test(normalizePath(path));
}

/** A person's attestation link (`/attest#token=…`, docs/policies.md): served by the SPA fallback with a 200. */
export function isAttestationPath(path: string): boolean {
  return normalizePath(path) === '/attest';
}

/** /vendor-questionnaire/<token>: a vendor's questionnaire link (the page answers for unknown or expired tokens). */
export function isVendorQuestionnairePath(path: string): boolean {
  return /^\/vendor-questionnaire\/[A-Za-z0-9_-]{43}$/.test(normalizePath(path));
}

export function isWorkspacePath(path: string): boolean {
  return findPageRoute(path)?.access === 'signed-in';
}
