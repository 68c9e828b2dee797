/**
 * The fetch handed to SDKs that take one (Octokit) and used by the HTTPS JSON connector: each request
 * bounded by `timeoutMs`, and a 429 or 5xx tried again up to `retries` times, waiting what Retry-After
 * says (capped at `maxWaitMs`) or a short doubling backoff. The last answer is returned as it came, so the
 * SDK's own error says what went wrong.
 */

export interface RetryOptions {
  timeoutMs: number;
  retries?: number;
  maxWaitMs?: number;
}

const RETRIED = (status: number) => status === 429 || status >= 500;

function waitMs(response: Response, attempt: number, maxWaitMs: number): number {
  const header = response.headers.get('retry-after');
  const seconds = header === null ? Number.NaN : Number(header);
  const dated = header && Number.isNaN(seconds) ? Date.parse(header) - Date.now() : Number.NaN;
  const wanted = Number.isFinite(seconds) ? seconds * 1000 : Number.isFinite(dated) ? dated : 250 * 2 ** attempt;
  return Math.max(0, Math.min(wanted, maxWaitMs));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function retryingFetch(options: RetryOptions): typeof fetch {
  const retries = options.retries ?? 3;
  const maxWaitMs = options.maxWaitMs ?? 5_000;
  return async (input, init) => {
    for (let attempt = 0; ; attempt += 1) {
      const timeout = AbortSignal.timeout(options.timeoutMs);
      const signal = init?.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
      const response = await fetch(input, { ...init, signal });
      if (!RETRIED(response.status) || attempt >= retries) return response;
      await response.body?.cancel();
      await sleep(waitMs(response, attempt, maxWaitMs));
    }
  };
}
