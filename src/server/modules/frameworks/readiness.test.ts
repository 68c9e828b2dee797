import { describe, expect, it } from 'vitest';
import { type ReadinessControlInput, type ReadinessInput, computeReadiness, isFreshEvidence, readinessScore } from './readiness.ts';

const control = (status: ReadinessControlInput['status'], applicable = true, freshnessDays = 90): ReadinessControlInput => ({
  status,
  applicable,
  freshnessDays,
});

function assess(
  controls: Record<string, ReadinessControlInput>,
  fresh: Record<string, number>,
  requirements: ReadinessInput['frameworks'][number]['requirements'],
) {
  const [framework] = computeReadiness({
    frameworks: [{ id: 'soc2', name: 'SOC 2', targetDate: '2027-01-31', auditType: 'type2', requirements }],
    controls: new Map(Object.entries(controls)),
    freshEvidence: new Map(Object.entries(fresh)),
  });
  if (!framework) throw new Error('no framework');
  return framework;
}

const req = (ref: string, controlIds: string[], notAddressable: string | null = null) => ({
  ref,
  title: `Requirement ${ref}`,
  controlIds,
  notAddressable,
});

describe('computeReadiness', () => {
  it('meets a requirement only when every applicable mapped control is implemented with fresh evidence', () => {
    const result = assess(
      { 'IAM-01': control('implemented'), 'IAM-05': control('implemented'), 'CRY-02': control('implemented') },
      { 'IAM-01': 1, 'IAM-05': 2 },
      [req('CC6.1', ['IAM-01', 'IAM-05']), req('CC6.7', ['IAM-01', 'CRY-02'])],
    );
    expect(result.requirements.map((r) => r.status)).toEqual(['met', 'partial']);
    expect(result.requirements[0]?.reason).toBe(
      'Met: IAM-01 is implemented with fresh evidence; IAM-05 is implemented with fresh evidence.',
    );
    // The missing work is named first, with the control's freshness policy.
    expect(result.requirements[1]?.reason).toBe(
      'Partly met: CRY-02 is implemented but has no evidence fresher than 90 days; IAM-01 is implemented with fresh evidence.',
    );
  });

  it('counts in-progress work or fresh evidence as partial, nothing as not met', () => {
    const result = assess(
      { 'IAM-01': control('in_progress'), 'IAM-03': control('not_started'), 'MON-01': control('not_started'), 'GOV-01': control('stale') },
      { 'IAM-03': 1 },
      [req('A', ['IAM-01']), req('B', ['IAM-03']), req('C', ['MON-01']), req('D', ['GOV-01'])],
    );
    expect(result.requirements.map((r) => r.status)).toEqual(['partial', 'partial', 'not_met', 'not_met']);
    expect(result.requirements[2]?.reason).toBe('Not met: MON-01 is not started with no evidence fresher than 90 days.');
    expect(result.requirements[3]?.reason).toBe('Not met: GOV-01 is stale with no evidence fresher than 90 days.');
  });

  it('is not applicable when every mapped control is, and ignores not-applicable controls otherwise', () => {
    const result = assess(
      { 'MON-01': control('not_started', false), 'IAM-01': control('implemented'), 'IAM-05': control('not_started', false) },
      { 'IAM-01': 1 },
      [req('CC7.2', ['MON-01']), req('CC6.1', ['IAM-01', 'IAM-05'])],
    );
    expect(result.requirements.map((r) => r.status)).toEqual(['not_applicable', 'met']);
    expect(result.requirements[0]?.reason).toBe('Not applicable: MON-01 marked not applicable.');
  });

  it('reports the catalogue’s reason for a requirement no control can address, and treats an unknown control as not started', () => {
    const result = assess({}, {}, [req('Art. 4', [], 'Definitions: nothing to implement.'), req('X', ['PRV-09'])]);
    expect(result.requirements[0]).toMatchObject({
      status: 'not_addressable',
      reason: 'Not addressable by a control: Definitions: nothing to implement.',
    });
    expect(result.requirements[1]?.status).toBe('not_met');
  });

  it('scores met plus half the partial over the requirements that apply', () => {
    const result = assess(
      {
        'IAM-03': control('implemented'),
        'IAM-01': control('in_progress'),
        'GOV-01': control('not_started'),
        'MON-01': control('not_started', false),
      },
      { 'IAM-03': 1 },
      [req('1', ['IAM-03']), req('2', ['IAM-01']), req('3', ['GOV-01']), req('4', ['MON-01']), req('5', [], 'Scope.')],
    );
    expect(result).toMatchObject({ met: 1, partial: 1, notMet: 1, notApplicable: 1, notAddressable: 1, total: 5, score: 50 });
    expect(result).toMatchObject({ frameworkId: 'soc2', targetDate: '2027-01-31', auditType: 'type2' });
    expect(readinessScore({ met: 0, partial: 0, total: 2, notApplicable: 1, notAddressable: 1 })).toBe(0);
    expect(readinessScore({ met: 2, partial: 1, total: 3, notApplicable: 0, notAddressable: 0 })).toBe(83);
  });

  it('calls evidence fresh while it is not stale and expires after now', () => {
    const now = new Date('2026-06-01T00:00:00Z');
    expect(isFreshEvidence({ staleAt: null, expiresAt: new Date('2026-06-02T00:00:00Z') }, now)).toBe(true);
    expect(isFreshEvidence({ staleAt: null, expiresAt: now }, now)).toBe(false);
    expect(isFreshEvidence({ staleAt: new Date('2026-05-01T00:00:00Z'), expiresAt: new Date('2027-01-01T00:00:00Z') }, now)).toBe(false);
  });
});
