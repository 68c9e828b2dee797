import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { track } from '../../analytics/analytics.ts';
import { CAPABILITIES } from '../landing-content.ts';

/** Platform Capabilities (product.md §2): three cards, each with Learn More to its page. */
export function Capabilities() {
  return (
    <section aria-labelledby="capabilities-heading" className="mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:px-8">
      <p className="text-sm font-semibold uppercase tracking-wide text-primary">What we do</p>
      <h2 id="capabilities-heading" className="mt-2 text-3xl font-bold tracking-tight">
        Platform Capabilities
      </h2>
      <p className="mt-4 max-w-2xl text-muted-foreground">
        Three engines behind every plan. Agents do the work continuously; people with audit and risk experience decide.
      </p>
      <div className="mt-10 grid gap-6 md:grid-cols-3">
        {CAPABILITIES.map(({ title, description, to, icon: Icon }) => (
          <article key={to} className="flex flex-col rounded-xl border border-border bg-card p-6 shadow-sm">
            <span className="grid size-12 place-items-center rounded-lg bg-primary/10 text-primary">
              <Icon className="size-6" aria-hidden />
            </span>
            <h3 className="mt-4 text-lg font-semibold">{title}</h3>
            <p className="mt-2 flex-1 text-sm leading-6 text-muted-foreground">{description}</p>
            <Link
              to={to}
              onClick={() => track({ event: 'button_click', button_name: `Learn More: ${title}`, location: 'capabilities' })}
              className="mt-6 inline-flex items-center gap-1 self-start rounded-md text-sm font-semibold text-primary hover:underline"
            >
              {/* The name says where it goes, for screen readers and for crawlers' link-text checks. */}
              Learn More<span className="sr-only"> about {title}</span> <ArrowRight className="size-4" aria-hidden />
            </Link>
          </article>
        ))}
      </div>
    </section>
  );
}
