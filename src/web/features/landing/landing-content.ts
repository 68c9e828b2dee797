import {
  Activity,
  BarChart3,
  Bot,
  Brain,
  ClipboardCheck,
  Clock,
  Gauge,
  Layers,
  type LucideIcon,
  ShieldCheck,
  TrendingUp,
} from 'lucide-react';

/** The marketing words of product.md §1 and §2 (Home page), in one place. */

export const HERO = {
  eyebrow: 'AI agents with human review',
  headline: 'Compliance & Analytics On Demand',
  lead: 'Compliance, risk analytics and audit work for one flat monthly fee, with unlimited tasks. Our AI agents do the work around the clock; experienced reviewers check every deliverable before it reaches you.',
  badges: ['SOC2 Certified', 'GDPR Compliant'],
} as const;

export interface Highlight {
  title: string;
  description: string;
  icon: LucideIcon;
}

export const HIGHLIGHTS: readonly Highlight[] = [
  { title: '24/7 Support', description: 'Agents work around the clock and our team answers within 24 hours.', icon: Clock },
  {
    title: 'Enterprise Security',
    description: 'Encryption in transit and at rest, tenant isolation, least-privilege access and a full audit trail.',
    icon: ShieldCheck,
  },
  {
    title: 'Risk Intelligence',
    description: 'Risks scored by likelihood and impact, with treatments proposed and challenged by specialists.',
    icon: Brain,
  },
  {
    title: 'Scalability',
    description: 'From one framework to many, and from a start-up to a group: the fee stays flat, the tasks unlimited.',
    icon: Layers,
  },
];

export interface Capability extends Highlight {
  to: string;
}

export const CAPABILITIES: readonly Capability[] = [
  {
    title: 'AI-Powered Audit Automation',
    description: 'Test plans, sampling and workpapers prepared by agents and signed off by experienced auditors.',
    to: '/enterprise-audit',
    icon: ClipboardCheck,
  },
  {
    title: 'Real-Time Analytics Engine',
    description: 'Control health, evidence freshness and open findings across every framework, as they change.',
    to: '/advanced-analytics',
    icon: BarChart3,
  },
  {
    title: 'Automated Compliance Monitoring',
    description: 'Controls and evidence checked continuously, with a task opened before a gap becomes a finding.',
    to: '/automated-compliance',
    icon: ShieldCheck,
  },
];

export interface Figure {
  value: string;
  label: string;
  icon: LucideIcon;
}

/** The About block (product.md §1). */
export const ABOUT_FIGURES: readonly Figure[] = [
  { value: '50+', label: 'Organizations served', icon: Activity },
  { value: '99.5%', label: 'AI accuracy', icon: Gauge },
  { value: '25+', label: 'Industries', icon: Layers },
  { value: '10+', label: 'Years of experience', icon: Clock },
  { value: 'Up to 80%', label: 'Lower compliance costs', icon: TrendingUp },
];

export interface ClientLogo {
  name: string;
  initials: string;
  /** Tailwind classes for the monogram tile: the logos are text, never external images. */
  tone: string;
}

export const CLIENT_LOGOS: readonly ClientLogo[] = [
  { name: 'Lumen Payments', initials: 'LP', tone: 'bg-blue-700' },
  { name: 'Meridian Bank', initials: 'MB', tone: 'bg-emerald-700' },
  { name: 'Cobalt Analytics', initials: 'CA', tone: 'bg-indigo-700' },
  { name: 'Brightpath Logistics', initials: 'BL', tone: 'bg-amber-700' },
  { name: 'Atlas Robotics', initials: 'AR', tone: 'bg-slate-700' },
  { name: 'Harbor Insurance', initials: 'HI', tone: 'bg-rose-700' },
];

export interface Testimonial {
  quote: string;
  name: string;
  role: string;
  company: string;
  initials: string;
}

export const TESTIMONIALS: readonly Testimonial[] = [
  {
    quote:
      'We went from a spreadsheet of open SOC 2 gaps to audit-ready in eleven weeks. The agents did the legwork; the reviewers caught what an auditor would have asked.',
    name: 'Priya Raman',
    role: 'VP Engineering',
    company: 'Lumen Payments',
    initials: 'PR',
  },
  {
    quote: 'One flat fee and no arguments about scope. Our risk register is finally current, and the board pack writes itself every month.',
    name: 'Daniel Okafor',
    role: 'Chief Risk Officer',
    company: 'Meridian Bank',
    initials: 'DO',
  },
  {
    quote:
      'Evidence collection used to eat two people for a quarter. Now it runs continuously and we only look at what needs a human decision.',
    name: 'Sofia Lindqvist',
    role: 'Head of Compliance',
    company: 'Cobalt Analytics',
    initials: 'SL',
  },
];

export const HERO_SCREENS = ['Risk Analytics', 'Compliance Center', 'AI Agents', 'Task Management'] as const;
export type HeroScreen = (typeof HERO_SCREENS)[number];

export const HERO_SCREEN_ICONS: Record<HeroScreen, LucideIcon> = {
  'Risk Analytics': BarChart3,
  'Compliance Center': ShieldCheck,
  'AI Agents': Bot,
  'Task Management': ClipboardCheck,
};
