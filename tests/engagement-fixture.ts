import type { Engagement } from '../src/shared/schemas/engagements.ts';

/** A SOC 2 Type II engagement for the auditor-portal screens' tests; override what a test is about. */
export function anEngagement(overrides: Partial<Engagement> = {}): Engagement {
  return {
    id: '6b1c2f3e-1d5a-4c1e-9f0a-1b2c3d4e5f01',
    organizationId: '6b1c2f3e-1d5a-4c1e-9f0a-1b2c3d4e5f02',
    organizationName: 'Acme',
    name: 'SOC 2 Type II 2026',
    frameworkId: 'soc2',
    frameworkName: 'SOC 2',
    auditType: 'type2',
    periodStart: '2026-01-01',
    periodEnd: '2026-06-30',
    fieldworkStart: '2026-07-01',
    fieldworkEnd: '2026-07-31',
    accessEndsOn: '2026-12-31',
    auditors: [],
    requestCount: 1,
    side: 'client',
    createdAt: '2026-06-01T10:00:00.000Z',
    ...overrides,
  };
}
