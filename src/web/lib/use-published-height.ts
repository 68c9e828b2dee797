import { useLayoutEffect } from 'react';

/** A CSS custom property's name. */
export type CustomProperty = `--${string}`;

/**
 * Publishes `element`'s height (its border box, in whole pixels, rounded up) as `property` on
 * <html> while the element is mounted, and removes it when the element goes: something fixed over
 * the page (the cookie banner, the advisor's dock) tells the CSS how much room to keep clear for it
 * (app.css). An element hidden by CSS measures 0. A layout effect, so the room is there in the same
 * frame the element first paints in.
 *
 * Pass the element itself (from a callback ref kept in state), not a ref object: the effect must run
 * again when a conditionally rendered element appears or goes.
 */
export function usePublishedHeight(element: HTMLElement | null, property: CustomProperty): void {
  useLayoutEffect(() => {
    if (!element) return;
    const root = document.documentElement;
    const publish = () => root.style.setProperty(property, `${Math.ceil(element.getBoundingClientRect().height)}px`);
    publish();
    // Without ResizeObserver (old browsers, jsdom) the first measure stands.
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(publish);
    observer?.observe(element, { box: 'border-box' });
    return () => {
      observer?.disconnect();
      root.style.removeProperty(property);
    };
  }, [element, property]);
}
