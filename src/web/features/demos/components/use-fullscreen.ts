import { type RefObject, useCallback, useEffect, useState } from 'react';

/**
 * Fullscreen for one element through the Fullscreen API; where the API is missing or refused
 * (iframes, some phones), the element is maximised to the viewport instead, so the toggle
 * always does something visible.
 */
export function useFullscreen(target: RefObject<HTMLElement | null>) {
  const [isFullscreen, setFullscreen] = useState(false);

  useEffect(() => {
    function onChange() {
      setFullscreen(Boolean(document.fullscreenElement) && document.fullscreenElement === target.current);
    }
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, [target]);

  const exit = useCallback(async () => {
    if (document.fullscreenElement) await document.exitFullscreen().catch(() => undefined);
    setFullscreen(false);
  }, []);

  const toggle = useCallback(async () => {
    const element = target.current;
    if (!element) return;
    if (isFullscreen) return exit();
    if (document.fullscreenEnabled && typeof element.requestFullscreen === 'function') {
      try {
        await element.requestFullscreen();
        setFullscreen(true);
        return;
      } catch {
        // refused (no user gesture, permissions policy): fall back to maximising
      }
    }
    setFullscreen(true);
  }, [target, isFullscreen, exit]);

  return { isFullscreen, toggle, exit };
}
