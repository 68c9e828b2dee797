import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWorkspaceRoute } from '../../../../tests/render-workspace-route.tsx';
import type { ClassifyTaskRequestResponse, TaskRequestDetail, TaskRequestSummary } from '../../../shared/schemas/task-requests.ts';
import TaskRequestsRoute from './task-requests.tsx';

afterEach(() => vi.unstubAllGlobals());

const ORG = { id: '0b7f3a52-6c1d-4e8f-9a2b-3c4d5e6f7a8b', name: 'Acme Health' };
const REQUEST_ID = '7d2e4f6a-8b1c-4d3e-9f5a-6b7c8d9e0f1a';

const classification: ClassifyTaskRequestResponse = {
  workKind: 'vendor_review',
  agentId: 'vendor-reviewer',
  agent: { id: 'vendor-reviewer', name: 'Vendor Reviewer' },
  priority: 'high',
  complexity: 'medium',
  estimateMinDays: 3,
  estimateMaxDays: 5,
  reasons: ['Vendor security review: the request mentions “vendor”.', 'High priority: the deadline is 8 days away.'],
  provider: 'builtin',
};

function summary(overrides: Partial<TaskRequestSummary> = {}): TaskRequestSummary {
  return {
    id: REQUEST_ID,
    title: 'Vendor security review of CloudPay',
    status: 'in_progress',
    priority: 'high',
    complexity: 'medium',
    workKind: 'vendor_review',
    department: 'risk',
    source: 'wizard',
    estimateMinDays: 3,
    estimateMaxDays: 5,
    agent: { id: 'vendor-reviewer', name: 'Vendor Reviewer' },
    dueAt: '2026-12-04T10:00:00.000Z',
    deadline: null,
    assignee: 'Grace Hopper',
    createdAt: '2026-11-27T10:00:00.000Z',
    updatedAt: '2026-11-27T10:00:00.000Z',
    deliverable: null,
    organization: ORG,
    ...overrides,
  };
}

function detail(): TaskRequestDetail {
  return {
    ...summary({ status: 'queued' }),
    description: '',
    frameworks: ['SOC 2'],
    planId: null,
    classificationReasons: classification.reasons,
    classifiedBy: 'builtin',
    events: [],
    attachments: [],
    latestOutput: null,
    deliverable: null,
    failureMessage: null,
    canCancel: true,
    canRequestRevision: false,
  };
}

interface Call {
  method: string;
  path: string;
  body: unknown;
  headers: Record<string, string>;
}

/** One answer per "METHOD path" (or path), recording each call with its body. */
function serve(answers: Record<string, unknown>): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const path = String(input).split('?')[0] ?? '';
      const method = init.method ?? 'GET';
      calls.push({
        method,
        path,
        body: init.body ? JSON.parse(String(init.body)) : undefined,
        headers: (init.headers ?? {}) as Record<string, string>,
      });
      const answer = answers[`${method} ${path}`] ?? answers[path];
      if (answer === undefined) return Response.json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, { status: 404 });
      return Response.json(answer, { status: method === 'POST' && path === '/api/v1/task-requests' ? 201 : 200 });
    }),
  );
  return calls;
}

