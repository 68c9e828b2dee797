import { useEffect } from 'react';
import { CONTEXT_EVENT, OPEN_EVENT } from './advisor-paths.ts';
import { updateChat } from './chat-store.ts';

/** A context string from an event's detail: a string, or an object with `context`. */
function contextOf(event: Event): string | null {
  const detail: unknown = (event as CustomEvent<unknown>).detail;
  if (typeof detail === 'string') return detail.slice(0, 2000);
  if (detail && typeof detail === 'object' && typeof (detail as { context?: unknown }).context === 'string') {
    return (detail as { context: string }).context.slice(0, 2000);
  }
  return null;
}

/** Window events (product.md §2): 'open-csquare' opens the widget with a context; 'workflow-context-update' changes it. */
export function useAdvisorEvents() {
  useEffect(() => {
    const open = (event: Event) => updateChat((current) => ({ isOpen: true, context: contextOf(event) ?? current.context }));
    const update = (event: Event) => {
      const context = contextOf(event);
      if (context !== null) updateChat({ context });
    };
    window.addEventListener(OPEN_EVENT, open);
    window.addEventListener(CONTEXT_EVENT, update);
    return () => {
      window.removeEventListener(OPEN_EVENT, open);
      window.removeEventListener(CONTEXT_EVENT, update);
    };
  }, []);
}
