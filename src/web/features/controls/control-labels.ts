import type { ControlStatus, RequirementStatus } from '../../../shared/schemas/programme-statuses.ts';

type Tone = 'neutral' | 'info' | 'green' | 'yellow' | 'red';

/** The colour of each status badge; the shared label (CONTROL_STATUS_LABELS) always says it in words. */
export const CONTROL_STATUS_TONES: Record<ControlStatus, Tone> = {
  not_started: 'neutral',
  in_progress: 'info',
  implemented: 'green',
  stale: 'red',
  failing: 'red',
};

export const REQUIREMENT_STATUS_TONES: Record<RequirementStatus, Tone> = {
  met: 'green',
  partial: 'yellow',
  not_met: 'red',
  not_applicable: 'neutral',
  not_addressable: 'neutral',
};
