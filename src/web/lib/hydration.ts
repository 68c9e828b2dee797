import { useEffect } from 'react';
import { HYDRATED_ATTRIBUTE, HYDRATED_EVENT } from './hydration-marks.ts';

/**
 * The app announces that it has hydrated: `<html data-hydrated>` and an `app:hydrated` event.
 * Prerendered pages start the app after their first paint (scripts/post-paint-bootstrap.ts); the
 * bootstrap holds clicks and form submissions made before this moment and replays them after it,
 * and the journeys wait for the attribute before they interact with a page.
 */
export { HYDRATED_ATTRIBUTE, HYDRATED_EVENT } from './hydration-marks.ts';

export function useAnnounceHydration() {
  useEffect(() => {
    document.documentElement.setAttribute(HYDRATED_ATTRIBUTE, '');
    window.dispatchEvent(new Event(HYDRATED_EVENT));
  }, []);
}
