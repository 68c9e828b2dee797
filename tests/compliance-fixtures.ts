import { vi } from 'vitest';
import type { ProgrammeControl } from '../src/shared/schemas/controls.ts';
import type { Evidence } from '../src/shared/schemas/evidence.ts';
import type { Readiness } from '../src/shared/schemas/frameworks.ts';
import type { ImportResult } from '../src/shared/schemas/registers.ts';
import type { Risk, RiskList } from '../src/shared/schemas/risks.ts';

/** Answers of the programme's endpoints for the compliance tab's tests, each following its shared schema. */

export const ORG_ID = '0d9c8b7a-6f5e-4d3c-8b2a-1f0e9d8c7b6a';
export const PERSON = { id: '6b1c2f3e-1d5a-4c1e-9f0a-1b2c3d4e5f60', name: 'Ada Lovelace' };
const AT = '2026-11-20T09:00:00.000Z';

export const MINE = { tenant: 'member', organizations: [{ id: ORG_ID, name: 'Acme', engagementRole: null, team: [] }] };

export const READINESS: Readiness = {
  organizationId: ORG_ID,
  computedAt: AT,
  frameworks: [
    {
      frameworkId: 'soc2',
      name: 'SOC 2',
      targetDate: '2027-03-31',
      auditType: 'type2',
      score: 38,
      met: 2,
      partial: 1,
      notMet: 3,
      notApplicable: 1,
      notAddressable: 0,
      total: 7,
      requirements: [
        { ref: 'CC6.1', title: 'Logical access security', status: 'met', reason: 'AC-01 and AC-02 are implemented with fresh evidence.' },
        { ref: 'CC6.2', title: 'User registration', status: 'not_met', reason: 'AC-03 has no evidence fresher than 90 days.' },
      ],
    },
  ],
  controlsByStatus: { not_started: 5, in_progress: 2, implemented: 3, stale: 1, failing: 0 },
  controlsNotApplicable: 1,
  expiringEvidence: [
    { id: '3f2e1d0c-9b8a-4765-8432-10fedcba9876', title: 'Q3 access review', expiresAt: '2026-12-10T00:00:00.000Z', controlIds: ['AC-03'] },
  ],
  staleEvidence: [],
  nextActions: [
    {
      kind: 'add_evidence',
      title: 'Add evidence for AC-03',
      href: '/dashboard-compliancecore?tab=compliance&section=evidence&control=AC-03',
    },
  ],
};

export function control(id: string, overrides: Partial<ProgrammeControl> = {}): ProgrammeControl {
  return {
    id,
    domain: 'Access control',
    title: `Control ${id}`,
    description: 'What the control does.',
    evidenceHint: 'An access review signed by the owner.',
    freshnessDays: 90,
    status: 'not_started',
    applicable: true,
    justification: '',
    owner: null,
    businessUnit: '',
    environment: '',
    frameworks: ['soc2'],
    requirementCount: 2,
    evidenceCount: 0,
    freshEvidenceCount: 0,
    nextExpiry: null,
    updatedAt: AT,
    ...overrides,
  };
}

export const CONTROLS = {
  organizationId: ORG_ID,
  controls: [
    control('AC-03', {
      status: 'in_progress',
      owner: PERSON,
      evidenceCount: 2,
      freshEvidenceCount: 1,
      nextExpiry: '2026-12-10T00:00:00.000Z',
    }),
    control('DP-01'),
  ],
};

export function evidence(overrides: Partial<Evidence> = {}): Evidence {
  return {
    id: '3f2e1d0c-9b8a-4765-8432-10fedcba9876',
    title: 'Q3 access review',
    description: '',
    kind: 'file',
    url: null,
    fileName: 'access-review.pdf',
    mediaType: 'application/pdf',
    sizeBytes: 20480,
    sha256: 'a'.repeat(64),
    collectedAt: '2026-09-11T00:00:00.000Z',
    periodStart: null,
    periodEnd: null,
    expiresAt: '2026-12-10T00:00:00.000Z',
    state: 'expiring',
    controlIds: ['AC-03'],
    uploadedBy: { id: '7c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f', name: 'Grace Hopper' },
    reviewedBy: null,
    reviewedAt: null,
    region: '',
    businessUnit: '',
    environment: '',
    dataClassification: '',
    createdAt: AT,
    ...overrides,
  };
}

export function risk(overrides: Partial<Risk> = {}): Risk {
  return {
    id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
    ref: 'R-001',
    title: 'Laptop theft exposes customer data',
    description: '',
    category: 'security',
    likelihood: 4,
    impact: 4,
    inherentScore: 64,
    residualLikelihood: 2,
    residualImpact: 4,
    residualScore: 32,
    treatment: 'mitigate',
    treatmentPlan: 'Full-disk encryption.',
    owner: PERSON,
    reviewDate: '2027-01-15',
    status: 'open',
    controlIds: ['AC-03'],
    region: '',
    businessUnit: '',
    createdAt: AT,
    updatedAt: AT,
    ...overrides,
  };
}

const empty = () => [0, 1, 2, 3, 4].map(() => [0, 0, 0, 0, 0]);
export function riskList(risks: Risk[]): RiskList {
  const inherent = empty();
  const residual = empty();
  for (const item of risks) {
    const before = inherent[item.likelihood - 1] as number[];
    const after = residual[item.residualLikelihood - 1] as number[];
    before[item.impact - 1] = (before[item.impact - 1] ?? 0) + 1;
    after[item.residualImpact - 1] = (after[item.residualImpact - 1] ?? 0) + 1;
  }
  return { organizationId: ORG_ID, risks, heatMap: { inherent, residual } };
}

export function importResult(dryRun: boolean, overrides: Partial<ImportResult> = {}): ImportResult {
  return {
    register: 'controls',
    dryRun,
    applied: !dryRun,
    fields: ['controlId', 'status', 'ownerEmail', 'applicable', 'justification'],
    summary: { create: 0, update: 1, unchanged: 1, error: 0 },
    rows: [
      { row: 1, action: 'update', key: 'AC-03', changes: { status: ['in_progress', 'implemented'] }, errors: [] },
      { row: 2, action: 'unchanged', key: 'DP-01', changes: {}, errors: [] },
    ],
    ...overrides,
  };
}

export interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

/**
 * Stubs fetch: `answer(call)` gives the JSON (or a Response) for a call; unknown calls are 404.
 * Records method, path, query and body (JSON parsed; FormData as is).
 */
export function stubApi(answer: (call: Call) => unknown): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://test.invalid');
      const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : init.body;
      const call = { method: init.method ?? 'GET', path: url.pathname, query: url.searchParams, body };
      calls.push(call);
      const result = answer(call);
      if (result instanceof Response) return result;
      if (result === undefined) return Response.json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, { status: 404 });
      return Response.json(result);
    }),
  );
  return calls;
}
