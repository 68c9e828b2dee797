import {
  CONTROL_STATUS_LABELS,
  type ControlStatus,
  REQUIREMENT_STATUS_LABELS,
  type RequirementStatus,
} from '../../../../shared/schemas/programme-statuses.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { CONTROL_STATUS_TONES, REQUIREMENT_STATUS_TONES } from '../control-labels.ts';

export function ControlStatusBadge({ status }: { status: ControlStatus }) {
  return <Badge tone={CONTROL_STATUS_TONES[status]}>{CONTROL_STATUS_LABELS[status]}</Badge>;
}

export function RequirementStatusBadge({ status }: { status: RequirementStatus }) {
  return <Badge tone={REQUIREMENT_STATUS_TONES[status]}>{REQUIREMENT_STATUS_LABELS[status]}</Badge>;
}
