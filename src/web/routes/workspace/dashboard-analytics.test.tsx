import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWorkspaceRoute, serveApi } from '../../../../tests/render-workspace-route.tsx';
import { ISO, ORGANIZATION_ID, SOC2_ACTIVE, frameworkList } from '../../../../tests/fixtures/frameworks.ts';
import type { Role } from '../../../shared/permissions.ts';
import type { ReadinessHistory } from '../../../shared/schemas/frameworks.ts';
import type { RiskList } from '../../../shared/schemas/risks.ts';
import DashboardRoute from './dashboard.tsx';

afterEach(() => vi.unstubAllGlobals());

const programme = (controls: number[], evidence: number[], risks: number[]) => ({
  'controls.not_started': controls[0] ?? 0,
  'controls.in_progress': controls[1] ?? 0,
  'controls.implemented': controls[2] ?? 0,
  'controls.stale': controls[3] ?? 0,
  'evidence.current': evidence[0] ?? 0,
  'evidence.expiring': evidence[1] ?? 0,
  'evidence.stale': evidence[2] ?? 0,
  'risks.low': risks[0] ?? 0,
  'risks.medium': risks[1] ?? 0,
  'risks.high': risks[2] ?? 0,
});

const HISTORY: ReadinessHistory = {
  organizationId: ORGANIZATION_ID,
  points: [
    { day: '2026-11-24', frameworkId: 'soc2', score: 40, counts: {}, programme: {} },
    { day: '2026-11-24', frameworkId: 'iso27001', score: 12, counts: {}, programme: {} },
    { day: '2026-11-24', frameworkId: '*', score: 0, counts: {}, programme: programme([50, 20, 18, 0], [10, 2, 1], [3, 1, 0]) },
    { day: '2026-11-25', frameworkId: 'soc2', score: 62, counts: {}, programme: {} },
    { day: '2026-11-25', frameworkId: '*', score: 0, counts: {}, programme: programme([40, 22, 25, 1], [14, 3, 0], [2, 1, 1]) },
  ],
};

const empty5 = () => Array.from({ length: 5 }, () => [0, 0, 0, 0, 0]);
function heatMap(): RiskList['heatMap'] {
  const inherent = empty5();
  const residual = empty5();
  inherent[4]![3] = 1; // likelihood 5, impact 4
  residual[1]![2] = 1; // likelihood 2, impact 3
  return { inherent, residual };
}
const RISK_ID = '3c1d2e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
const RISKS: RiskList = {
  organizationId: ORGANIZATION_ID,
  heatMap: heatMap(),
  risks: [
    {
      id: RISK_ID,
      ref: 'R-001',
      title: 'Customer data leaks from a laptop',
      description: '',
      category: 'security',
      likelihood: 5,
      impact: 4,
      inherentScore: 80,
      residualLikelihood: 2,
      residualImpact: 3,
      residualScore: 24,
      treatment: 'mitigate',
      treatmentPlan: 'Disk encryption',
      owner: null,
      reviewDate: null,
      status: 'open',
      controlIds: [],
      region: '',
      businessUnit: '',
      createdAt: '2026-11-20T09:00:00.000Z',
      updatedAt: '2026-11-20T09:00:00.000Z',
    },
  ],
};

const delivered = (createdAt: string, updatedAt: string, organizationId = ORGANIZATION_ID) => ({
  id: crypto.randomUUID(),
  title: 'Vendor review',
  status: 'delivered',
  priority: 'medium',
  complexity: 'medium',
  workKind: 'vendor_review',
  department: 'risk',
  source: 'wizard',
  estimateMinDays: 3,
  estimateMaxDays: 5,
  agent: { id: 'vendor-reviewer', name: 'Vendor Reviewer' },
  dueAt: updatedAt,
  deadline: null,
  assignee: null,
  createdAt,
  updatedAt,
  deliverable: null,
  organization: { id: organizationId, name: 'Northwind Health' },
});

const ANSWERS = {
  '/api/v1/organizations/mine': { tenant: 'member', organizations: [] },
  '/api/v1/plans': { plans: [] },
  '/api/v1/workflows': { workflows: [] },
  '/api/v1/frameworks': frameworkList([SOC2_ACTIVE, ISO]),
  '/api/v1/readiness/history': HISTORY,
  '/api/v1/risks': RISKS,
  '/api/v1/task-summary': { counts: { active: 2, inReview: 1, completed: 3, overdue: 1, needsAttention: 0 }, queue: [], changedSince: [] },
  '/api/v1/quality-scores': {
    overall: { score: 88, band: 'excellent', trend: null },
    reviewCount: 2,
    categories: [],
    months: [
      { month: '2026-10', score: 84, band: 'good', reviews: 1 },
      { month: '2026-11', score: 92, band: 'excellent', reviews: 1 },
    ],
    documents: [],
  },
  '/api/v1/task-requests': {
    requests: [
      delivered('2026-11-01T09:00:00.000Z', '2026-11-04T09:00:00.000Z'),
      delivered('2026-11-10T09:00:00.000Z', '2026-11-12T09:00:00.000Z'),
      delivered('2026-10-01T09:00:00.000Z', '2026-10-06T09:00:00.000Z'),
    ],
    nextCursor: null,
  },
};

