import { Clock, MessageSquare } from 'lucide-react';
import { Link } from 'react-router';
import { BUSINESS_HOURS, RESPONSE_PROMISE_HOURS } from '../../../../shared/constants.ts';
import { Button } from '../../../components/ui/button.tsx';

/** Business hours and the response promise (product.md §9), straight from the shared constants. */
export function SupportHours() {
  return (
    <div className="grid gap-5 md:grid-cols-2">
      <section aria-labelledby="support-hours" className="rounded-xl border border-border bg-card p-6 shadow-sm">
        <h2 id="support-hours" className="flex items-center gap-2 text-lg font-semibold">
          <Clock className="size-5 text-primary" aria-hidden /> Business hours
        </h2>
        <dl className="mt-4 space-y-3 text-sm">
          {BUSINESS_HOURS.map((slot) => (
            <div key={slot.days} className="flex flex-wrap gap-x-4 gap-y-1">
              <dt className="w-16 font-semibold">{slot.days}</dt>
              <dd>
                {slot.hours}
                {slot.note ? <span className="block text-muted-foreground">{slot.note}</span> : null}
              </dd>
            </div>
          ))}
        </dl>
        <p className="mt-4 text-sm text-muted-foreground">
          Requests are accepted around the clock; outside these hours they are queued and triaged first thing.
        </p>
      </section>
      <section aria-labelledby="support-promise" className="rounded-xl border border-primary/30 bg-primary/5 p-6 shadow-sm">
        <h2 id="support-promise" className="flex items-center gap-2 text-lg font-semibold">
          <MessageSquare className="size-5 text-primary" aria-hidden /> We reply within {RESPONSE_PROMISE_HOURS} hours
        </h2>
        <p className="mt-4 text-sm leading-6">
          Every message gets a reply from a person within {RESPONSE_PROMISE_HOURS} hours. Clients on a plan can also raise a
          task request in the workspace, where the whole conversation and its deliverables stay in one place.
        </p>
        <div className="mt-5 flex flex-wrap gap-3">
          <Button asChild>
            <Link to="/#contact">Contact us</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/faq">Read the FAQ</Link>
          </Button>
        </div>
      </section>
    </div>
  );
}
