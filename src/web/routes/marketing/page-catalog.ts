/**
 * The opening of each public page that does not have its own module yet: its heading and
 * first paragraphs. Titles and descriptions live in src/shared/routes.ts.
 */

export interface CatalogEntry {
  heading: string;
  eyebrow: string;
  paragraphs: string[];
  cta?: { label: string; to: string };
}

const book = { label: 'See plans and pricing', to: '/pricing' };

export const PAGE_CATALOG: Record<string, CatalogEntry> = {
  '/about': {
    eyebrow: 'About ComplianceCore',
    heading: 'Compliance work done by AI agents, signed off by people who know audits',
    paragraphs: [
      'ComplianceCore gives growing companies a compliance, risk and audit team on subscription. Our AI agents draft policies, map controls, collect evidence and prepare workpapers; experienced reviewers check every deliverable before it reaches you.',
      'We work with more than 50 organizations across 25+ industries, bring over 10 years of audit and risk experience, and help clients cut compliance costs by up to 80%.',
    ],
    cta: book,
  },
  '/pricing': {
    eyebrow: 'Pricing',
    heading: 'One flat monthly fee. Unlimited compliance tasks.',
    paragraphs: [
      'Every plan includes unlimited task requests, AI agents working around the clock and human review of every deliverable. Essential is $2,500/month, Growth $5,000/month and Scale $7,500/month; Enterprise is priced to your scope.',
      'Plans differ in how many frameworks we run in parallel, how fast tasks turn around and how many reviewers and seats you get — never in whether a task is "in scope".',
    ],
    cta: { label: 'Compare plans', to: '/plan-comparison' },
  },
  '/plan-comparison': {
    eyebrow: 'Compare plans',
    heading: 'Essential, Growth, Scale and Enterprise side by side',
    paragraphs: [
      'All plans share the same platform, AI agents and review standard. Higher plans add frameworks in parallel, faster turnaround, dedicated reviewers, more seats and integrations.',
    ],
    cta: book,
  },
  '/auth': {
    eyebrow: 'Your workspace',
    heading: 'Sign in to ComplianceCore',
    paragraphs: [
      'Sign in to request work, follow your programme and review what our agents and reviewers deliver. New here? Create an account with your work e-mail.',
    ],
  },
  '/automated-compliance': {
    eyebrow: 'Capability',
    heading: 'Certified Audit Reviews and Compliance Readiness',
    paragraphs: [
      'Get ready for SOC 2, ISO 27001:2022, HIPAA, PCI DSS and more without hiring a compliance team. AI agents run the gap assessment, map your controls to each framework and keep evidence current; certified reviewers check the result against what an auditor will ask.',
      'You receive an audit-ready control set, policies written for how you actually work, and an evidence library your auditor can sample from directly.',
    ],
    cta: book,
  },
  '/advanced-analytics': {
    eyebrow: 'Capability',
    heading: 'Real-Time Analytics Engine',
    paragraphs: [
      'See the state of your compliance programme as it is today, not as it was at the last audit: control health by framework, evidence freshness, open findings and task throughput, updated as work lands.',
      'Analysts turn the numbers into a monthly briefing for leadership, with the trends that matter and what to do about them.',
    ],
    cta: book,
  },
  '/risk-analytics': {
    eyebrow: 'Capability',
    heading: 'Risk Analytics & AI Intelligence',
    paragraphs: [
      'Build and maintain a risk register that reflects your business: AI agents identify risks from your systems, vendors and processes, score likelihood and impact, and propose treatments; risk specialists challenge and approve every rating.',
      'Scenario analysis shows how a new vendor, market or product changes your exposure before you commit to it.',
    ],
    cta: book,
  },
  '/enterprise-risk': {
    eyebrow: 'Capability',
    heading: 'Compliance Monitoring',
    paragraphs: [
      'Controls drift between audits. Continuous monitoring checks your controls, evidence and vendors on a schedule, flags what has lapsed and opens a task to fix it before it becomes a finding.',
    ],
    cta: book,
  },
  '/enterprise-audit': {
    eyebrow: 'Capability',
    heading: 'Risk Management',
    paragraphs: [
      'AI-powered audit automation for internal audit and risk teams: test plans, sample selection, workpapers and draft findings prepared by agents, then reviewed and signed off by experienced auditors.',
    ],
    cta: book,
  },
  '/roi-calculator': {
    eyebrow: 'ROI calculator',
    heading: 'What does compliance cost you today?',
    paragraphs: [
      'Add up the hours your team spends on evidence, policies and audits, the consultants you hire and the audit fees you pay, and compare it with a flat ComplianceCore plan.',
    ],
    cta: book,
  },
  '/privacy-policy': {
    eyebrow: 'Legal',
    heading: 'Privacy policy',
    paragraphs: [
      'This policy explains what personal data ComplianceCore collects when you visit our site or use our service, why we process it, who we share it with, how long we keep it and the rights you have over it.',
      'To exercise a right — access, deletion, correction, portability or objection — use our Privacy Request form; we answer within 30 days.',
    ],
    cta: { label: 'Make a privacy request', to: '/dsar' },
  },
  '/cookie-policy': {
    eyebrow: 'Legal',
    heading: 'Cookie policy',
    paragraphs: [
      'We use a small number of cookies and browser storage entries. Essential ones keep you signed in and remember your choices; functional, analytics and marketing ones are used only with your consent, which you can change at any time.',
    ],
  },
  '/terms': {
    eyebrow: 'Legal',
    heading: 'Terms of service',
    paragraphs: [
      'These terms govern your access to ComplianceCore and your subscription: what we deliver, what we expect from you, how billing and cancellation work, and how responsibility is shared.',
    ],
  },
  '/faq': {
    eyebrow: 'FAQ',
    heading: 'Frequently asked questions',
    paragraphs: [
      'What "unlimited tasks" means, how AI agents and human reviewers split the work, how we protect your data and how we get you ready for an audit — answered plainly.',
    ],
  },
  '/data-security': {
    eyebrow: 'Trust',
    heading: 'How we protect your data',
    paragraphs: [
      'Your evidence and policies are some of the most sensitive documents you have. We encrypt them in transit and at rest, isolate every client organisation, limit staff access to the scope they are assigned and log every access.',
      'AI agents work only on the data of the organisation they act for, and no output reaches you without a human review.',
    ],
  },
  '/compliance': {
    eyebrow: 'Frameworks',
    heading: 'The frameworks we support',
    paragraphs: [
      'SOC 2, ISO 27001:2022, GDPR, HIPAA, PCI DSS 4.0.1, NIST CSF 2.0, ISO 42001 and CCPA/CPRA. Controls are mapped once and reused across frameworks, so the second framework costs a fraction of the first.',
    ],
    cta: book,
  },
  '/compliance-blueprint': {
    eyebrow: 'How it works',
    heading: 'From onboarding to audit-ready',
    paragraphs: [
      'We start with a scoping call and a gap assessment, agree a plan with milestones, then work through it as task requests: agents draft, reviewers check, you approve. When the evidence is complete, we prepare you for the auditor and stay with you through fieldwork.',
    ],
    cta: book,
  },
  '/agent': {
    eyebrow: 'AI agents',
    heading: 'Agents that do the work, with guardrails and a human in the loop',
    paragraphs: [
      'Our 50+ specialised agents draft policies, map controls, analyse risk and prepare evidence requests. They cite their sources, work only on your organisation\'s data and never certify anything: every output is reviewed by a person before it reaches you.',
    ],
    cta: book,
  },
  '/compliancecore/success': {
    eyebrow: 'Customer success',
    heading: 'How our clients reached audit-ready',
    paragraphs: [
      'Growing companies use ComplianceCore to pass their first SOC 2, add ISO 27001 for enterprise deals and answer security questionnaires in days instead of weeks.',
    ],
    cta: book,
  },
  '/subscription': {
    eyebrow: 'Subscribe',
    heading: 'Start your subscription',
    paragraphs: [
      'Choose a plan, tell us about your company and who receives invoices, and your workspace is ready the same day. You can change plans at any time.',
    ],
    cta: { label: 'Compare plans first', to: '/plan-comparison' },
  },
  '/subscription-success': {
    eyebrow: 'Welcome aboard',
    heading: 'Your subscription is confirmed',
    paragraphs: [
      'Thank you. Your workspace is ready: sign in to submit your first task request, and your onboarding lead will contact you within 24 hours to schedule the kick-off.',
    ],
    cta: { label: 'Go to sign in', to: '/auth' },
  },
  '/dsar': {
    eyebrow: 'Privacy Request',
    heading: 'Make a privacy request',
    paragraphs: [
      'You can ask to access, delete, correct or receive a portable copy of the personal data we hold about you, or object to how we process it. We confirm your identity, then answer within 30 days.',
    ],
  },
  '/documentation': {
    eyebrow: 'Documentation',
    heading: 'Using the ComplianceCore workspace',
    paragraphs: [
      'Guides for every part of the workspace: requesting tasks, reviewing AI output, managing evidence, tracking frameworks and connecting your tools.',
    ],
  },
  '/knowledge-base': {
    eyebrow: 'Knowledge base',
    heading: 'Practical compliance knowledge',
    paragraphs: [
      'Short, practical articles on frameworks, evidence, audits and risk management, written by our reviewers for people who have a programme to run.',
    ],
  },
  '/support': {
    eyebrow: 'Support',
    heading: 'How can we help?',
    paragraphs: [
      'Our team is available Monday to Friday, 9:00 AM-6:00 PM, and on Saturday from 10:00 AM to 2:00 PM by in-person appointment only. We answer every request within 24 hours.',
    ],
    cta: { label: 'Contact us', to: '/#contact' },
  },
};
