import { CircleCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { headingId } from '../../../../shared/content-markdown.ts';
import type { PageSection } from '../../../../shared/schemas/content.ts';
import { cn } from '../../../lib/cn.ts';
import { ContentIcon } from './content-icon.tsx';

/** A full-width band with a heading; alternate bands are tinted so long pages keep their rhythm. */
export function Band({
  heading,
  intro,
  tinted = false,
  children,
}: {
  heading: string;
  intro?: string;
  tinted?: boolean;
  children: ReactNode;
}) {
  const id = headingId(heading);
  return (
    <section aria-labelledby={id} className={cn('border-b border-border py-14 sm:py-20', tinted && 'bg-muted/40')}>
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <h2 id={id} className="max-w-3xl text-2xl font-bold tracking-tight text-balance sm:text-3xl">
          {heading}
        </h2>
        {intro ? <p className="mt-4 max-w-3xl text-base leading-7 text-muted-foreground">{intro}</p> : null}
        <div className="mt-10">{children}</div>
      </div>
    </section>
  );
}

export function StatsBand({ stats }: { stats: readonly { value: string; label: string }[] }) {
  return (
    <section aria-label="At a glance" className="border-b border-border bg-background">
      <dl className="mx-auto grid max-w-7xl grid-cols-2 gap-x-6 gap-y-8 px-4 py-10 sm:px-6 md:grid-cols-3 lg:flex lg:justify-between lg:px-8">
        {stats.map((stat) => (
          <div key={stat.label} className="flex flex-col-reverse gap-1">
            <dt className="text-sm leading-5 text-muted-foreground">{stat.label}</dt>
            <dd className="text-3xl font-bold tracking-tight text-primary">{stat.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

type Section<S extends PageSection['style']> = Extract<PageSection, { style: S }>;

function Cards({ section }: { section: Section<'cards'> }) {
  return (
    <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
      {section.items.map((item) => (
        <li key={item.title} className="flex flex-col rounded-xl border border-border bg-card p-6 shadow-sm">
          {item.icon ? (
            <span className="mb-4 inline-flex size-10 items-center justify-center rounded-lg bg-primary/10 text-primary">
              <ContentIcon name={item.icon} className="size-5" />
            </span>
          ) : null}
          <h3 className="text-base font-semibold">{item.title}</h3>
          <p className="mt-2 text-sm leading-6 text-muted-foreground">{item.text}</p>
        </li>
      ))}
    </ul>
  );
}

function Checklist({ section }: { section: Section<'list'> }) {
  return (
    <ul className="grid gap-x-10 gap-y-6 md:grid-cols-2">
      {section.items.map((item) => (
        <li key={item.title} className="flex gap-3">
          <CircleCheck className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
          <div>
            <h3 className="font-semibold">{item.title}</h3>
            <p className="mt-1 text-sm leading-6 text-muted-foreground">{item.text}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}

function Steps({ section }: { section: Section<'steps'> }) {
  return (
    <ol className="relative space-y-8 border-l-2 border-primary/25 pl-8 sm:pl-10">
      {section.items.map((item, index) => (
        <li key={item.title} className="relative">
          <span
            aria-hidden
            className="absolute -left-[3.05rem] flex size-9 items-center justify-center rounded-full bg-primary text-sm font-bold text-primary-foreground ring-4 ring-background sm:-left-[3.55rem]"
          >
            {index + 1}
          </span>
          <h3 className="text-lg font-semibold">
            <span className="sr-only">Step {index + 1}: </span>
            {item.title}
          </h3>
          {item.owner || item.duration ? (
            <p className="mt-1 flex flex-wrap gap-2 text-xs font-medium">
              {item.owner ? <span className="rounded-full bg-primary/10 px-2.5 py-1 text-primary">{item.owner}</span> : null}
              {item.duration ? (
                <span className="rounded-full bg-muted px-2.5 py-1 text-muted-foreground">{item.duration}</span>
              ) : null}
            </p>
          ) : null}
          <p className="mt-2 max-w-3xl text-sm leading-6 text-muted-foreground">{item.text}</p>
        </li>
      ))}
    </ol>
  );
}

function Split({ section }: { section: Section<'split'> }) {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      {section.columns.map((column) => (
        <div key={column.title} className="rounded-xl border border-border bg-card p-6 shadow-sm sm:p-8">
          <h3 className="flex items-center gap-3 text-lg font-semibold">
            {column.icon ? (
              <span className="inline-flex size-10 items-center justify-center rounded-lg bg-primary/10 text-primary">
                <ContentIcon name={column.icon} className="size-5" />
              </span>
            ) : null}
            {column.title}
          </h3>
          <ul className="mt-5 space-y-3">
            {column.items.map((item) => (
              <li key={item} className="flex gap-3 text-sm leading-6">
                <CircleCheck className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
                <span>{item}</span>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}

function SectionBody({ section }: { section: PageSection }) {
  switch (section.style) {
    case 'cards':
      return <Cards section={section} />;
    case 'list':
      return <Checklist section={section} />;
    case 'steps':
      return <Steps section={section} />;
    case 'split':
      return <Split section={section} />;
  }
}

/** The structured sections of a page's front matter, in their written order. */
export function PageSections({ sections, firstTinted = false }: { sections: readonly PageSection[]; firstTinted?: boolean }) {
  return sections.map((section, index) => (
    <Band key={section.heading} heading={section.heading} intro={section.intro} tinted={(index % 2 === 0) === firstTinted}>
      <SectionBody section={section} />
    </Band>
  ));
}