describe('the create-task wizard (?new=1)', () => {
  it('walks details → AI classification → review, keeps the details on Edit Details, and submits to the request page', async () => {
    const user = userEvent.setup();
    const calls = serve({
      '/api/v1/organizations/mine': { tenant: 'member', organizations: [{ ...ORG, engagementRole: null, team: [] }] },
      'POST /api/v1/task-requests/classify': classification,
      'POST /api/v1/task-requests': detail(),
      [`/api/v1/task-requests/${REQUEST_ID}`]: detail(),
      [`/api/v1/task-requests/${REQUEST_ID}/comments`]: { comments: [] },
    });
    const { location } = renderWorkspaceRoute(<TaskRequestsRoute />, { url: '/task-requests?new=1', role: 'client' });

    await screen.findByRole('heading', { name: 'Step 1 of 3: Details' });
    expect(screen.getByRole('progressbar', { name: 'Task request progress' }).getAttribute('aria-valuenow')).toBe('33.33');

    await user.click(screen.getByRole('button', { name: /Classify with AI/ }));
    await screen.findByText('Enter a title');
    screen.getByText('Choose a department', { selector: 'p' });

    await user.type(screen.getByLabelText(/^Title/), 'Vendor security review of CloudPay');
    await user.selectOptions(screen.getByLabelText(/^Department/), 'risk');
    await user.click(screen.getByRole('checkbox', { name: 'SOC 2' }));
    await user.type(screen.getByRole('textbox', { name: 'Another framework' }), 'DORA{Enter}');
    await user.click(screen.getByRole('button', { name: /Classify with AI/ }));

    await screen.findByRole('heading', { name: 'Step 2 of 3: AI classification' });
    expect(screen.getByRole('progressbar', { name: 'Task request progress' }).getAttribute('aria-valuenow')).toBe('66.66');
    const result = await screen.findByRole('region', { name: 'AI classification' });
    within(result).getByText('High');
    within(result).getByText('3-5 days');
    within(result).getByText('Vendor security review');
    within(result).getByText('Vendor Reviewer');
    within(result).getByText('High priority: the deadline is 8 days away.');
    expect(calls.find((call) => call.path === '/api/v1/task-requests/classify')?.body).toEqual({
      title: 'Vendor security review of CloudPay',
      description: '',
      department: 'risk',
      deadline: null,
      frameworks: ['SOC 2', 'DORA'],
    });

    await user.click(screen.getByRole('button', { name: 'Continue to review' }));
    await screen.findByRole('heading', { name: 'Step 3 of 3: Review' });
    await user.click(screen.getByRole('button', { name: /Edit Details/ }));
    await screen.findByRole('heading', { name: 'Step 1 of 3: Details' });
    expect((screen.getByLabelText(/^Title/) as HTMLInputElement).value).toBe('Vendor security review of CloudPay');
    expect((screen.getByLabelText(/^Department/) as HTMLSelectElement).value).toBe('risk');
    expect((screen.getByRole('checkbox', { name: 'SOC 2' }) as HTMLInputElement).checked).toBe(true);

    await user.click(screen.getByRole('button', { name: /Classify with AI/ }));
    await user.click(await screen.findByRole('button', { name: 'Continue to review' }));
    await user.click(await screen.findByRole('button', { name: /Submit Task/ }));

    await waitFor(() => expect(location()?.search).toBe(`?request=${REQUEST_ID}`));
    const created = calls.find((call) => call.method === 'POST' && call.path === '/api/v1/task-requests');
    expect(created?.body).toMatchObject({
      title: 'Vendor security review of CloudPay',
      department: 'risk',
      frameworks: ['SOC 2', 'DORA'],
      attachmentIds: [],
    });
    expect(created?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    await screen.findByRole('heading', { level: 1, name: 'Vendor security review of CloudPay' });
  });

  it('tells a client without an organization to subscribe first', async () => {
    serve({ '/api/v1/organizations/mine': { tenant: 'none', organizations: [] } });
    renderWorkspaceRoute(<TaskRequestsRoute />, { url: '/task-requests?new=1', role: 'client' });
    await screen.findByText('Subscribe first');
    expect(screen.getByRole('link', { name: 'Choose a plan' }).getAttribute('href')).toBe('/pricing');
  });
});

describe('a delivered request', () => {
  it('lets the client request a revision with notes, which sends the work back to the agent', async () => {
    const user = userEvent.setup();
    const delivered: TaskRequestDetail = {
      ...detail(),
      status: 'delivered',
      canCancel: false,
      canRequestRevision: true,
      deliverable: { id: '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e', status: 'completed', currentVersion: 1 },
    };
    const NOTES = 'Add the EU subprocessors and who reviews each.';
    const revised: TaskRequestDetail = {
      ...delivered,
      status: 'queued',
      canCancel: true,
      canRequestRevision: false,
      events: [
        {
          id: '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b',
          kind: 'revision_requested',
          detail: NOTES,
          actor: 'Ada',
          createdAt: '2026-11-28T10:00:00.000Z',
        },
      ],
    };
    // The server's state: delivered until the revision is posted, queued after.
    const isRevised = () => calls.some((call) => call.method === 'POST' && call.path.endsWith('/revision'));
    const calls: ReturnType<typeof serve> = serve({
      get [`/api/v1/task-requests/${REQUEST_ID}`]() {
        return isRevised() ? revised : delivered;
      },
      [`/api/v1/task-requests/${REQUEST_ID}/comments`]: { comments: [] },
      [`POST /api/v1/task-requests/${REQUEST_ID}/revision`]: revised,
    });
    renderWorkspaceRoute(<TaskRequestsRoute />, { url: `/task-requests?request=${REQUEST_ID}`, role: 'client' });
    await user.click(await screen.findByRole('button', { name: 'Request a revision' }));
    const form = screen.getByRole('form', { name: 'Request a revision' });
    await user.type(within(form).getByLabelText('What should change'), 'Redo');
    await user.click(within(form).getByRole('button', { name: 'Send for revision' }));
    await within(form).findByText('Say what should change (at least 10 characters)');
    expect(calls.some((call) => call.path.endsWith('/revision'))).toBe(false);

    await user.clear(within(form).getByLabelText('What should change'));
    await user.type(within(form).getByLabelText('What should change'), NOTES);
    await user.click(within(form).getByRole('button', { name: 'Send for revision' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Request a revision' })).toBeNull());
    expect(calls.find((call) => call.method === 'POST' && call.path.endsWith('/revision'))?.body).toEqual({ notes: NOTES });
    await screen.findByText('Revision requested');
    screen.getByText(NOTES);
    expect(screen.queryByRole('button', { name: 'Request a revision' })).toBeNull();
  });

  it('offers no revision to someone who may not ask for one', async () => {
    serve({
      [`/api/v1/task-requests/${REQUEST_ID}`]: { ...detail(), status: 'delivered', canCancel: false, canRequestRevision: false },
      [`/api/v1/task-requests/${REQUEST_ID}/comments`]: { comments: [] },
    });
    renderWorkspaceRoute(<TaskRequestsRoute />, { url: `/task-requests?request=${REQUEST_ID}`, role: 'consultant' });
    await screen.findByRole('heading', { name: 'Vendor security review of CloudPay' });
    expect(screen.queryByRole('button', { name: 'Request a revision' })).toBeNull();
  });
});

describe('the task requests list', () => {
  it('shows each request’s status, due date, agent, reviewer and priority, and filters by status', async () => {
    const user = userEvent.setup();
    const calls = serve({
      '/api/v1/task-requests': {
        requests: [
          summary(),
          summary({
            id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
            title: 'Draft the AUP',
            status: 'delivered',
            assignee: null,
            priority: 'low',
          }),
        ],
        nextCursor: null,
      },
      '/api/v1/plans': { plans: [] },
    });
    renderWorkspaceRoute(<TaskRequestsRoute />, { url: '/task-requests', role: 'client' });
    const list = await screen.findByRole('list', { name: 'Task requests' });
    const [first, second] = within(list).getAllByRole('listitem');
    if (!first || !second) throw new Error('two rows expected');
    within(first).getByText('Agent working');
    within(first).getByText('High priority');
    within(first).getByText('Vendor Reviewer');
    within(first).getByText('Grace Hopper');
    expect(within(first).getByRole('link').getAttribute('href')).toBe(`/task-requests?request=${REQUEST_ID}`);
    within(second).getByText('Delivered');
    within(second).getByText('not assigned yet');
    expect(screen.getByRole('link', { name: /New task request/ }).getAttribute('href')).toBe('/task-requests?new=1');

    await user.selectOptions(screen.getByLabelText('Status'), 'delivered');
    await waitFor(() => expect(calls.some((call) => call.path === '/api/v1/task-requests' && call.method === 'GET')).toBe(true));
    const fetchMock = vi.mocked(fetch);
    await waitFor(() => expect(fetchMock.mock.calls.some(([input]) => String(input).includes('status=delivered'))).toBe(true));
  });

  it('speaks to staff as the people serving the organizations, not as the client who asked', async () => {
    serve({ '/api/v1/task-requests': { requests: [], nextCursor: null }, '/api/v1/plans': { plans: [] } });
    const { unmount } = renderWorkspaceRoute(<TaskRequestsRoute />, { url: '/task-requests', role: 'consultant' });
    await screen.findByText('No task requests yet');
    screen.getByRole('heading', { name: 'Requests from your clients' });
    screen.getByText(/^The work the organizations you serve asked for/);
    screen.getByText(/When an organization you serve asks for work/);
    expect(screen.queryByText(/^The work you asked for/)).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Your requests' })).toBeNull();
    unmount();
    serve({ '/api/v1/task-requests': { requests: [], nextCursor: null }, '/api/v1/plans': { plans: [] } });
    renderWorkspaceRoute(<TaskRequestsRoute />, { url: '/task-requests', role: 'client_manager' });
    await screen.findByText('No task requests yet');
    screen.getByRole('heading', { name: 'Your requests' });
    screen.getByText(/^The work you asked for/);
  });

  it('says so when there are no requests, and when loading fails', async () => {
    serve({ '/api/v1/task-requests': { requests: [], nextCursor: null }, '/api/v1/plans': { plans: [] } });
    const { unmount } = renderWorkspaceRoute(<TaskRequestsRoute />, { url: '/task-requests', role: 'client' });
    await screen.findByText('No task requests yet');
    unmount();
    serve({ '/api/v1/plans': { plans: [] } });
    renderWorkspaceRoute(<TaskRequestsRoute />, { url: '/task-requests', role: 'client' });
    await screen.findByText('Your task requests could not be loaded');
    screen.getByRole('button', { name: 'Retry' });
  });
});
