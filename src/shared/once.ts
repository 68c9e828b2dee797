/**
 * `make`, called at the first call only; every later call answers what that first call returned. For a
 * package loaded at first use rather than with the server (decision 012):
 * `const loadMammoth = once(() => import('mammoth'))` imports it once, and callers share the promise.
 */
export function once<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}
