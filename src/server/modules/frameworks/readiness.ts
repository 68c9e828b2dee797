import type { AuditType, CatalogueFrameworkId, ControlStatus, RequirementStatus } from '../../../shared/schemas/programme-statuses.ts';
import type { FrameworkReadiness } from '../../../shared/schemas/frameworks.ts';

/**
 * Readiness, computed and never typed in (docs/programme.md "Readiness"). Pure: the caller loads the
 * catalogue, the organization's controls and its fresh evidence counts, and this decides, for every
 * assessable requirement of every framework given:
 *  - not_addressable: the catalogue says no control can address it;
 *  - not_applicable: every mapped control is marked not applicable;
 *  - met: every mapped applicable control is implemented and has fresh evidence;
 *  - partial: at least one mapped applicable control is implemented or in progress, or has fresh evidence;
 *  - not_met: otherwise.
 * score = round(100 × (met + partial / 2) / (total − notApplicable − notAddressable)).
 */

export interface ReadinessRequirementInput {
  ref: string;
  title: string;
  notAddressable: string | null;
  /** The mapped control ids, most specific first. */
  controlIds: readonly string[];
}

export interface ReadinessFrameworkInput {
  id: CatalogueFrameworkId;
  name: string;
  targetDate: string | null;
  auditType: AuditType | null;
  /** Assessable (leaf) requirements only, in the framework's order. */
  requirements: readonly ReadinessRequirementInput[];
}

export interface ReadinessControlInput {
  status: ControlStatus;
  applicable: boolean;
  freshnessDays: number;
}

export interface ReadinessInput {
  frameworks: readonly ReadinessFrameworkInput[];
  /** The organization's controls by id; a mapped control missing here counts as not started. */
  controls: ReadonlyMap<string, ReadinessControlInput>;
  /** Evidence items per control that are fresh now (not stale, expiring after now). */
  freshEvidence: ReadonlyMap<string, number>;
}

/** Evidence is fresh while it is not marked stale and has not expired. */
export function isFreshEvidence(item: { staleAt: Date | null; expiresAt: Date }, now: Date): boolean {
  return item.staleAt === null && item.expiresAt.getTime() > now.getTime();
}

export function readinessScore(counts: {
  met: number;
  partial: number;
  total: number;
  notApplicable: number;
  notAddressable: number;
}): number {
  const assessed = counts.total - counts.notApplicable - counts.notAddressable;
  if (assessed <= 0) return 0;
  return Math.round((100 * (counts.met + counts.partial / 2)) / assessed);
}

const STATUS_WORDS: Record<ControlStatus, string> = {
  not_started: 'is not started',
  in_progress: 'is in progress',
  implemented: 'is implemented',
  stale: 'is stale',
  failing: 'is failing a connector’s check',
};

function describeControl(id: string, control: ReadinessControlInput, fresh: number): string {
  if (!control.applicable) return `${id} is not applicable`;
  const evidence = fresh > 0 ? 'with fresh evidence' : `with no evidence fresher than ${control.freshnessDays} days`;
  if (control.status === 'implemented' && fresh > 0) return `${id} is implemented with fresh evidence`;
  if (control.status === 'implemented') return `${id} is implemented but has no evidence fresher than ${control.freshnessDays} days`;
  return `${id} ${STATUS_WORDS[control.status]} ${evidence}`;
}

const UNKNOWN_CONTROL: ReadinessControlInput = { status: 'not_started', applicable: true, freshnessDays: 365 };

interface Assessed {
  status: RequirementStatus;
  reason: string;
}

function assessRequirement(requirement: ReadinessRequirementInput, input: ReadinessInput): Assessed {
  if (requirement.notAddressable)
    return { status: 'not_addressable', reason: `Not addressable by a control: ${requirement.notAddressable}` };
  if (requirement.controlIds.length === 0) return { status: 'not_met', reason: 'Not met: no control is mapped to this requirement yet.' };
  const mapped = requirement.controlIds.map((id) => ({
    id,
    control: input.controls.get(id) ?? UNKNOWN_CONTROL,
    fresh: input.freshEvidence.get(id) ?? 0,
  }));
  const applicable = mapped.filter((entry) => entry.control.applicable);
  if (applicable.length === 0) {
    return { status: 'not_applicable', reason: `Not applicable: ${mapped.map((entry) => entry.id).join(', ')} marked not applicable.` };
  }
  const done = (entry: (typeof mapped)[number]) => entry.control.status === 'implemented' && entry.fresh > 0;
  const started = (entry: (typeof mapped)[number]) =>
    entry.control.status === 'implemented' || entry.control.status === 'in_progress' || entry.fresh > 0;
  const sentence = (label: string, entries: typeof mapped) =>
    `${label}: ${entries.map((entry) => describeControl(entry.id, entry.control, entry.fresh)).join('; ')}.`;
  if (applicable.every(done)) return { status: 'met', reason: sentence('Met', applicable) };
  // The reason names what is missing first: the work left is what the reader acts on.
  const ordered = [...applicable.filter((entry) => !done(entry)), ...applicable.filter(done)];
  if (applicable.some(started)) return { status: 'partial', reason: sentence('Partly met', ordered) };
  return { status: 'not_met', reason: sentence('Not met', ordered) };
}

export function computeReadiness(input: ReadinessInput): FrameworkReadiness[] {
  return input.frameworks.map((framework) => {
    const counts = { met: 0, partial: 0, notMet: 0, notApplicable: 0, notAddressable: 0, total: 0 };
    const requirements = framework.requirements.map((requirement) => {
      const { status, reason } = assessRequirement(requirement, input);
      counts.total += 1;
      if (status === 'met') counts.met += 1;
      else if (status === 'partial') counts.partial += 1;
      else if (status === 'not_met') counts.notMet += 1;
      else if (status === 'not_applicable') counts.notApplicable += 1;
      else counts.notAddressable += 1;
      return { ref: requirement.ref, title: requirement.title, status, reason };
    });
    return {
      frameworkId: framework.id,
      name: framework.name,
      targetDate: framework.targetDate,
      auditType: framework.auditType,
      ...counts,
      score: readinessScore(counts),
      requirements,
    };
  });
}
