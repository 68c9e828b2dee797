import { useEffect, useState } from 'react';
import { TIMINGS } from '../../../../shared/constants.ts';
import { usePresentationMode } from '../../presentation/presentation-mode.tsx';

/** True when the visitor asked the system for less motion; false while prerendering. */
export function usePrefersReducedMotion(): boolean {
  const [reduced, setReduced] = useState(false);
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia('(prefers-reduced-motion: reduce)');
    setReduced(query.matches);
    const onChange = (event: MediaQueryListEvent) => setReduced(event.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);
  return reduced;
}

export interface Carousel {
  index: number;
  goTo: (index: number) => void;
  /** The visitor's own pause (the Pause / Play control). */
  isPausedByUser: boolean;
  togglePaused: () => void;
  /** Held still by reduced motion or presentation mode, whatever the control says. */
  isHeldStill: boolean;
  /** Rotating right now. */
  isRotating: boolean;
}

/**
 * Advances every 4 s (product.md §9) unless paused by the visitor, held still by reduced motion or
 * presentation mode, or while the pointer or focus is inside (so nothing moves under the user).
 */
export function useCarousel(
  count: number,
  { isInteracting = false, intervalMs = TIMINGS.heroCarouselMs }: { isInteracting?: boolean; intervalMs?: number } = {},
): Carousel {
  const [index, setIndex] = useState(0);
  const [isPausedByUser, setPausedByUser] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const { isPresentationMode } = usePresentationMode();
  const isHeldStill = reducedMotion || isPresentationMode;
  const isRotating = !isHeldStill && !isPausedByUser && !isInteracting;

  useEffect(() => {
    if (!isRotating) return;
    const timer = window.setInterval(() => setIndex((current) => (current + 1) % count), intervalMs);
    return () => window.clearInterval(timer);
  }, [isRotating, count, intervalMs]);

  return {
    index,
    goTo: (next) => setIndex(((next % count) + count) % count),
    isPausedByUser,
    togglePaused: () => setPausedByUser((paused) => !paused),
    isHeldStill,
    isRotating,
  };
}
