import {
  AUDIT_TYPE_LABELS,
  type AuditType,
  type MappingRelation,
  type RequirementStatus,
} from '../../../shared/schemas/programme-statuses.ts';
import type { ReadinessCounts } from '../../../shared/schemas/frameworks.ts';

/** Badge tones: the label, never the colour alone, says what the state is. */
export const REQUIREMENT_STATUS_TONE: Record<RequirementStatus, 'green' | 'yellow' | 'red' | 'neutral' | 'info'> = {
  met: 'green',
  partial: 'yellow',
  not_met: 'red',
  not_applicable: 'neutral',
  not_addressable: 'info',
};

/** The relation's word on its badge; MAPPING_RELATION_LABELS explains it (title and the legend). */
export const RELATION_WORD: Record<MappingRelation, string> = {
  equal: 'Equal',
  subset: 'Subset',
  superset: 'Superset',
  intersect: 'Intersect',
};

export function auditTypeLabel(auditType: AuditType | null): string | null {
  return auditType ? AUDIT_TYPE_LABELS[auditType] : null;
}

export function formatDay(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
}

export function readinessSentence(readiness: ReadinessCounts): string {
  const assessable = readiness.total - readiness.notApplicable - readiness.notAddressable;
  return `${readiness.met} of ${assessable} met, ${readiness.partial} partly met, ${readiness.notMet} not met`;
}

export const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;
