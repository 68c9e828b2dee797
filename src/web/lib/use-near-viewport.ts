import { useEffect, useState } from 'react';

/**
 * True once `element` comes within `margin` of the viewport (and from then on): a block below the
 * fold fetches its data when the visitor scrolls towards it, not while the page starts. Without
 * IntersectionObserver (old browsers, tests) it is true at once.
 */
export function useIsNearViewport(element: Element | null, margin = '600px'): boolean {
  const [isNear, setNear] = useState(false);
  useEffect(() => {
    if (!element || isNear) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, isNear, margin]);
  return isNear;
}
