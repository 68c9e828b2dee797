import { BookOpen, LifeBuoy, MessageCircle, ScrollText } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BUSINESS_HOURS, RESPONSE_PROMISE_HOURS } from '../../../../shared/constants.ts';
import { Button } from '../../../components/ui/button.tsx';

const links = [
  { to: '/support', label: 'Support centre', text: 'Billing, access, task requests and how to reach our team.', icon: LifeBuoy },
  { to: '/knowledge-base', label: 'Knowledge base', text: 'Practical articles on frameworks, evidence, audits and risk.', icon: BookOpen },
  { to: '/documentation', label: 'Documentation', text: 'How the workspace works: task requests, reviews, evidence.', icon: ScrollText },
] as const;

/** The support tab: support requests (composed in by the route), the knowledge base links, our team and the advisor. */
export function SupportPanel({ onAsk, requests }: { onAsk: () => void; requests?: ReactNode }) {
  return (
    <section aria-labelledby="support-heading" className="space-y-6">
      <h2 id="support-heading" className="text-xl font-semibold">
        Support
      </h2>
      {requests}
      <ul className="grid gap-3 md:grid-cols-3">
        {links.map(({ to, label, text, icon: Icon }) => (
          <li key={to}>
            <Link to={to} className="block h-full rounded-lg border border-border bg-card p-4 hover:bg-muted">
              <Icon className="size-5 text-primary" aria-hidden />
              <span className="mt-2 block font-semibold">{label}</span>
              <span className="mt-1 block text-sm text-muted-foreground">{text}</span>
            </Link>
          </li>
        ))}
      </ul>
      <div className="grid gap-4 rounded-lg border border-border p-4 md:grid-cols-2">
        <div>
          <h3 className="font-semibold">Our team</h3>
          <p className="mt-1 text-sm text-muted-foreground">We answer within {RESPONSE_PROMISE_HOURS} hours.</p>
          <ul className="mt-2 text-sm">
            {BUSINESS_HOURS.map((slot) => (
              <li key={slot.days}>
                {slot.days}: {slot.hours}
                {slot.note ? ` (${slot.note})` : ''}
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h3 className="font-semibold">Compliance advisor</h3>
          <p className="mt-1 text-sm text-muted-foreground">Guidance on frameworks, risk, documentation and process, any time.</p>
          <Button type="button" variant="outline" className="mt-3" onClick={onAsk}>
            <MessageCircle aria-hidden /> Ask the advisor
          </Button>
        </div>
      </div>
    </section>
  );
}
