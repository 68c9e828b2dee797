import type { MetaArgs } from 'react-router';
import { ProgramAnalytics } from './program-analytics.tsx';
import { ProgramCalendar } from '../../features/workflow-runs/components/program-calendar.tsx';
import { pageMeta } from '../../lib/page-meta.ts';
import { ProgrammeOrganizationGate, ProgrammeOrganizationPicker, useProgrammeOrganization } from './programme-organization.tsx';

export const meta = ({ location }: MetaArgs) => pageMeta(location.pathname);

/** /program-execution: the programme that executes itself — its compliance calendar (docs/workflow-runs.md). */
export default function ProgramExecutionRoute() {
  const programme = useProgrammeOrganization();
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Program execution</h1>
        <p className="mt-2 text-muted-foreground">
          Your compliance calendar: every scheduled workflow and task due in the next 12 months, what is due this week, what is overdue, and
          the phases to your audit.
        </p>
      </div>
      <ProgrammeOrganizationPicker picker={programme.picker} />
      <ProgrammeOrganizationGate programme={programme}>
        <ProgramCalendar organizationId={programme.organizationId} />
        <ProgramAnalytics organizationId={programme.organizationId} />
      </ProgrammeOrganizationGate>
    </div>
  );
}
