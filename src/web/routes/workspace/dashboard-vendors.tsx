import { useCan } from '../../features/auth/access.ts';
import { useAuth } from '../../features/auth/auth.tsx';
import { useControls } from '../../features/controls/api/controls-api.ts';
import { registerExport } from '../../features/registers/api/registers-api.ts';
import { DownloadButton } from '../../features/registers/components/download-button.tsx';
import { ImportDialog } from '../../features/registers/components/import-dialog.tsx';
import { VendorQuestionnairesPanel } from '../../features/vendor-questionnaires/components/vendor-questionnaires-panel.tsx';
import { VendorRegister } from '../../features/vendors/components/vendor-register.tsx';
import { ProgrammeOrganizationGate, ProgrammeOrganizationPicker, useProgrammeOrganization } from './programme-organization.tsx';

function Vendors({ organizationId }: { organizationId: string | undefined }) {
  const { access } = useAuth();
  const canWrite = useCan({ permission: 'vendors:write' });
  const options = useControls(organizationId, {}, { enabled: canWrite });
  const controls = (options.data?.controls ?? []).map(({ id, title }) => ({ id, title }));
  const me = access ? { id: access.userId, name: `Me (${access.email})` } : null;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-2">
        <DownloadButton request={registerExport('vendors', organizationId)} label="Export vendors (CSV)">
          Export CSV
        </DownloadButton>
        {canWrite ? <ImportDialog register="vendors" organizationId={organizationId} /> : null}
      </div>
      <VendorRegister
        organizationId={organizationId}
        controls={controls}
        me={me}
        canWrite={canWrite}
        vendorExtra={(vendor) => <VendorQuestionnairesPanel vendorId={vendor.id} tier={vendor.tier} canWrite={canWrite} />}
      />
    </div>
  );
}

/** tab=vendors: the organization's vendor register (third-party risk); staff first choose the client organization (`org=`). */
export function VendorsTab() {
  const canRead = useCan({ permission: 'vendors:read' });
  const programme = useProgrammeOrganization();
  const { organizationId, picker } = programme;
  return (
    <section aria-labelledby="vendors-heading" className="space-y-6">
      <div className="flex flex-col gap-3 lg:flex-row lg:items-end lg:justify-between">
        <div className="space-y-1">
          <h2 id="vendors-heading" className="text-xl font-semibold">
            Vendors
          </h2>
          <p className="text-sm text-muted-foreground">
            Third parties, the data they see, how critical they are and when they are reviewed.
          </p>
        </div>
        {canRead ? <ProgrammeOrganizationPicker picker={picker} /> : null}
      </div>
      {!canRead ? (
        <p className="rounded-lg border border-dashed border-border p-8 text-center text-sm text-muted-foreground">
          Your role does not include the vendor register.
        </p>
      ) : (
        <ProgrammeOrganizationGate programme={programme}>
          {organizationId === null ? (
            <p className="rounded-lg border border-dashed border-border p-8 text-center text-sm text-muted-foreground">
              Choose a client organization to see its vendors.
            </p>
          ) : (
            <Vendors key={organizationId ?? 'mine'} organizationId={organizationId} />
          )}
        </ProgrammeOrganizationGate>
      )}
    </section>
  );
}
