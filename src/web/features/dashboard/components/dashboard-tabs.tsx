import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { ErrorBoundary } from '../../../components/errors/error-fallbacks.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { DASHBOARD_TABS, type DashboardTab } from '../../../../shared/workspace-links.ts';
import { TAB_LABELS } from '../dashboard-search.ts';

/** The dashboard's tabs, driven by `?tab=`; the route supplies each panel. */
export function DashboardTabs({ tab, panels }: { tab: DashboardTab; panels: Record<DashboardTab, ReactNode> }) {
  const [, setParams] = useSearchParams();
  return (
    <Tabs
      value={tab}
      onValueChange={(value) =>
        setParams((current) => {
          const next = new URLSearchParams(current);
          next.set('tab', value);
          // The builder, its template, a plan and a section each belong to one tab only.
          for (const name of ['view', 'template', 'plan', 'section', 'framework', 'from', 'status', 'state', 'control', 'questionnaire'])
            next.delete(name);
          return next;
        })
      }
      activationMode="manual"
    >
      <div className="-mx-1 overflow-x-auto px-1 pb-1">
        <TabsList aria-label="Dashboard sections">
          {DASHBOARD_TABS.map((value) => (
            <TabsTrigger key={value} value={value}>
              {TAB_LABELS[value]}
            </TabsTrigger>
          ))}
        </TabsList>
      </div>
      {DASHBOARD_TABS.map((value) => (
        <TabsContent key={value} value={value}>
          {/* product.md §8: one failing panel leaves the tabs and the page usable. */}
          {value === tab ? <ErrorBoundary level="component">{panels[value]}</ErrorBoundary> : null}
        </TabsContent>
      ))}
    </Tabs>
  );
}
