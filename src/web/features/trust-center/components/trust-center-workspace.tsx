import { ExternalLink } from 'lucide-react';
import { LoadFailed } from '../../../components/ui/load-states.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useTrustCenterSettings } from '../api/trust-center-settings.ts';
import { TrustAccessRequests } from './trust-access-requests.tsx';
import { TrustCenterSettingsForm } from './trust-center-settings-form.tsx';
import { TrustDocumentsAdder } from './trust-documents-adder.tsx';

const section = 'rounded-xl border border-border bg-card p-5 sm:p-6';

/** The organization's trust center in the workspace: settings and documents, then prospects' requests. */
export function TrustCenterWorkspace({ organizationId }: { organizationId: string | undefined }) {
  const settings = useTrustCenterSettings(organizationId);
  if (settings.isPending) return <Spinner label="Loading the trust center" />;
  if (settings.isError) return <LoadFailed title="The trust center could not be loaded" onRetry={() => void settings.refetch()} />;
  const data = settings.data;
  return (
    <div className="grid gap-6">
      {data.enabled && data.updatedAt ? (
        <p className="text-sm">
          <a
            href={`/trust/${data.slug}`}
            target="_blank"
            rel="noreferrer"
            className="inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline"
          >
            Open the public page <ExternalLink className="size-4" aria-hidden />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        </p>
      ) : null}
      <section aria-labelledby="trust-settings" className={section}>
        <h2 id="trust-settings" className="mb-4 text-xl font-semibold">
          Settings and documents
        </h2>
        <TrustCenterSettingsForm settings={data} organizationId={organizationId} />
      </section>
      <section aria-labelledby="trust-add" className={section}>
        <h2 id="trust-add" className="mb-4 text-xl font-semibold">
          Add documents
        </h2>
        <TrustDocumentsAdder settings={data} organizationId={organizationId} />
      </section>
      <section aria-labelledby="trust-requests" className={section}>
        <h2 id="trust-requests" className="mb-4 text-xl font-semibold">
          Access requests
        </h2>
        <TrustAccessRequests organizationId={organizationId} />
      </section>
    </div>
  );
}
