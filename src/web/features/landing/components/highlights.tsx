import { HIGHLIGHTS } from '../landing-content.ts';

/** The promises of product.md §1: 24/7 support, enterprise security, risk intelligence, scalability. */
export function Highlights() {
  return (
    <section aria-label="Why ComplianceCore" className="border-y border-border bg-background">
      <ul className="mx-auto grid max-w-7xl gap-6 px-4 py-10 sm:grid-cols-2 sm:px-6 lg:grid-cols-4 lg:px-8">
        {HIGHLIGHTS.map(({ title, description, icon: Icon }) => (
          <li key={title} className="flex gap-3">
            <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-primary/10 text-primary">
              <Icon className="size-5" aria-hidden />
            </span>
            <div>
              <h2 className="text-sm font-semibold">{title}</h2>
              <p className="mt-1 text-sm text-muted-foreground">{description}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
