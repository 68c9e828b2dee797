import { DELIVERABLE_STATUS_LABELS } from '../../../../shared/rules/demo-states.ts';
import type { DeliverableStatus } from '../../../../shared/schemas/deliverables.ts';
import { Badge } from '../../../components/ui/badge.tsx';

const STATUS_TONE: Record<DeliverableStatus, 'green' | 'info' | 'neutral' | 'red'> = {
  completed: 'green',
  in_review: 'info',
  pending: 'neutral',
  overdue: 'red',
};

/** The status in words (product.md §4), coloured the same as the sample deliverables. */
export function DeliverableStatusBadge({ status }: { status: DeliverableStatus }) {
  return <Badge tone={STATUS_TONE[status]}>{DELIVERABLE_STATUS_LABELS[status]}</Badge>;
}
