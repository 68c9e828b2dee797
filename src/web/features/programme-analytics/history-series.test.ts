import { expect, it } from 'vitest';
import { programmeSeries, readinessSeries, turnaroundByMonth } from './history-series.ts';

const at = (day: string, frameworkId: string, score: number, programme: Record<string, number> = {}) => ({
  day,
  frameworkId,
  score,
  counts: {},
  programme,
});

it('puts each framework in a column by day, in day order, with a gap where a day has no snapshot', () => {
  const table = readinessSeries(
    {
      organizationId: '0f3c9a52-7d1e-4b6a-8c2f-5e4d3c2b1a09',
      points: [at('2026-11-25', 'soc2', 62), at('2026-11-24', 'gdpr', 10), at('2026-11-24', 'soc2', 40)],
    },
    { soc2: 'SOC 2' },
  );
  expect(table.series.map((series) => series.label)).toEqual(['SOC 2', 'gdpr']);
  expect(table.rows).toEqual([
    { day: '2026-11-24', soc2: 40, gdpr: 10 },
    { day: '2026-11-25', soc2: 62, gdpr: null },
  ]);
});

it('reads the organization-wide counts from the * rows by `group.key`, and leniently by `group_key` or camel case', () => {
  const history = {
    organizationId: '0f3c9a52-7d1e-4b6a-8c2f-5e4d3c2b1a09',
    points: [
      at('2026-11-24', '*', 0, { 'controls.implemented': 5, controls_not_started: 7, controlsInProgress: 2 }),
      at('2026-11-24', 'soc2', 40, { 'controls.implemented': 99 }),
    ],
  };
  expect(programmeSeries(history, 'controls').rows).toEqual([
    { day: '2026-11-24', not_started: 7, in_progress: 2, implemented: 5, stale: 0, failing: 0 },
  ]);
});

it('takes the median turnaround of the month each request was delivered', () => {
  const table = turnaroundByMonth([
    { createdAt: '2026-10-30T00:00:00Z', updatedAt: '2026-11-02T00:00:00Z' },
    { createdAt: '2026-11-01T00:00:00Z', updatedAt: '2026-11-02T12:00:00Z' },
    { createdAt: '2026-11-01T00:00:00Z', updatedAt: '2026-11-11T00:00:00Z' },
  ]);
  expect(table.rows).toEqual([{ day: '2026-11', median: 3, delivered: 3 }]);
});
