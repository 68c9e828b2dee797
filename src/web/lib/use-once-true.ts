import { useState } from 'react';

/**
 * True from the first render in which `value` was true onwards. For overlays whose code loads on
 * first use: closed, they are not mounted at all (no code, no hydration work); once opened, they
 * stay mounted so that closing animates and returns focus as usual.
 */
export function useOnceTrue(value: boolean): boolean {
  const [seen, setSeen] = useState(value);
  if (value && !seen) setSeen(true);
  return seen || value;
}
