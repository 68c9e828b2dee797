import type { EventEmitter } from 'node:events';

/**
 * Gives memory back to the system once a burst of requests is over (issue 34, item 5; docs/dashboard.md,
 * "Memory after a burst").
 *
 * Under load V8 promotes the in-flight requests' objects to the old generation, grows it, and after
 * collecting them keeps the freed pages in a pool for reuse. Only its memory reducer releases that pool,
 * and it waits for a low allocation rate; a server polling its job queues every second never gets
 * that low, so after 64 connections of dashboard reads ~200 MB of pooled pages stayed resident for the
 * life of the process (`--trace-gc`: "pooled: 216 MB", the reducer saying "high alloc" every 8 s).
 *
 * So every CHECK_MS this looks at the process: when requests came since the last collection and none
 * came in the last CHECK_MS, it runs one memory-reducing collection (V8's "last resort": the pool is
 * released), at most once per MIN_INTERVAL_MS. After the first, it waits until the resident memory
 * outside the heap (`rss − heapTotal − external`: mostly that pool) has grown by GROWTH_BYTES over what
 * the last collection left. That is ~0.2 s of CPU while nothing is waiting, against ~200 MB given back. It needs `gc`, which Node exposes with
 * `--expose-gc` (`npm run serve` passes it); a server started without it keeps V8's own timing.
 */

export const CHECK_MS = 5_000;
export const MIN_INTERVAL_MS = 30_000;
export const GROWTH_BYTES = 64 * 1024 * 1024;

export interface MemoryFigures {
  rss: number;
  heapTotal: number;
  external: number;
}

/** Resident memory V8's heap does not account for: its page pool, native buffers, code. */
export const outsideHeap = (memory: MemoryFigures): number => memory.rss - memory.heapTotal - memory.external;

export interface ReleaseFacts {
  /** Requests since the last collection (or since start). */
  requestsSinceRelease: number;
  /** Requests in the last CHECK_MS. */
  requestsInLastCheck: number;
  memory: MemoryFigures;
  /** `outsideHeap` right after the last collection; null before the first (what the pool holds is unknown). */
  baselineOutsideHeap: number | null;
  msSinceLastRelease: number;
}

/** Whether to collect now: a burst has ended, the pool has grown, and the last collection is not recent. */
export function shouldRelease(facts: ReleaseFacts, limits = { growthBytes: GROWTH_BYTES, minIntervalMs: MIN_INTERVAL_MS }): boolean {
  return (
    facts.requestsSinceRelease > 0 &&
    facts.requestsInLastCheck === 0 &&
    (facts.baselineOutsideHeap === null || outsideHeap(facts.memory) - facts.baselineOutsideHeap >= limits.growthBytes) &&
    facts.msSinceLastRelease >= limits.minIntervalMs
  );
}

export interface IdleMemoryRelease {
  stop(): void;
}

/**
 * Watches `server`'s requests and collects as `shouldRelease` says. `gc` undefined (no `--expose-gc`):
 * nothing is watched. `readMemory` and the clock are parameters for the tests.
 */
export function startIdleMemoryRelease(
  server: Pick<EventEmitter, 'on' | 'off'>,
  gc: NodeJS.GCFunction | undefined,
  options: {
    readMemory?: () => MemoryFigures;
    now?: () => number;
    checkMs?: number;
    minIntervalMs?: number;
    growthBytes?: number;
    onRelease?: (freedBytes: number) => void;
  } = {},
): IdleMemoryRelease {
  if (!gc) return { stop: () => {} };
  const readMemory = options.readMemory ?? (() => process.memoryUsage());
  const now = options.now ?? Date.now;
  let requests = 0;
  let requestsAtLastCheck = 0;
  let requestsAtRelease = 0;
  let lastReleaseAt = Number.NEGATIVE_INFINITY;
  let baseline: number | null = null;
  let collecting = false;
  const onRequest = () => {
    requests += 1;
  };
  server.on('request', onRequest);
  const timer = setInterval(() => {
    const memory = readMemory();
    const inLastCheck = requests - requestsAtLastCheck;
    requestsAtLastCheck = requests;
    if (collecting) return;
    const release = shouldRelease(
      {
        requestsSinceRelease: requests - requestsAtRelease,
        requestsInLastCheck: inLastCheck,
        memory,
        baselineOutsideHeap: baseline,
        msSinceLastRelease: now() - lastReleaseAt,
      },
      { growthBytes: options.growthBytes ?? GROWTH_BYTES, minIntervalMs: options.minIntervalMs ?? MIN_INTERVAL_MS },
    );
    if (!release) return;
    collecting = true;
    const before = memory.rss;
    void gc({ type: 'major', flavor: 'last-resort', execution: 'async' })
      .catch(() => undefined)
      .finally(() => {
        collecting = false;
        requestsAtRelease = requests;
        lastReleaseAt = now();
        const after = readMemory();
        // What stays outside the heap after a release is the new floor: the next one waits for growth over it.
        baseline = outsideHeap(after);
        options.onRelease?.(before - after.rss);
      });
  }, options.checkMs ?? CHECK_MS);
  timer.unref();
  return {
    stop: () => {
      clearInterval(timer);
      server.off('request', onRequest);
    },
  };
}
