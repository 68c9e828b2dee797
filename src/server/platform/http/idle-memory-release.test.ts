import { execFile } from 'node:child_process';
import { EventEmitter } from 'node:events';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GROWTH_BYTES, MIN_INTERVAL_MS, type MemoryFigures, shouldRelease, startIdleMemoryRelease } from './idle-memory-release.ts';

const MB = 1024 * 1024;
const memory = (outside: number): MemoryFigures => ({ rss: 200 * MB + outside, heapTotal: 150 * MB, external: 50 * MB });

describe('shouldRelease', () => {
  const facts = {
    requestsSinceRelease: 500,
    requestsInLastCheck: 0,
    memory: memory(300 * MB),
    baselineOutsideHeap: 100 * MB,
    msSinceLastRelease: Number.POSITIVE_INFINITY,
  };

  it('collects when a burst has ended and the memory outside the heap has grown', () => {
    expect(shouldRelease(facts)).toBe(true);
  });

  it('waits while requests still come, when none came since the last collection, or when it is recent', () => {
    expect(shouldRelease({ ...facts, requestsInLastCheck: 3 })).toBe(false);
    expect(shouldRelease({ ...facts, requestsSinceRelease: 0 })).toBe(false);
    expect(shouldRelease({ ...facts, msSinceLastRelease: MIN_INTERVAL_MS - 1 })).toBe(false);
  });

  it('after a first collection, leaves memory that has not grown by the threshold over what it left alone', () => {
    expect(shouldRelease({ ...facts, memory: memory(100 * MB + GROWTH_BYTES - 1) })).toBe(false);
    expect(shouldRelease({ ...facts, memory: memory(100 * MB + GROWTH_BYTES) })).toBe(true);
    // Before any collection what the pool holds is unknown: the first burst's end collects.
    expect(shouldRelease({ ...facts, memory: memory(1), baselineOutsideHeap: null })).toBe(true);
  });
});

describe('startIdleMemoryRelease', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  function harness(outside: { value: number }) {
    vi.useFakeTimers();
    const server = new EventEmitter();
    const gc = vi.fn(async () => {
      outside.value = 120 * MB; // what a release leaves
    });
    const freed: number[] = [];
    const release = startIdleMemoryRelease(server, gc as unknown as NodeJS.GCFunction, {
      readMemory: () => memory(outside.value),
      now: () => Date.now(),
      onRelease: (bytes) => freed.push(bytes),
    });
    const requests = (count: number) => {
      for (let i = 0; i < count; i += 1) server.emit('request');
    };
    return { server, gc, freed, release, requests };
  }

  it('collects once after a burst ends, with the last-resort flavour, and then only when memory grows anew', async () => {
    const outside = { value: 330 * MB }; // the pool after a burst
    const { gc, freed, release, requests } = harness(outside);
    await vi.advanceTimersByTimeAsync(5_000); // no request yet: nothing to do
    expect(gc).not.toHaveBeenCalled();
    requests(200);
    await vi.advanceTimersByTimeAsync(5_000); // requests came in this check: wait
    expect(gc).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(5_000); // the first quiet check after the burst
    expect(gc).toHaveBeenCalledTimes(1);
    expect(gc).toHaveBeenCalledWith({ type: 'major', flavor: 'last-resort', execution: 'async' });
    expect(freed).toEqual([210 * MB]);
    // Another burst within a minute that leaves as much behind: not before MIN_INTERVAL_MS.
    requests(50);
    outside.value = 330 * MB;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(gc).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(MIN_INTERVAL_MS);
    expect(gc).toHaveBeenCalledTimes(2);
    // A burst that leaves less than GROWTH_BYTES over what the last collection left (120 MB): no collection.
    await vi.advanceTimersByTimeAsync(MIN_INTERVAL_MS);
    requests(10);
    outside.value = 120 * MB + GROWTH_BYTES - MB;
    await vi.advanceTimersByTimeAsync(15_000);
    expect(gc).toHaveBeenCalledTimes(2);
    release.stop();
  });

  it('does nothing without requests', async () => {
    const outside = { value: 400 * MB };
    const { gc, release } = harness(outside);
    await vi.advanceTimersByTimeAsync(10 * MIN_INTERVAL_MS);
    expect(gc).not.toHaveBeenCalled();
    release.stop();
  });

  it('without an exposed gc it watches nothing', () => {
    const server = new EventEmitter();
    startIdleMemoryRelease(server, undefined);
    expect(server.listenerCount('request')).toBe(0);
  });
});

it('in a real process, the collection gives the pooled pages of a burst back to the system', async () => {
  // A burst's worth of short-lived objects promoted to the old generation (as in-flight requests are under
  // load), then dropped: V8 pools the pages; the release gives them back.
  const moduleUrl = pathToFileURL(path.join(import.meta.dirname, 'idle-memory-release.ts')).href;
  const script = `
    import { EventEmitter } from 'node:events';
    import { startIdleMemoryRelease } from ${JSON.stringify(moduleUrl)};
    const server = new EventEmitter();
    const mb = (bytes) => Math.round(bytes / 1048576);
    let resolveFreed;
    const released = new Promise((resolve) => { resolveFreed = resolve; });
    const keepAlive = setInterval(() => {}, 1000); // the release's own timer does not hold the process
    const release = startIdleMemoryRelease(server, globalThis.gc, {
      checkMs: 50,
      growthBytes: 16 * 1048576,
      onRelease: (bytes) => { release.stop(); resolveFreed(bytes); },
    });
    server.emit('request');
    let kept = [];
    for (let round = 0; round < 6; round += 1) {
      for (let i = 0; i < 400_000; i += 1) kept.push({ id: i, name: 'request ' + i, payload: [i, i + 1, i + 2] });
      kept = kept.slice(200_000);
    }
    kept = null;
    globalThis.gc({ type: 'major' }); // an ordinary collection: the pages go to V8's pool, not back
    const before = process.memoryUsage().rss;
    const freed = await released;
    clearInterval(keepAlive);
    console.log(JSON.stringify({ before: mb(before), after: mb(process.memoryUsage().rss), freed: mb(freed) }));
  `;
  const { stdout } = await promisify(execFile)(process.execPath, [
    '--expose-gc',
    '--max-semi-space-size=2',
    '--input-type=module',
    '--eval',
    script,
  ]);
  const result = JSON.parse(stdout) as { before: number; after: number; freed: number };
  expect(result.freed).toBeGreaterThan(50);
  expect(result.after).toBeLessThan(result.before - 50);
}, 60_000);