const open = (role: Role = 'client') => renderWorkspaceRoute(<DashboardRoute />, { url: '/dashboard-compliancecore?tab=analytics', role });
const cells = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

describe('Program Analytics (tab=analytics)', () => {
  it('draws readiness per framework over time with a table of the same numbers', async () => {
    serveApi(ANSWERS);
    open();
    await screen.findByRole('heading', { level: 2, name: 'Program Analytics' });
    expect(cells(await screen.findByRole('table', { name: 'Readiness over time' }))).toEqual([
      ['Day', 'SOC 2', 'ISO 27001'],
      ['24 Nov 2026', '40', '12'],
      ['25 Nov 2026', '62', '–'],
    ]);
  });

  it('tabulates controls by status, evidence by state and open risks by band from the daily snapshots', async () => {
    serveApi(ANSWERS);
    open();
    expect(cells(await screen.findByRole('table', { name: 'Controls by status' }))).toEqual([
      // Failing: controls a connector's check holds failing (issue 38); none in these snapshots.
      ['Day', 'Not started', 'In progress', 'Implemented', 'Stale', 'Failing'],
      ['24 Nov 2026', '50', '20', '18', '0', '0'],
      ['25 Nov 2026', '40', '22', '25', '1', '0'],
    ]);
    expect(cells(screen.getByRole('table', { name: 'Evidence by state' }))[2]).toEqual(['25 Nov 2026', '14', '3', '0']);
    expect(cells(screen.getByRole('table', { name: 'Open risks by band' }))[1]).toEqual(['24 Nov 2026', '3', '1', '0']);
  });

  it('shows the open risks on the inherent and residual heat maps', async () => {
    serveApi(ANSWERS);
    open();
    const [inherent, residual] = await screen.findAllByTestId('risk-heat-map');
    within(inherent!).getByText('Inherent risk (1 open)');
    within(inherent!).getByLabelText('Likelihood 5, impact 4 (High Risk): 1 risk');
    within(residual!).getByLabelText('Likelihood 2, impact 3 (Low Risk): 1 risk');
  });

  it('shows delivered work: requests by state, quality by month and the median turnaround', async () => {
    serveApi(ANSWERS);
    open();
    const counts = await screen.findByLabelText('Task requests by state');
    expect(within(counts).getByText('Overdue').nextElementSibling?.textContent).toBe('1');
    expect(cells(await screen.findByRole('table', { name: 'Quality of delivered work' }))).toEqual([
      ['Month', 'Mean quality score'],
      ['Oct 2026', '84'],
      ['Nov 2026', '92'],
    ]);
    expect(cells(screen.getByRole('table', { name: 'Turnaround' }))).toEqual([
      ['Month', 'Median days', 'Delivered'],
      ['Oct 2026', '5', '1'],
      ['Nov 2026', '2.5', '2'],
    ]);
  });

  it('asks nothing about risks of a role that does not read them (an auditor), and no history until staff choose an organization', async () => {
    const requests = serveApi({
      ...ANSWERS,
      '/api/v1/organizations/mine': {
        tenant: 'all',
        organizations: [
          { id: ORGANIZATION_ID, name: 'Northwind Health', engagementRole: null, team: [] },
          { id: RISK_ID, name: 'Cobalt', engagementRole: null, team: [] },
        ],
      },
    });
    open('auditor');
    await screen.findByText('Choose an organization to see its programme.');
    await screen.findByRole('table', { name: 'Turnaround' });
    expect(requests.filter((request) => request.path === '/api/v1/readiness/history' || request.path === '/api/v1/risks')).toEqual([]);
  });

  it('says when nothing has been recorded yet', async () => {
    serveApi({ ...ANSWERS, '/api/v1/readiness/history': { organizationId: ORGANIZATION_ID, points: [] } });
    open();
    const figure = await screen.findByRole('figure', { name: 'Readiness over time' });
    await within(figure).findByText(/Nothing recorded yet/);
    expect(within(figure).queryByRole('table')).toBeNull();
  });
});

describe('the Analytics tab’s empty state (issue 32)', () => {
  it('does not say "Nothing to measure" above charts of delivered and in-review requests', async () => {
    serveApi(ANSWERS);
    open();
    await screen.findByLabelText('Task requests by state');
    await screen.findByTestId('no-advisor-figures');
    expect(screen.queryByText(/Nothing to measure yet/)).toBeNull();
  });

  it('says so when there is nothing at all: no plan, no workflow and no task request', async () => {
    serveApi({
      ...ANSWERS,
      '/api/v1/task-summary': {
        counts: { active: 0, inReview: 0, completed: 0, overdue: 0, needsAttention: 0 },
        queue: [],
        changedSince: [],
      },
      '/api/v1/task-requests': { requests: [], nextCursor: null },
    });
    open();
    await screen.findByText(/Nothing to measure yet/);
    expect(screen.queryByTestId('no-advisor-figures')).toBeNull();
  });
});
