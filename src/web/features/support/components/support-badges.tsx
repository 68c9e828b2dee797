import { Clock } from 'lucide-react';
import { describeSla } from '../../../../shared/rules/support-sla.ts';
import {
  SUPPORT_PRIORITY_LABELS,
  SUPPORT_STATUS_LABELS,
  type SupportPriority,
  type SupportSla,
  type SupportStatus,
} from '../../../../shared/schemas/support.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { PRIORITY_TONES, SLA_TONES, STATUS_TONES, formatSupportMoment } from '../support-labels.ts';

/** Staff see "Waiting on the client" where the client reads "Waiting on you". */
export function SupportStatusBadge({ status, isStaff = false }: { status: SupportStatus; isStaff?: boolean }) {
  const label = isStaff && status === 'waiting_on_client' ? 'Waiting on the client' : SUPPORT_STATUS_LABELS[status];
  return <Badge tone={STATUS_TONES[status]}>{label}</Badge>;
}

export function SupportPriorityBadge({ priority }: { priority: SupportPriority }) {
  return <Badge tone={PRIORITY_TONES[priority]}>{SUPPORT_PRIORITY_LABELS[priority]}</Badge>;
}

/** The first-response clock: time left or overdue, with the deadline in its title. */
export function SlaClock({ sla }: { sla: SupportSla }) {
  return (
    <Badge tone={SLA_TONES[sla.state]} title={`First answer due ${formatSupportMoment(sla.dueAt)}`}>
      <Clock aria-hidden />
      <span>
        <span className="sr-only">First response: </span>
        {describeSla(sla)}
      </span>
    </Badge>
  );
}
