import { ENDPOINT_ACCESS } from '../../../shared/permissions.ts';
import { isIntegrationAdmin } from '../../../shared/schemas/integrations.ts';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useCan } from '../../features/auth/access.ts';
import { useAuth } from '../../features/auth/auth.tsx';
import { ConnectionsSection } from '../../features/connectors/components/connections-section.tsx';
import { IntegrationsScreen } from '../../features/integrations/components/integrations-screen.tsx';
import { ScimSection } from '../../features/integrations/components/scim-section.tsx';
import { SsoSection } from '../../features/sso/components/sso-section.tsx';
import { ProgrammeOrganizationPicker, useProgrammeOrganization } from './programme-organization.tsx';

/**
 * tab=integrations: the integration admin's screen for the organization chosen (a client's own; staff pick
 * one) with its SCIM provisioning and single sign-on, then its Connections (docs/connectors.md) for whoever reads evidence.
 */
export function IntegrationsTab() {
  const { access, accessStatus } = useAuth();
  const { organizationId, picker, isLoading } = useProgrammeOrganization();
  const canReadConnections = useCan(ENDPOINT_ACCESS.readEvidence);
  const canManageConnections = useCan(ENDPOINT_ACCESS.manageConnectors);
  if (accessStatus === 'loading' || accessStatus === 'idle' || isLoading) return <Spinner label="Loading the integrations" />;
  const canManage = access ? isIntegrationAdmin(access) : false;
  return (
    <div className="space-y-10">
      <IntegrationsScreen canManage={canManage} organizationId={organizationId} picker={<ProgrammeOrganizationPicker picker={picker} />}>
        {organizationId === null ? null : (
          <>
            <ScimSection organizationId={organizationId} />
            <SsoSection organizationId={organizationId} />
          </>
        )}
      </IntegrationsScreen>
      {canReadConnections && organizationId !== null ? (
        <ConnectionsSection organizationId={organizationId} canManage={canManageConnections} />
      ) : null}
    </div>
  );
}
