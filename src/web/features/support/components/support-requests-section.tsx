import { useSearchParams } from 'react-router';
import { z } from 'zod';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useSupportView } from '../api/support-api.ts';
import { MySupportRequests } from './my-support-requests.tsx';
import { SupportQueue } from './support-queue.tsx';
import { SupportThread } from './support-thread.tsx';

const requestParam = z.uuid();

/**
 * The support tab's requests (docs/support.md): a thread when `?request=<id>` names one; otherwise staff
 * see their queue and clients their own requests.
 */
export function SupportRequestsSection() {
  const [params] = useSearchParams();
  const view = useSupportView();
  const parsed = requestParam.safeParse(params.get('request'));
  if (view === 'loading') return <Spinner label="Loading support requests" />;
  if (view === 'denied') return null;
  if (parsed.success) return <SupportThread key={parsed.data} id={parsed.data} isStaff={view === 'queue'} />;
  return view === 'queue' ? <SupportQueue /> : <MySupportRequests />;
}
