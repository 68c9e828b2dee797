import { expect, it } from 'vitest';
import { once } from './once.ts';

it('once calls its function at the first call only and answers the same value after', () => {
  let calls = 0;
  const load = once(() => {
    calls += 1;
    return { calls };
  });
  expect(calls).toBe(0);
  const first = load();
  expect(load()).toBe(first);
  expect(calls).toBe(1);
});

it('once keeps an undefined answer too', () => {
  let calls = 0;
  const load = once(() => {
    calls += 1;
  });
  load();
  load();
  expect(calls).toBe(1);
});
