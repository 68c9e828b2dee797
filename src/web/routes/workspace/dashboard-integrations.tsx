import { isIntegrationAdmin } from '../../../shared/schemas/integrations.ts';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useAuth } from '../../features/auth/auth.tsx';
import { IntegrationsScreen } from '../../features/integrations/components/integrations-screen.tsx';
import { SsoSection } from '../../features/sso/components/sso-section.tsx';
import { ProgrammeOrganizationPicker, useProgrammeOrganization } from './programme-organization.tsx';

/** tab=integrations: the integration admin's screen for the organization chosen (a client's own; staff pick one). */
export function IntegrationsTab() {
  const { access, accessStatus } = useAuth();
  const { organizationId, picker, isLoading } = useProgrammeOrganization();
  if (accessStatus === 'loading' || accessStatus === 'idle' || isLoading) return <Spinner label="Loading the integrations" />;
  const canManage = access ? isIntegrationAdmin(access) : false;
  return (
    <IntegrationsScreen canManage={canManage} organizationId={organizationId} picker={<ProgrammeOrganizationPicker picker={picker} />}>
      {organizationId === null ? null : <SsoSection organizationId={organizationId} />}
    </IntegrationsScreen>
  );
}
