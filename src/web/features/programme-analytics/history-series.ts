import {
  type ProgrammeCountGroup,
  RISK_BAND_LEVELS,
  type ReadinessHistory,
  programmeCountKey,
} from '../../../shared/schemas/frameworks.ts';
import { CONTROL_STATUSES, CONTROL_STATUS_LABELS, EVIDENCE_STATES } from '../../../shared/schemas/programme-statuses.ts';

/**
 * Chart rows from /api/v1/readiness/history: one row per day, one column per series. The same rows
 * feed the chart and its table of numbers, so both always say the same thing.
 */
export interface Series {
  key: string;
  label: string;
  color: string;
}
export interface SeriesTable {
  series: Series[];
  rows: ({ day: string } & Record<string, number | string | null>)[];
}

/** The organization-wide counts sit on the '*' rows. */
export const PROGRAMME_ROW = '*';

const FRAMEWORK_COLORS = ['#2563eb', '#059669', '#d97706', '#7c3aed', '#db2777', '#0891b2', '#65a30d', '#dc2626'];

export function readinessSeries(history: ReadinessHistory, names: Readonly<Record<string, string>>): SeriesTable {
  const points = history.points.filter((point) => point.frameworkId !== PROGRAMME_ROW);
  const ids = [...new Set(points.map((point) => point.frameworkId))];
  const byDay = new Map<string, Record<string, number | null>>();
  for (const point of points) byDay.set(point.day, { ...byDay.get(point.day), [point.frameworkId]: point.score });
  return {
    series: ids.map((id, index) => ({
      key: id,
      label: names[id] ?? id,
      color: FRAMEWORK_COLORS[index % FRAMEWORK_COLORS.length] ?? '#2563eb',
    })),
    rows: [...byDay.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([day, scores]) => ({ day, ...Object.fromEntries(ids.map((id) => [id, scores[id] ?? null])) })),
  };
}

const GREEN = '#059669';
const AMBER = '#d97706';
const RED = '#dc2626';
const GREY = '#94a3b8';

/** The series of each group of organization-wide counts, in the order they stack. */
export const PROGRAMME_SERIES: Record<ProgrammeCountGroup, Series[]> = {
  controls: CONTROL_STATUSES.map((status) => ({
    key: status,
    label: CONTROL_STATUS_LABELS[status],
    color: { not_started: GREY, in_progress: AMBER, implemented: GREEN, stale: RED, failing: RED }[status],
  })),
  evidence: EVIDENCE_STATES.map((state) => ({
    key: state,
    label: { current: 'Current', expiring: 'Expiring', stale: 'Stale' }[state],
    color: { current: GREEN, expiring: AMBER, stale: RED }[state],
  })),
  risks: RISK_BAND_LEVELS.map((band) => ({
    key: band,
    label: { low: 'Low', medium: 'Medium', high: 'High' }[band],
    color: { low: GREEN, medium: AMBER, high: RED }[band],
  })),
};

/** `controls.implemented`, read leniently (`controls_implemented`, `controlsImplemented`) so a renamed key still shows. */
function countOf(programme: Record<string, number>, group: ProgrammeCountGroup, key: string): number {
  const camel = `${group}${key.replace(/(^|_)(\w)/g, (_, __, letter: string) => letter.toUpperCase())}`;
  for (const name of [programmeCountKey(group, key), `${group}_${key}`, camel]) {
    const value = programme[name];
    if (typeof value === 'number') return value;
  }
  return 0;
}

export function programmeSeries(history: ReadinessHistory, group: ProgrammeCountGroup): SeriesTable {
  const series = PROGRAMME_SERIES[group];
  return {
    series,
    rows: history.points
      .filter((point) => point.frameworkId === PROGRAMME_ROW)
      .sort((a, b) => a.day.localeCompare(b.day))
      .map((point) => ({ day: point.day, ...Object.fromEntries(series.map(({ key }) => [key, countOf(point.programme, group, key)])) })),
  };
}

/** '25 Nov' for a chart axis; the table says the year too. */
export function formatAxisDay(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
}

export function formatTableDay(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
}

/** Delivered requests' turnaround by month: the median days from the request to its delivery. */
export function turnaroundByMonth(requests: readonly { createdAt: string; updatedAt: string }[]): SeriesTable {
  const byMonth = new Map<string, number[]>();
  for (const request of requests) {
    const days = (Date.parse(request.updatedAt) - Date.parse(request.createdAt)) / 86_400_000;
    const month = request.updatedAt.slice(0, 7);
    byMonth.set(month, [...(byMonth.get(month) ?? []), days]);
  }
  return {
    series: [
      { key: 'median', label: 'Median days', color: '#2563eb' },
      { key: 'delivered', label: 'Delivered', color: GREY },
    ],
    rows: [...byMonth.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([month, days]) => ({ day: month, median: Math.round(median(days) * 10) / 10, delivered: days.length })),
  };
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}
