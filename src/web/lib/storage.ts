/**
 * localStorage that never throws: private browsing, disabled storage and prerendering
 * (no window) all read as "nothing stored".
 */
export function readStorage(key: string): string | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string | null): void {
  try {
    if (typeof window === 'undefined') return;
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // storage unavailable: the choice lasts for this page view only
  }
}

export function readJson<T>(key: string, parse: (value: unknown) => T | null): T | null {
  const raw = readStorage(key);
  if (raw === null) return null;
  try {
    return parse(JSON.parse(raw));
  } catch {
    return null;
  }
}
