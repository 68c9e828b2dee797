import { type MetaArgs, useNavigate, useSearchParams } from 'react-router';
import { ErrorBoundary } from '../../components/errors/error-fallbacks.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs.tsx';
import { AuditTrailViewer } from '../../features/audit/components/audit-trail-viewer.tsx';
import { useEngagements } from '../../features/engagements/api/engagements-api.ts';
import { AuditSamples } from '../../features/engagements/components/audit-samples.tsx';
import { EngagementDashboard } from '../../features/engagements/components/engagement-dashboard.tsx';
import { EngagementsList } from '../../features/engagements/components/engagements-list.tsx';
import { EvidenceReview } from '../../features/engagements/components/evidence-review.tsx';
import { pageMeta } from '../../lib/page-meta.ts';

export const meta = ({ location }: MetaArgs) => pageMeta(location.pathname);

const TABS = ['dashboard', 'review', 'samples', 'trail'] as const;
type Tab = (typeof TABS)[number];

/**
 * /auditor-portal (auditor rank or higher, docs/audit.md): the engagements, and per engagement
 * (`?engagement=<id>&tab=`) the Auditor Dashboard, the Evidence Review Workflow, the samples and the Audit Trail Viewer.
 */
export default function AuditorPortalRoute() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const engagementId = params.get('engagement');
  const tab: Tab = (TABS as readonly string[]).includes(params.get('tab') ?? '') ? (params.get('tab') as Tab) : 'dashboard';
  const engagements = useEngagements();
  const engagement = engagements.data?.engagements.find((row) => row.id === engagementId);
  return (
    <div className="max-w-6xl space-y-6">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Auditor portal</h1>
        <p className="mt-3 text-muted-foreground">
          Fieldwork in one place: the request list, evidence in force during the period, samples, and an audit trail anyone can verify.
        </p>
      </div>
      {engagementId && engagement ? (
        <ErrorBoundary level="component">
          <div className="space-y-4">
            <button type="button" className="text-sm underline underline-offset-4" onClick={() => void navigate('/auditor-portal')}>
              All engagements
            </button>
            <h2 className="text-2xl font-semibold">{engagement.name}</h2>
            <Tabs value={tab} onValueChange={(value) => setParams({ engagement: engagement.id, tab: value })}>
              <TabsList aria-label="Engagement views">
                <TabsTrigger value="dashboard">Dashboard</TabsTrigger>
                <TabsTrigger value="review">Evidence review</TabsTrigger>
                <TabsTrigger value="samples">Samples</TabsTrigger>
                <TabsTrigger value="trail">Audit trail</TabsTrigger>
              </TabsList>
              <TabsContent value="dashboard">
                <EngagementDashboard engagementId={engagement.id} />
              </TabsContent>
              <TabsContent value="review">
                <EvidenceReview engagement={engagement} />
              </TabsContent>
              <TabsContent value="samples">
                <AuditSamples engagement={engagement} />
              </TabsContent>
              <TabsContent value="trail">
                <AuditTrailViewer scope={{ engagementId: engagement.id }} />
              </TabsContent>
            </Tabs>
          </div>
        </ErrorBoundary>
      ) : (
        <ErrorBoundary level="component">
          <EngagementsList onOpened={(id) => setParams({ engagement: id, tab: 'dashboard' })} />
        </ErrorBoundary>
      )}
    </div>
  );
}
