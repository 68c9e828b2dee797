import { ABOUT_FIGURES } from '../landing-content.ts';

/** The About block of product.md §1: who we are, in five figures. */
export function AboutBlock() {
  return (
    <section aria-labelledby="about-heading" className="bg-primary text-primary-foreground">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-20 sm:px-6 lg:px-8">
        <div className="max-w-3xl">
          <p className="text-sm font-semibold uppercase tracking-wide opacity-80">About ComplianceCore</p>
          <h2 id="about-heading" className="mt-2 text-3xl font-bold tracking-tight">
            Over 10 years of audit and risk experience, now on demand
          </h2>
          <p className="mt-4 leading-7 opacity-90">
            We have helped more than 50 organizations across 25+ industries prepare for audits, run their risk programmes and prove
            compliance, cutting their compliance costs by up to 80%. Our AI agents reach 99.5% accuracy, and a person still signs off every
            deliverable.
          </p>
        </div>
        <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5">
          {ABOUT_FIGURES.map(({ value, label, icon: Icon }) => (
            <div
              key={label}
              className="flex flex-col rounded-xl bg-primary-foreground/10 p-5 ring-1 ring-primary-foreground/20 last:col-span-2 sm:last:col-span-1"
            >
              <Icon className="size-5 opacity-80" aria-hidden />
              {/* The label comes first for screen readers (dt before dd); the figure shows first. */}
              <dt className="order-2 mt-1 text-sm opacity-90">{label}</dt>
              <dd className="order-1 mt-3 text-2xl font-bold tabular-nums">{value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
