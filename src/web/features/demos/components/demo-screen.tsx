import type { ComponentType } from 'react';
import type { DemoCategoryId } from '../demo-categories.ts';
import { AdminOverview } from '../screens/admin-overview.tsx';
import { AgentsList } from '../screens/agents-list.tsx';
import { AnalyticsOverview } from '../screens/analytics-overview.tsx';
import { Communications } from '../screens/communications.tsx';
import { CreateTaskWizard } from '../screens/create-task-wizard.tsx';
import { DashboardOverview } from '../screens/dashboard-overview.tsx';
import { Deliverables } from '../screens/deliverables.tsx';
import { Integrations } from '../screens/integrations.tsx';
import { OutputReview } from '../screens/output-review.tsx';
import { QualityScores } from '../screens/quality-scores.tsx';

const SCREENS: Record<DemoCategoryId, ComponentType> = {
  dashboard: DashboardOverview,
  tasks: CreateTaskWizard,
  agents: AgentsList,
  compliance: QualityScores,
  workflows: OutputReview,
  communications: Communications,
  documents: Deliverables,
  analytics: AnalyticsOverview,
  integrations: Integrations,
  admin: AdminOverview,
};

/** The static demo screen of a category, with its sample data and behaviour. */
export function DemoScreen({ category }: { category: DemoCategoryId }) {
  const Screen = SCREENS[category];
  return <Screen />;
}
