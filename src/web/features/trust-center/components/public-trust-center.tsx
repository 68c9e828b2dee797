import type { PublicTrustCenter as TrustCenter } from '../../../../shared/schemas/trust-center.ts';
import { LoadFailed } from '../../../components/ui/load-states.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { usePublicTrustCenter } from '../api/public-trust-center.ts';
import { PublicTrustCenterView, TrustCenterNotFound } from './public-trust-center-view.tsx';

/**
 * /trust/<slug>: an organization's public trust center. `initialCenter` is the data the server rendered
 * the page with (embedded in it): the first render then equals the server's HTML and nothing is fetched.
 */
export function PublicTrustCenter({ slug, initialCenter }: { slug: string; initialCenter?: TrustCenter }) {
  const page = usePublicTrustCenter(slug, initialCenter);
  if (page.isPending) return <Spinner label="Loading the trust center" />;
  if (page.isError) {
    if (page.error instanceof ApiError && page.error.status === 404) return <TrustCenterNotFound />;
    return <LoadFailed title="The trust center could not be loaded" onRetry={() => void page.refetch()} />;
  }
  return <PublicTrustCenterView center={page.data} />;
}
