import { AnalyticsPanel, type WorkspaceFigures } from '../../features/dashboard/components/analytics-panel.tsx';
import { useFrameworks } from '../../features/frameworks/api/frameworks-api.ts';
import { useCanReadReadiness, useCanReadRisks } from '../../features/programme-analytics/api/programme-analytics-api.ts';
import { DeliveryFigures } from '../../features/programme-analytics/components/delivery-figures.tsx';
import { ProgrammeTrends } from '../../features/programme-analytics/components/programme-trends.tsx';
import { RiskHeatMaps } from '../../features/programme-analytics/components/risk-heat-maps.tsx';
import { useQualityScores } from '../../features/reviews/api/reviews.ts';
import { useTaskReadAccess, useTaskRequests, useTaskSummary } from '../../features/task-requests/api/task-requests-api.ts';
import { ProgrammeOrganizationPicker, useProgrammeOrganization } from './programme-organization.tsx';

/** The pipeline's figures; mounted only for a role that reads tasks, so nothing is asked otherwise. */
function Delivery({ organizationId, isStaff }: { organizationId: string | null | undefined; isStaff: boolean }) {
  const summary = useTaskSummary(null);
  const quality = useQualityScores();
  const delivered = useTaskRequests({ status: 'delivered' });
  const requests = delivered.data?.requests.filter((request) => !organizationId || request.organization.id === organizationId) ?? null;
  return (
    <DeliveryFigures
      counts={summary.data?.counts ?? null}
      months={quality.data?.months ?? null}
      delivered={requests}
      scopeNote={
        isStaff
          ? 'Counts and quality cover every organization you serve; turnaround covers the organization chosen.'
          : 'Task requests delivered by our team and its agents, with the reviewers’ scores.'
      }
    />
  );
}

/** "Program Analytics": the programme over time, the risk heat map, and delivered work. */
function ProgramAnalytics() {
  const programme = useProgrammeOrganization();
  const { organizationId } = programme;
  const canReadReadiness = useCanReadReadiness();
  const canReadRisks = useCanReadRisks();
  const canReadTasks = useTaskReadAccess() === 'allowed';
  const frameworks = useFrameworks(organizationId === null ? null : organizationId);
  const names = Object.fromEntries((frameworks.data?.frameworks ?? []).map((framework) => [framework.id, framework.name]));
  const hasOrganization = organizationId !== null;
  return (
    <section aria-labelledby="program-analytics-heading" className="space-y-6">
      <div>
        <h2 id="program-analytics-heading" className="text-xl font-semibold">
          Program Analytics
        </h2>
        <p className="mt-1 max-w-2xl text-sm text-muted-foreground">
          Your compliance programme over time, computed from your frameworks, controls, evidence and risks.
        </p>
      </div>
      <ProgrammeOrganizationPicker picker={programme.picker} />
      {!hasOrganization && !programme.isLoading ? (
        <p className="text-sm text-muted-foreground">Choose an organization to see its programme.</p>
      ) : null}
      {hasOrganization && canReadReadiness ? (
        <ProgrammeTrends organizationId={organizationId} frameworkNames={names} canReadRisks={canReadRisks} />
      ) : null}
      {hasOrganization && canReadRisks ? <RiskHeatMaps organizationId={organizationId} /> : null}
      {canReadTasks ? <Delivery organizationId={organizationId} isStaff={programme.picker !== null} /> : null}
    </section>
  );
}

/**
 * Whether any task request is counted (the same task summary the "Delivered work" figures draw); false
 * for a role that does not read task requests (nothing is asked), null while it loads.
 */
function useHasDeliveredWork(): boolean | null {
  const access = useTaskReadAccess();
  const summary = useTaskSummary(null);
  if (access === 'denied') return false;
  if (access === 'loading') return null;
  if (summary.isError) return false;
  if (!summary.data) return null;
  return Object.values(summary.data.counts).some((count) => count > 0);
}

/** The dashboard's analytics tab: the workspace's own figures, then Program Analytics. */
export function AnalyticsTab({ figures }: { figures: WorkspaceFigures | null }) {
  const hasDeliveredWork = useHasDeliveredWork();
  return (
    <div className="space-y-10">
      <AnalyticsPanel figures={figures} hasDeliveredWork={hasDeliveredWork} />
      <ProgramAnalytics />
    </div>
  );
}
