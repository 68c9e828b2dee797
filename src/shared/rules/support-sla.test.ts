import { describe, expect, it } from 'vitest';
import { describeSla, firstResponseDueAt, supportSla } from './support-sla.ts';

const opened = new Date('2026-11-27T08:00:00.000Z');

describe('firstResponseDueAt', () => {
  it('gives urgent 4 h, high 8 h, normal 24 h and low 48 h, around the clock', () => {
    expect(firstResponseDueAt('urgent', opened).toISOString()).toBe('2026-11-27T12:00:00.000Z');
    expect(firstResponseDueAt('high', opened).toISOString()).toBe('2026-11-27T16:00:00.000Z');
    expect(firstResponseDueAt('normal', opened).toISOString()).toBe('2026-11-28T08:00:00.000Z');
    expect(firstResponseDueAt('low', opened).toISOString()).toBe('2026-11-29T08:00:00.000Z');
  });
});

describe('supportSla', () => {
  const dueAt = firstResponseDueAt('urgent', opened);

  it('counts down before the first answer, and past it reports overdue', () => {
    const due = supportSla({ dueAt, firstResponseAt: null }, new Date('2026-11-27T10:40:00.000Z'));
    expect(due).toEqual({ state: 'due', dueAt: '2026-11-27T12:00:00.000Z', remainingMs: 80 * 60_000 });
    expect(describeSla(due)).toBe('1 h 20 min left');
    const overdue = supportSla({ dueAt, firstResponseAt: null }, new Date('2026-11-27T12:45:00.000Z'));
    expect(overdue.state).toBe('overdue');
    expect(overdue.remainingMs).toBe(-45 * 60_000);
    expect(describeSla(overdue)).toBe('45 min overdue');
  });

  it('stops the clock at the first answer: met in time, missed when late', () => {
    const met = supportSla({ dueAt, firstResponseAt: new Date('2026-11-27T11:59:00.000Z') }, new Date('2026-11-30T00:00:00.000Z'));
    expect(met).toEqual({ state: 'met', dueAt: '2026-11-27T12:00:00.000Z', remainingMs: null });
    const missed = supportSla({ dueAt, firstResponseAt: new Date('2026-11-27T12:01:00.000Z') }, new Date('2026-11-27T12:02:00.000Z'));
    expect(missed.state).toBe('missed');
    expect(describeSla(missed)).toBe('Answered late');
  });

  it('words days for long clocks', () => {
    const low = supportSla({ dueAt: firstResponseDueAt('low', opened), firstResponseAt: null }, opened);
    expect(describeSla(low)).toBe('2 d 0 h left');
  });
});
