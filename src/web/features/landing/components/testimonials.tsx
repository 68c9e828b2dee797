import { Quote } from 'lucide-react';
import { cn } from '../../../lib/cn.ts';
import { CLIENT_LOGOS, TESTIMONIALS } from '../landing-content.ts';

/** Client logos (text monograms, no external images) and what clients say. */
export function Testimonials() {
  return (
    <section aria-labelledby="clients-heading" className="bg-muted/40">
      <div className="mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:px-8">
        <h2 id="clients-heading" className="text-center text-3xl font-bold tracking-tight">
          Trusted by growing companies
        </h2>
        <ul className="mt-10 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6" aria-label="Clients">
          {CLIENT_LOGOS.map((logo) => (
            <li key={logo.name} className="flex items-center gap-2 rounded-lg border border-border bg-background px-3 py-3">
              <span
                className={cn('grid size-8 shrink-0 place-items-center rounded-md text-xs font-bold text-white', logo.tone)}
                aria-hidden
              >
                {logo.initials}
              </span>
              <span className="text-sm font-semibold text-foreground/80">{logo.name}</span>
            </li>
          ))}
        </ul>
        <div className="mt-12 grid gap-6 lg:grid-cols-3">
          {TESTIMONIALS.map((item) => (
            <figure key={item.name} className="flex flex-col rounded-xl border border-border bg-card p-6 shadow-sm">
              <Quote className="size-6 text-primary" aria-hidden />
              <blockquote className="mt-4 flex-1 text-sm leading-6">“{item.quote}”</blockquote>
              <figcaption className="mt-6 flex items-center gap-3">
                <span className="grid size-10 place-items-center rounded-full bg-primary/10 text-sm font-semibold text-primary" aria-hidden>
                  {item.initials}
                </span>
                <span>
                  <span className="block text-sm font-semibold">{item.name}</span>
                  <span className="block text-xs text-muted-foreground">
                    {item.role}, {item.company}
                  </span>
                </span>
              </figcaption>
            </figure>
          ))}
        </div>
      </div>
    </section>
  );
}
