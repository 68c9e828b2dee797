/**
 * Scrolls the nearest horizontally scrolling ancestor of `element` just enough to show it, and nothing
 * else: unlike `scrollIntoView`, the page itself never moves. A tab list wider than a phone scrolls
 * sideways; opened on its fifth tab (`/admin` with `tab=events`), the selected tab would otherwise sit out of
 * sight, and the user could not tell where they are.
 */
export function revealInScroller(element: HTMLElement): void {
  const scroller = horizontalScroller(element);
  if (!scroller) return;
  const box = element.getBoundingClientRect();
  const frame = scroller.getBoundingClientRect();
  if (box.left < frame.left) scroller.scrollLeft -= frame.left - box.left;
  else if (box.right > frame.right) scroller.scrollLeft += Math.min(box.right - frame.right, box.left - frame.left);
}

function horizontalScroller(element: HTMLElement): HTMLElement | null {
  for (let parent = element.parentElement; parent; parent = parent.parentElement) {
    const { overflowX } = getComputedStyle(parent);
    if ((overflowX === 'auto' || overflowX === 'scroll') && parent.scrollWidth > parent.clientWidth) return parent;
  }
  return null;
}
