import { MessageCircle } from 'lucide-react';
import { useSearchParams } from 'react-router';
import type { CatalogueFrameworkId } from '../../../shared/schemas/programme-statuses.ts';
import { Alert, AlertTitle } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import {
  useCanManageFrameworks,
  useCrosswalk,
  useFramework,
  useFrameworkReadAccess,
  useFrameworks,
} from '../../features/frameworks/api/frameworks-api.ts';
import { CrosswalkPicker } from '../../features/frameworks/components/crosswalk-picker.tsx';
import { CrosswalkView } from '../../features/frameworks/components/crosswalk-view.tsx';
import { FrameworkCatalogue } from '../../features/frameworks/components/framework-catalogue.tsx';
import { FrameworkHeader } from '../../features/frameworks/components/framework-header.tsx';
import { RequirementsSection } from '../../features/frameworks/components/requirements-section.tsx';
import { parseFrameworkSearch } from '../../features/frameworks/framework-search.ts';
import { ProgrammeOrganizationPicker, useProgrammeOrganization } from './programme-organization.tsx';

type OrganizationInView = string | null | undefined;

function LoadError({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <Alert variant="destructive" role="alert" className="space-y-2">
      <AlertTitle>{what} could not be loaded.</AlertTitle>
      <Button type="button" variant="outline" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </Alert>
  );
}

function Crosswalk({ to, from, organizationId }: { to: CatalogueFrameworkId; from: string; organizationId: OrganizationInView }) {
  const crosswalk = useCrosswalk(to, from, organizationId);
  if (crosswalk.isPending) return <Spinner label="Comparing the frameworks" />;
  if (crosswalk.isError) return <LoadError what="The crosswalk" onRetry={() => void crosswalk.refetch()} />;
  return <CrosswalkView crosswalk={crosswalk.data} />;
}

/** `tab=frameworks&framework=<id>[&from=<id>]`: one framework's requirements, or its crosswalk. */
function FrameworkView({ id, from, organizationId }: { id: CatalogueFrameworkId; from?: string; organizationId: OrganizationInView }) {
  const detail = useFramework(id, organizationId);
  const list = useFrameworks(organizationId);
  const canManage = useCanManageFrameworks();
  if (detail.isPending) return <Spinner label="Loading the framework" />;
  if (detail.isError) return <LoadError what="The framework" onRetry={() => void detail.refetch()} />;
  const hasOrganization = (list.data?.organizationId ?? null) !== null;
  return (
    <section aria-labelledby="framework-heading" className="space-y-6">
      <FrameworkHeader
        framework={detail.data}
        organizationId={organizationId ?? undefined}
        hasOrganization={hasOrganization}
        canManage={canManage}
      />
      {list.data ? <CrosswalkPicker key={from ?? ''} target={detail.data} frameworks={list.data.frameworks} from={from} /> : null}
      {from ? <Crosswalk to={id} from={from} organizationId={organizationId} /> : <RequirementsSection framework={detail.data} />}
    </section>
  );
}

function Catalogue({ organizationId, onAsk }: { organizationId: OrganizationInView; onAsk: (context: string) => void }) {
  const list = useFrameworks(organizationId);
  const canManage = useCanManageFrameworks();
  return (
    <section aria-labelledby="frameworks-heading" className="space-y-4">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h2 id="frameworks-heading" className="text-xl font-semibold">
            Frameworks
          </h2>
          <p className="mt-1 max-w-2xl text-sm text-muted-foreground">
            Each framework’s requirements, the common controls that meet them, and what a second framework adds to the first.
          </p>
        </div>
        <Button type="button" variant="outline" size="sm" onClick={() => onAsk('Frameworks')}>
          <MessageCircle aria-hidden /> Ask the advisor
        </Button>
      </div>
      {list.isPending ? (
        <Spinner label="Loading the catalogue" />
      ) : list.isError ? (
        <LoadError what="The framework catalogue" onRetry={() => void list.refetch()} />
      ) : (
        <FrameworkCatalogue list={list.data} organizationId={organizationId ?? undefined} canManage={canManage} />
      )}
    </section>
  );
}

/**
 * The dashboard's frameworks tab: the catalogue with activation, a framework's page
 * (`framework=<id>`) and its crosswalk (`from=<id>`). Staff choose the organization first.
 */
export function FrameworksPanel({ onAsk }: { onAsk: (context: string) => void }) {
  const [params] = useSearchParams();
  const search = parseFrameworkSearch(params);
  const programme = useProgrammeOrganization();
  const access = useFrameworkReadAccess();
  if (access === 'denied') {
    return (
      <p className="rounded-lg border border-border bg-muted/40 p-4 text-sm text-muted-foreground">Frameworks are not part of your role.</p>
    );
  }
  return (
    <div className="space-y-4">
      <ProgrammeOrganizationPicker picker={programme.picker} />
      {programme.isLoading || access === 'loading' ? (
        <Spinner label="Loading the frameworks" />
      ) : search.framework ? (
        <FrameworkView key={search.framework} id={search.framework} from={search.from} organizationId={programme.organizationId} />
      ) : (
        <Catalogue organizationId={programme.organizationId} onAsk={onAsk} />
      )}
    </div>
  );
}
