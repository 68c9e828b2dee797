import { useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useMySupportRequests } from '../api/support-api.ts';
import { NewSupportRequestDialog } from './new-support-request-dialog.tsx';
import { SupportRequestList, threadPath } from './support-request-list.tsx';

/** A client's own support requests, with the button that opens a new one. */
export function MySupportRequests() {
  const navigate = useNavigate();
  const requests = useMySupportRequests(true);
  return (
    <section aria-labelledby="support-requests-heading" className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id="support-requests-heading" className="text-lg font-semibold">
          Your support requests
        </h3>
        <NewSupportRequestDialog onCreated={(created) => void navigate(threadPath(created.id))} />
      </div>
      {requests.isPending ? <Spinner label="Loading your support requests" /> : null}
      {requests.isError ? (
        <Alert role="alert" variant="destructive">
          Your support requests could not be loaded. Try again in a moment.
        </Alert>
      ) : null}
      {requests.data?.requests.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          No support requests yet. Ask our team anything: we answer every request in its own thread.
        </p>
      ) : null}
      {requests.data && requests.data.requests.length > 0 ? (
        <SupportRequestList requests={requests.data.requests} isStaff={false} label="Your support requests" />
      ) : null}
    </section>
  );
}
