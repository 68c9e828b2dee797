import { useId, useState } from 'react';
import {
  type ListSupportQueueQuery,
  SUPPORT_PRIORITIES,
  SUPPORT_PRIORITY_LABELS,
  SUPPORT_STATUSES,
  SUPPORT_STATUS_LABELS,
  type SupportPriority,
} from '../../../../shared/schemas/support.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { NativeSelect } from '../../../components/ui/native-select.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useMyOrganizations } from '../../auth/my-organizations.ts';
import { useSupportQueue } from '../api/support-api.ts';
import { SupportRequestList } from './support-request-list.tsx';

type StatusFilter = ListSupportQueueQuery['status'];
const STATUS_FILTERS: readonly StatusFilter[] = ['active', 'all', ...SUPPORT_STATUSES];

/** The staff queue across the organizations they serve: filters, then what is due first with its SLA clock. */
export function SupportQueue() {
  const id = useId();
  const [status, setStatus] = useState<StatusFilter>('active');
  const [priority, setPriority] = useState<SupportPriority | ''>('');
  const [organizationId, setOrganizationId] = useState('');
  const filters: ListSupportQueueQuery = {
    status,
    ...(priority ? { priority } : {}),
    ...(organizationId ? { organizationId } : {}),
  };
  const queue = useSupportQueue(filters, true);
  const organizations = useMyOrganizations();

  return (
    <section aria-labelledby={`${id}-heading`} className="grid gap-3">
      <h3 id={`${id}-heading`} className="text-lg font-semibold">
        Support queue
      </h3>
      <p className="text-sm text-muted-foreground">Requests of the organizations you serve, the first answer due soonest at the top.</p>
      <div className="grid gap-3 sm:grid-cols-3">
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-status`}>Status</Label>
          <NativeSelect
            id={`${id}-status`}
            value={status}
            onChange={(event) => setStatus(STATUS_FILTERS.find((value) => value === event.target.value) ?? 'active')}
          >
            <option value="active">Active (not resolved or closed)</option>
            <option value="all">All statuses</option>
            {SUPPORT_STATUSES.map((value) => (
              <option key={value} value={value}>
                {value === 'waiting_on_client' ? 'Waiting on the client' : SUPPORT_STATUS_LABELS[value]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-priority`}>Priority</Label>
          <NativeSelect
            id={`${id}-priority`}
            value={priority}
            onChange={(event) => setPriority(SUPPORT_PRIORITIES.find((value) => value === event.target.value) ?? '')}
          >
            <option value="">All priorities</option>
            {SUPPORT_PRIORITIES.map((value) => (
              <option key={value} value={value}>
                {SUPPORT_PRIORITY_LABELS[value]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-organization`}>Organization</Label>
          <NativeSelect id={`${id}-organization`} value={organizationId} onChange={(event) => setOrganizationId(event.target.value)}>
            <option value="">All my organizations</option>
            {(organizations.data?.organizations ?? []).map((organization) => (
              <option key={organization.id} value={organization.id}>
                {organization.name}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>
      {queue.isPending ? <Spinner label="Loading the support queue" /> : null}
      {queue.isError ? (
        <Alert role="alert" variant="destructive">
          The support queue could not be loaded. Try again in a moment.
        </Alert>
      ) : null}
      {queue.data?.requests.length === 0 ? <p className="text-sm text-muted-foreground">Nothing in the queue for these filters.</p> : null}
      {queue.data && queue.data.requests.length > 0 ? (
        <SupportRequestList requests={queue.data.requests} isStaff label="Support queue" />
      ) : null}
    </section>
  );
}
