import { describe, expect, it } from 'vitest';
import { dsarClock } from './dsar-clock.ts';

const dueAt = '2026-12-20T09:30:00.000Z';

describe('dsarClock', () => {
  it('counts the days left, or late, while the request is open', () => {
    expect(dsarClock({ dueAt, completedAt: null, now: new Date('2026-11-25T23:00:00Z') })).toEqual({
      text: 'Due in 25 days',
      tone: 'neutral',
    });
    expect(dsarClock({ dueAt, completedAt: null, now: new Date('2026-12-19T08:00:00Z') })).toEqual({
      text: 'Due in 1 day',
      tone: 'yellow',
    });
    expect(dsarClock({ dueAt, completedAt: null, now: new Date('2026-12-20T23:59:00Z') }).text).toBe('Due today');
    expect(dsarClock({ dueAt, completedAt: null, now: new Date('2026-12-23T01:00:00Z') })).toEqual({ text: '3 days overdue', tone: 'red' });
  });

  it('keeps the clock visible once handled: before, on or after the deadline', () => {
    expect(dsarClock({ dueAt, completedAt: '2026-12-15T12:00:00.000Z' })).toEqual({
      text: 'Handled 5 days before the deadline',
      tone: 'green',
    });
    expect(dsarClock({ dueAt, completedAt: '2026-12-20T12:00:00.000Z' }).text).toBe('Handled on the deadline day');
    expect(dsarClock({ dueAt, completedAt: '2026-12-22T12:00:00.000Z' })).toEqual({
      text: 'Handled 2 days after the deadline',
      tone: 'red',
    });
  });
});
