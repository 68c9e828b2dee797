/**
 * The item a key moves focus to among `items` (WAI-ARIA composite widgets): the arrow keys of the
 * orientation step to the next or previous item, wrapping around; Home and End jump to the ends.
 * Undefined for any other key, or when `current` is not one of the items.
 */
export function rovingFocusTarget<T>(items: readonly T[], current: T, key: string, orientation: 'horizontal' | 'vertical'): T | undefined {
  const index = items.indexOf(current);
  if (index < 0) return undefined;
  const [previous, next] = orientation === 'horizontal' ? ['ArrowLeft', 'ArrowRight'] : ['ArrowUp', 'ArrowDown'];
  if (key === next) return items[(index + 1) % items.length];
  if (key === previous) return items[(index - 1 + items.length) % items.length];
  if (key === 'Home') return items[0];
  if (key === 'End') return items.at(-1);
  return undefined;
}
