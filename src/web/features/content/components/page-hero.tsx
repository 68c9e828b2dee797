import type { ReactNode } from 'react';

/** The opening of every content page: eyebrow, the page's one h1, the lede and optional actions. */
export function PageHero({
  eyebrow,
  heading,
  lede,
  children,
}: {
  eyebrow: string;
  heading: string;
  lede: string;
  children?: ReactNode;
}) {
  return (
    <section className="relative overflow-hidden border-b border-border bg-gradient-to-b from-muted/80 via-muted/30 to-background">
      <div
        aria-hidden
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(ellipse_at_top_right,color-mix(in_oklch,var(--color-primary)_14%,transparent),transparent_60%)]"
      />
      <div className="relative mx-auto max-w-7xl px-4 py-14 sm:px-6 sm:py-20 lg:px-8 lg:py-24">
        <p className="text-sm font-semibold uppercase tracking-wider text-primary">{eyebrow}</p>
        <h1 className="mt-3 max-w-4xl text-3xl font-bold tracking-tight text-balance sm:text-5xl">{heading}</h1>
        <p className="mt-5 max-w-3xl text-lg leading-8 text-muted-foreground">{lede}</p>
        {children}
      </div>
    </section>
  );
}
