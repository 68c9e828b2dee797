import type { MetaArgs } from 'react-router';
import { TrustCenterWorkspace } from '../../features/trust-center/components/trust-center-workspace.tsx';
import { pageMeta } from '../../lib/page-meta.ts';
import { ProgrammeOrganizationGate, ProgrammeOrganizationPicker, useProgrammeOrganization } from './programme-organization.tsx';

export const meta = ({ location }: MetaArgs) => pageMeta(location.pathname);

/** /trust-center: the organization's public trust center, its documents and prospects' requests (docs/trust-center.md). */
export default function TrustCenterRoute() {
  const programme = useProgrammeOrganization();
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Trust center</h1>
        <p className="mt-2 text-muted-foreground">
          A public page with your frameworks, controls and documents. Restricted documents are shared under your NDA, for a limited time.
        </p>
      </div>
      <ProgrammeOrganizationPicker picker={programme.picker} />
      <ProgrammeOrganizationGate programme={programme}>
        {programme.organizationId === null ? (
          <p className="text-muted-foreground">Choose a client organization.</p>
        ) : (
          <TrustCenterWorkspace key={programme.organizationId ?? 'own'} organizationId={programme.organizationId} />
        )}
      </ProgrammeOrganizationGate>
    </div>
  );
}
