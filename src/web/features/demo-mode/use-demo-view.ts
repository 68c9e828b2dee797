import { useSearchParams } from 'react-router';
import { type DemoData, useDemoMode } from './demo-mode.tsx';

/**
 * Whether the workspace shows the sample company: demo mode is on, or the link asked for it with
 * `demo=true` (product.md §2 dashboard query parameters) without turning demo mode on for later visits.
 */
export function useDemoView(): { isShowingDemo: boolean; source: 'mode' | 'link' | null; demoData: DemoData } {
  const { isDemoMode, demoData } = useDemoMode();
  const [params] = useSearchParams();
  const fromLink = params.get('demo') === 'true';
  return {
    isShowingDemo: isDemoMode || fromLink,
    source: isDemoMode ? 'mode' : fromLink ? 'link' : null,
    demoData,
  };
}
