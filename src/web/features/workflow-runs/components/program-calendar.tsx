import { useState } from 'react';
import type { CalendarItem } from '../../../../shared/schemas/workflow-runs.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useProgramCalendar } from '../api/workflow-runs-api.ts';
import { day, when } from '../workflow-words.ts';

const KIND_WORDS = { workflow: 'Workflow', task: 'Task', phase: 'Phase' } as const;
const KIND_TONE = { workflow: 'info', task: 'neutral', phase: 'green' } as const;
const monthFormat = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric' });

function ItemLine({ item }: { item: CalendarItem }) {
  return (
    <li className="flex flex-col gap-1 p-3 sm:flex-row sm:items-center sm:justify-between" data-testid="calendar-item">
      <span className="min-w-0">
        <Badge tone={KIND_TONE[item.kind]}>{KIND_WORDS[item.kind]}</Badge>{' '}
        {item.href ? (
          <a className="font-medium underline-offset-4 hover:underline" href={item.href}>
            {item.title}
          </a>
        ) : (
          <span className="font-medium">{item.title}</span>
        )}
        <span className="block text-sm text-muted-foreground">{item.detail}</span>
      </span>
      <time dateTime={item.at} className="shrink-0 text-sm">
        {when(item.at)}
      </time>
    </li>
  );
}

function ItemList({ items, empty, label }: { items: CalendarItem[]; empty: string; label: string }) {
  if (items.length === 0) return <p className="text-sm text-muted-foreground">{empty}</p>;
  return (
    <ul aria-label={label} className="divide-y divide-border rounded-lg border border-border">
      {items.map((item) => (
        <ItemLine key={`${item.kind}:${item.id}`} item={item} />
      ))}
    </ul>
  );
}

function byMonth(items: CalendarItem[]): [string, CalendarItem[]][] {
  const months = new Map<string, CalendarItem[]>();
  for (const item of items) {
    const key = monthFormat.format(new Date(item.at));
    months.set(key, [...(months.get(key) ?? []), item]);
  }
  return [...months];
}

/** A month's days as a grid, each listing what falls on it. */
function MonthGrid({ month, items }: { month: string; items: CalendarItem[] }) {
  const byDay = new Map<string, CalendarItem[]>();
  for (const item of items) byDay.set(day(item.at), [...(byDay.get(day(item.at)) ?? []), item]);
  return (
    <ul aria-label={`${month}, by day`} className="grid grid-cols-1 gap-2 sm:grid-cols-3 lg:grid-cols-4">
      {[...byDay].map(([date, dayItems]) => (
        <li key={date} className="rounded-md border border-border p-2 text-sm">
          <p className="font-semibold">{date}</p>
          <ul className="mt-1 space-y-1">
            {dayItems.map((item) => (
              <li key={`${item.kind}:${item.id}`}>
                <Badge tone={KIND_TONE[item.kind]}>{KIND_WORDS[item.kind]}</Badge> {item.title}
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}

/** /program-execution: the compliance calendar of the next 12 months, this week, overdue, and the phases to the audit. */
export function ProgramCalendar({ organizationId }: { organizationId: string | null | undefined }) {
  const calendar = useProgramCalendar(organizationId);
  const [view, setView] = useState<'list' | 'month'>('list');
  if (organizationId === null) return <p className="text-sm text-muted-foreground">Choose a client organization to see its calendar.</p>;
  if (calendar.isPending) return <Spinner label="Loading the compliance calendar" />;
  if (calendar.isError) return <p role="alert">{calendar.error.message}</p>;
  const data = calendar.data;
  const months = byMonth(data.upcoming);
  return (
    <div className="space-y-8">
      <div className="grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="due-week-heading" className="space-y-2">
          <h2 id="due-week-heading" className="text-lg font-semibold">
            Due this week ({data.dueThisWeek.length})
          </h2>
          <ItemList items={data.dueThisWeek} empty="Nothing falls due this week." label="Due this week" />
        </section>
        <section aria-labelledby="overdue-heading" className="space-y-2">
          <h2 id="overdue-heading" className="text-lg font-semibold">
            Overdue ({data.overdue.length})
          </h2>
          <ItemList items={data.overdue} empty="Nothing is overdue." label="Overdue" />
        </section>
      </div>
      <section aria-labelledby="phases-heading" className="space-y-2">
        <h2 id="phases-heading" className="text-lg font-semibold">
          Phases to the audit
        </h2>
        <ItemList items={data.phases} empty="Set a target date on an active framework to plan the phases to its audit." label="Phases" />
      </section>
      <section aria-labelledby="upcoming-heading" className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="upcoming-heading" className="text-lg font-semibold">
            The next 12 months ({data.upcoming.length})
          </h2>
          <div role="group" aria-label="Calendar view" className="flex gap-1">
            <Button
              type="button"
              size="sm"
              variant={view === 'list' ? 'default' : 'outline'}
              aria-pressed={view === 'list'}
              onClick={() => setView('list')}
            >
              List
            </Button>
            <Button
              type="button"
              size="sm"
              variant={view === 'month' ? 'default' : 'outline'}
              aria-pressed={view === 'month'}
              onClick={() => setView('month')}
            >
              Month
            </Button>
          </div>
        </div>
        <p className="text-sm text-muted-foreground">Times in {data.timeZone}.</p>
        {months.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nothing scheduled: publish a scheduled workflow to fill the calendar.</p>
        ) : null}
        {months.map(([month, items]) => (
          <section key={month} aria-label={month} className="space-y-2">
            <h3 className="font-semibold">{month}</h3>
            {view === 'list' ? <ItemList items={items} empty="" label={month} /> : <MonthGrid month={month} items={items} />}
          </section>
        ))}
      </section>
    </div>
  );
}
