import { OPEN_EVENT } from './advisor-paths.ts';

/** Opens the advisor widget with a context string, the way any page may (product.md §2 'open-csquare'). */
export function openAdvisor(context: string): void {
  window.dispatchEvent(new CustomEvent(OPEN_EVENT, { detail: context }));
}
