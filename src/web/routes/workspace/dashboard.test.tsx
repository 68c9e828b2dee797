import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWorkspaceRoute, serveApi } from '../../../../tests/render-workspace-route.tsx';
import type { PlanStatus, PlanSummary } from '../../../shared/schemas/assistant-plans.ts';
import DashboardRoute from './dashboard.tsx';
import TaskRequestsRoute from './task-requests.tsx';

afterEach(() => vi.unstubAllGlobals());

let next = 0;
function plan(status: PlanStatus, title = `Plan ${status}`): PlanSummary {
  next += 1;
  const id = `5a7e2c1d-3b4f-4e6a-9c8d-${String(next).padStart(12, '0')}`;
  return {
    id,
    subscription_id: '1e2d3c4b-5a69-4788-9a0b-1c2d3e4f5a6b',
    user_id: '6b1c2f3e-1d5a-4c1e-9f0a-1b2c3d4e5f60',
    title,
    description: '',
    status,
    source_mode: 'general',
    raw_message: 'Help us with SOC 2',
    created_at: '2026-11-20T09:00:00.000Z',
    updated_at: '2026-11-20T09:00:00.000Z',
    submitted_at: status === 'draft' ? null : '2026-11-20T10:00:00.000Z',
    reviewed_at: status === 'approved' ? '2026-11-21T10:00:00.000Z' : null,
    review_note: null,
    step_count: 2,
  };
}

const EMPTY_TASK_SUMMARY = {
  counts: { active: 0, inReview: 0, completed: 0, overdue: 0, needsAttention: 0 },
  queue: [],
  changedSince: [],
};
const NO_WORKFLOWS = { '/api/v1/workflows': { workflows: [] }, '/api/v1/task-summary': EMPTY_TASK_SUMMARY };

describe('the dashboard for an auditor (no plans:read)', () => {
  it.each(['/dashboard-compliancecore', '/dashboard-compliancecore?tab=analytics'])(
    'never asks for plans and says plainly that plans are not part of the role (%s)',
    async (url) => {
      const requests = serveApi(NO_WORKFLOWS);
      renderWorkspaceRoute(<DashboardRoute />, { url, role: 'auditor' });
      await screen.findAllByText(/not part of your role|does not include plans/);
      expect(screen.queryByText(/could not be loaded/)).toBeNull();
      expect(requests.filter((request) => request.path.startsWith('/api/v1/plans'))).toEqual([]);
    },
  );

  it('shows no error on /task-requests and asks for no plan (the auditor reads task requests)', async () => {
    const requests = serveApi({ '/api/v1/task-requests': { requests: [], nextCursor: null } });
    renderWorkspaceRoute(<TaskRequestsRoute />, { url: '/task-requests', role: 'auditor' });
    await screen.findByText('Plans are not part of your role.');
    await screen.findByText('No task requests yet');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(requests.filter((request) => request.path.startsWith('/api/v1/plans'))).toEqual([]);
  });

  it('does not ask for a plan opened by link either', async () => {
    const requests = serveApi({});
    renderWorkspaceRoute(<TaskRequestsRoute />, { url: `/task-requests?plan=${plan('draft').id}`, role: 'auditor' });
    await screen.findByText('Plans are not part of your role.');
    expect(requests).toEqual([]);
  });
});

describe('the dashboard’s plan counts', () => {
  it('counts an approved plan as submitted, not as a draft (analytics)', async () => {
    serveApi({ '/api/v1/plans': { plans: [plan('approved'), plan('draft')] }, ...NO_WORKFLOWS });
    renderWorkspaceRoute(<DashboardRoute />, { url: '/dashboard-compliancecore?tab=analytics', role: 'client' });
    await screen.findByText('1 draft');
    const submitted = screen.getByText('Submitted plans').parentElement;
    expect(submitted?.textContent).toContain('1');
    expect(submitted?.textContent).toContain('1 approved · 0 awaiting review');
    screen.getByText('50% of your plans are submitted');
  });
});

