import { ArrowRight, BarChart3, Bot, ClipboardCheck, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { BUSINESS_HOURS, RESPONSE_PROMISE_HOURS } from '../../../shared/constants.ts';
import { Button } from '../../components/ui/button.tsx';
import { pageMeta } from '../../lib/page-meta.ts';

export const meta = () => pageMeta('/');

const capabilities = [
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
] as const;

export default function Home() {
  return (
    <>
      <section className="relative overflow-hidden bg-gradient-to-b from-muted/70 to-background">
        <div className="mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:px-8 lg:py-32">
          <p className="inline-flex items-center gap-2 rounded-full border border-border bg-background px-3 py-1 text-sm text-muted-foreground">
            <Bot className="size-4 text-primary" aria-hidden /> AI agents with human review
          </p>
          <h1 className="mt-6 max-w-3xl text-4xl font-bold tracking-tight text-balance sm:text-6xl">
            Compliance &amp; Analytics On Demand
          </h1>
          <p className="mt-6 max-w-2xl text-lg leading-8 text-muted-foreground">
            Compliance, risk analytics and audit work for one flat monthly fee, with unlimited tasks. Our AI agents do
            the work around the clock; experienced reviewers check every deliverable before it reaches you.
          </p>
          <div className="mt-10 flex flex-wrap gap-3">
            <Button asChild size="lg">
              <Link to="/pricing">
                Start Your Subscription <ArrowRight aria-hidden />
              </Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to="/compliance-blueprint">How It Works</Link>
            </Button>
          </div>
          <ul className="mt-10 flex flex-wrap gap-x-6 gap-y-2 text-sm text-muted-foreground" aria-label="Certifications">
            <li>SOC2 Certified</li>
            <li>GDPR Compliant</li>
            <li>24/7 support</li>
            <li>Enterprise security</li>
          </ul>
        </div>
      </section>

      <section aria-labelledby="capabilities-heading" className="mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:px-8">
        <h2 id="capabilities-heading" className="text-3xl font-bold tracking-tight">
          Platform Capabilities
        </h2>
        <div className="mt-10 grid gap-6 md:grid-cols-3">
          {capabilities.map(({ title, description, to, icon: Icon }) => (
            <article key={to} className="flex flex-col rounded-xl border border-border bg-card p-6 shadow-sm">
              <Icon className="size-8 text-primary" aria-hidden />
              <h3 className="mt-4 text-lg font-semibold">{title}</h3>
              <p className="mt-2 flex-1 text-sm leading-6 text-muted-foreground">{description}</p>
              <Link
                to={to}
                className="mt-6 inline-flex items-center gap-1 text-sm font-semibold text-primary hover:underline"
                aria-label={`Learn More about ${title}`}
              >
                Learn More <ArrowRight className="size-4" aria-hidden />
              </Link>
            </article>
          ))}
        </div>
      </section>

      <section id="contact" aria-labelledby="contact-heading" className="border-t border-border bg-muted/40">
        <div className="mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:px-8">
          <h2 id="contact-heading" className="text-3xl font-bold tracking-tight">
            Contact us
          </h2>
          <p className="mt-4 max-w-2xl text-muted-foreground">
            We reply to every message within {RESPONSE_PROMISE_HOURS} hours.
          </p>
          <dl className="mt-6 grid max-w-md gap-2 text-sm">
            {BUSINESS_HOURS.map((slot) => (
              <div key={slot.days} className="flex gap-3">
                <dt className="w-20 font-medium">{slot.days}</dt>
                <dd className="text-muted-foreground">
                  {slot.hours}
                  {slot.note ? ` (${slot.note})` : ''}
                </dd>
              </div>
            ))}
          </dl>
        </div>
      </section>
    </>
  );
}
