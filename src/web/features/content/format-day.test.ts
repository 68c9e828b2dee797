import { describe, expect, it } from 'vitest';
import { formatDay } from './format-day.ts';

describe('formatDay', () => {
  it("writes a content page's day month-first, as Intl's en-GB long format does", () => {
    expect(formatDay('2026-11-02')).toBe('2 November 2026');
  });
});