describe('the dashboard’s parameters (product.md §2)', () => {
  const elsewhere = { '/task-requests': <p>Task requests page</p> };
  const PLAN_ID = '5a7e2c1d-3b4f-4e6a-9c8d-0f1e2d3c4b5a';

  it('view=requests opens the requests view', async () => {
    serveApi({ '/api/v1/plans': { plans: [] }, ...NO_WORKFLOWS });
    const { location } = renderWorkspaceRoute(<DashboardRoute />, {
      url: '/dashboard-compliancecore?view=requests',
      role: 'client',
      otherPages: elsewhere,
    });
    await screen.findByText('Task requests page');
    expect(location()?.pathname).toBe('/task-requests');
  });

  it('plan=<id> opens that plan', async () => {
    serveApi({ '/api/v1/plans': { plans: [] }, ...NO_WORKFLOWS });
    const { location } = renderWorkspaceRoute(<DashboardRoute />, {
      url: `/dashboard-compliancecore?view=requests&plan=${PLAN_ID}`,
      role: 'client',
      otherPages: elsewhere,
    });
    await screen.findByText('Task requests page');
    expect(`${location()?.pathname}${location()?.search}`).toBe(`/task-requests?plan=${PLAN_ID}`);
  });

  it('section=deliverables opens the deliverables section, with the sample company’s in demo mode', async () => {
    serveApi({
      '/api/v1/plans': { plans: [] },
      '/api/v1/deliverables': { deliverables: [], counts: { all: 0, completed: 0, in_review: 0, pending: 0, overdue: 0 }, tags: [] },
      ...NO_WORKFLOWS,
    });
    renderWorkspaceRoute(<DashboardRoute />, { url: '/dashboard-compliancecore?section=deliverables', role: 'client' });
    await screen.findByRole('heading', { name: 'Deliverables', level: 2 });
    await screen.findByText(/Nothing has been delivered yet/);
    expect(screen.queryByRole('heading', { name: 'Your latest plans' })).toBeNull();
  });

  it('section=deliverables with demo=true shows the sample deliverables', async () => {
    serveApi({ '/api/v1/plans': { plans: [] }, ...NO_WORKFLOWS });
    renderWorkspaceRoute(<DashboardRoute />, { url: '/dashboard-compliancecore?section=deliverables&demo=true', role: 'client' });
    await screen.findByRole('group', { name: 'Filter by status' });
    expect(screen.queryByText(/Nothing has been delivered yet/)).toBeNull();
  });

  it.each(['view=elsewhere', 'plan=not-an-id', 'section=invoices', 'tab=nope&view=requests2&section=x'])(
    'an unknown value falls back to the default view with no error (%s)',
    async (query) => {
      serveApi({ '/api/v1/plans': { plans: [] }, ...NO_WORKFLOWS });
      const { location } = renderWorkspaceRoute(<DashboardRoute />, {
        url: `/dashboard-compliancecore?${query}`,
        role: 'client',
        otherPages: elsewhere,
      });
      await screen.findByRole('heading', { name: 'Your latest plans' });
      expect(screen.getByRole('tab', { name: 'Overview' }).getAttribute('aria-selected')).toBe('true');
      expect(screen.queryByRole('alert')).toBeNull();
      expect(location()?.pathname).toBe('/dashboard-compliancecore');
    },
  );
});

describe('the workflows tab before the organization is known', () => {
  it('shows a client that their organization is loading, not staff’s prompt to choose one', async () => {
    // Only the organization keeps the page waiting; the rest answers as an empty workspace.
    serveApi(NO_WORKFLOWS);
    const served = vi.mocked(fetch);
    vi.stubGlobal(
      'fetch',
      vi.fn((input: string, init?: RequestInit) =>
        String(input).startsWith('/api/v1/organizations/mine') ? new Promise<Response>(() => {}) : served(input, init),
      ),
    );
    renderWorkspaceRoute(<DashboardRoute />, { url: '/dashboard-compliancecore?tab=workflows', role: 'client_manager' });
    await screen.findByText('Loading your organization');
    expect(screen.queryByText(/Choose a client organization/)).toBeNull();
  });
});
