import { renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accessFor, fakeAuth } from '../../../../../tests/fake-auth.ts';
import { renderSignedIn } from '../../../../../tests/render-signed-in.tsx';
import type { Role } from '../../../../shared/permissions.ts';
import type { AgentSummary } from '../../../../shared/schemas/agent-runs.ts';
import { dismissToast, useToasts } from '../../../components/ui/toast-store.ts';
import { AgentDashboard } from './agent-dashboard.tsx';

const NOW = '2030-01-03T09:30:00.000Z';

const agent = (overrides: Partial<AgentSummary>): AgentSummary => ({
  id: 'policy-drafter',
  name: 'Policy Drafter',
  type: 'Policies',
  workKind: 'policy_draft',
  description: 'Drafts policies.',
  status: 'active',
  tasksCompleted: 12,
  successRate: 66.7,
  currentTask: 'Access policy for Acme',
  queueDepth: 3,
  runsLast7Days: 9,
  recentFailures: [
    {
      runId: '11111111-1111-4111-8111-111111111111',
      taskRequestId: '22222222-2222-4222-8222-222222222222',
      status: 'dead',
      error: 'The model did not answer within 120000 ms.',
      at: NOW,
    },
  ],
  updatedAt: NOW,
  ...overrides,
});

/** An in-memory agents API recording each call. */
function serve(options: { failList?: boolean; failPatch?: boolean } = {}) {
  const agents = [
    agent({}),
    agent({
      id: 'vendor-reviewer',
      name: 'Vendor Reviewer',
      type: 'Vendor risk',
      workKind: 'vendor_review',
      status: 'retired',
      tasksCompleted: 0,
      successRate: null,
      currentTask: null,
      queueDepth: 0,
      recentFailures: [],
    }),
  ];
  const calls: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const url = new URL(input, 'http://localhost');
      const body: unknown = init.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, path: url.pathname, body });
      if (url.pathname === '/api/v1/agents' && method === 'GET') {
        if (options.failList) return Response.json({ error: { code: 'INTERNAL', message: 'The database is away.' } }, { status: 500 });
        return Response.json({ agents });
      }
      const match = /^\/api\/v1\/agents\/([^/]+)$/.exec(url.pathname);
      if (match && method === 'PATCH') {
        if (options.failPatch) return Response.json({ error: { code: 'FORBIDDEN', message: 'Administrators only.' } }, { status: 403 });
        const target = agents.find((entry) => entry.id === match[1]);
        if (!target) return Response.json({ error: { code: 'NOT_FOUND', message: 'No such agent.' } }, { status: 404 });
        target.status = (body as { status: string }).status;
        return Response.json(target);
      }
      return Response.json({ error: { code: 'NOT_FOUND', message: 'Not found.' } }, { status: 404 });
    }),
  );
  return calls;
}

const renderAs = (role: Role) => renderSignedIn(<AgentDashboard />, fakeAuth({ access: accessFor(role), accessStatus: 'ready' }));

afterEach(() => {
  vi.unstubAllGlobals();
  for (const item of renderHook(() => useToasts()).result.current) dismissToast(item.id);
});

describe('the Agent Dashboard', () => {
  it('shows each agent with its status, figures, current task and failures; an unknown status reads Unknown', async () => {
    serve();
    renderAs('analyst');
    expect(screen.getByRole('status').textContent).toContain('Loading agents');
    const drafter = await screen.findByRole('article', { name: 'Policy Drafter' });
    within(drafter).getByText('Active');
    expect(within(drafter).getByText('Tasks completed').nextElementSibling?.textContent).toBe('12');
    expect(within(drafter).getByText('Success rate').nextElementSibling?.textContent).toBe('66.7%');
    expect(within(drafter).getByText('Queue').nextElementSibling?.textContent).toBe('3');
    expect(drafter.textContent).toContain('Access policy for Acme');
    expect(within(drafter).getByRole('region', { name: 'Recent failures of Policy Drafter' }).textContent).toContain(
      'The model did not answer within 120000 ms.',
    );

    const reviewer = screen.getByRole('article', { name: 'Vendor Reviewer' });
    within(reviewer).getByText('Unknown');
    expect(within(reviewer).getByText('Success rate').nextElementSibling?.textContent).toBe('No reviews yet');
    expect(reviewer.textContent).toContain('Idle');
    // Reviewers read; only administrators change a status.
    expect(screen.queryByLabelText(/Status of/)).toBeNull();
  });

  it('lets an administrator change a status with the keyboard-accessible select, at once and with a toast', async () => {
    const calls = serve();
    renderAs('administrator');
    const select = await screen.findByLabelText('Status of Policy Drafter');
    await userEvent.selectOptions(select, 'Maintenance');
    const drafter = screen.getByRole('article', { name: 'Policy Drafter' });
    await within(drafter).findByText('Maintenance', { selector: 'span' });
    expect(calls).toContainEqual({ method: 'PATCH', path: '/api/v1/agents/policy-drafter', body: { status: 'maintenance' } });
    const { result } = renderHook(() => useToasts());
    await waitFor(() => expect(result.current.map((item) => item.title)).toContain('Agent status updated'));

    // An unknown stored status is shown as such in the select, not silently as Active.
    const unknown = screen.getByLabelText<HTMLSelectElement>('Status of Vendor Reviewer');
    expect(unknown.selectedOptions[0]?.textContent).toBe('Unknown');
  });

  it('rolls back and says so when the change is refused', async () => {
    serve({ failPatch: true });
    renderAs('administrator');
    const select = await screen.findByLabelText<HTMLSelectElement>('Status of Policy Drafter');
    await userEvent.selectOptions(select, 'Standby');
    const { result } = renderHook(() => useToasts());
    await waitFor(() => expect(result.current.map((item) => item.title)).toContain('Could not update the agent'));
    await waitFor(() => expect(screen.getByLabelText<HTMLSelectElement>('Status of Policy Drafter').value).toBe('active'));
  });

  it('shows an error with a retry when the agents cannot be loaded', async () => {
    serve({ failList: true });
    renderAs('analyst');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not load agents');
    within(alert).getByRole('button', { name: 'Try Again' });
  });
});
