import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWorkspaceRoute } from '../../../../../tests/render-workspace-route.tsx';
import type { OrganizationWorkflow } from '../../../../shared/schemas/workflows.ts';
import OrganizationWorkflowBuilder from './organization-workflow-builder.tsx';
import { stubResizeObserverPerTest } from '../../../../../tests/stub-resize-observer.ts';

/** The organization Workflow Builder: palette, side panel, validation on the nodes, Save draft, Publish and Run now. */

const ID = '0c6f2a4e-7b1d-4c3e-9a5f-2d8e6b4c1a90';
const ORG = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const RUN = '3e4f5a6b-7c8d-4e9f-8a0b-1c2d3e4f5a6b';

function workflow(overrides: Partial<OrganizationWorkflow> = {}): OrganizationWorkflow {
  return {
    id: ID,
    organization_id: ORG,
    name: 'Quarterly access review',
    description: 'Review who has access to what.',
    category: 'access',
    status: 'active',
    trigger: { kind: 'manual' },
    nodes: [
      { id: 'start', type: 'start', position: { x: 0, y: 0 }, data: { label: 'Start' } },
      {
        id: 'review',
        type: 'action',
        position: { x: 240, y: 0 },
        data: { label: 'Approve the review', actionType: 'approval', configuration: { title: 'Approve the access review' } },
      },
      { id: 'end', type: 'end', position: { x: 480, y: 0 }, data: { label: 'Done' } },
    ],
    edges: [
      { id: 'e1', source: 'start', target: 'review' },
      { id: 'e2', source: 'review', target: 'end' },
    ],
    published_version: 1,
    has_unpublished_changes: false,
    next_run_at: null,
    last_run: null,
    source_template_id: null,
    created_at: '2026-11-20T09:00:00.000Z',
    updated_at: '2026-11-20T09:00:00.000Z',
    ...overrides,
  };
}

interface Call {
  method: string;
  path: string;
  body: unknown;
}

/** A fake API: the workflow, its draft saves, a publish answer, and runs. */
function serve(options: { publish?: { status: number; body: unknown }; initial?: OrganizationWorkflow } = {}): Call[] {
  const calls: Call[] = [];
  let current = options.initial ?? workflow();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const path = String(input).split('?')[0] ?? '';
      const method = init.method ?? 'GET';
      const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      calls.push({ method, path, body });
      if (path === `/api/v1/organization-workflows/${ID}` && method === 'PUT') {
        current = { ...current, ...(body as Partial<OrganizationWorkflow>), has_unpublished_changes: true };
        return Response.json(current);
      }
      if (path === `/api/v1/organization-workflows/${ID}`) return Response.json(current);
      if (path === `/api/v1/organization-workflows/${ID}/publish`) {
        const answer = options.publish ?? { status: 200, body: { ...current, has_unpublished_changes: false, published_version: 2 } };
        return Response.json(answer.body, { status: answer.status });
      }
      if (path === `/api/v1/organization-workflows/${ID}/runs`) {
        return Response.json(
          {
            id: RUN,
            organization_id: ORG,
            workflow_id: ID,
            workflow_name: current.name,
            version: 1,
            status: 'waiting',
            trigger_kind: 'manual',
            current_node_id: 'review',
            waiting_until: null,
            data: {},
            error: null,
            created_at: '2026-11-27T09:00:00.000Z',
            finished_at: null,
            steps: [],
            approvals: [],
          },
          { status: 201 },
        );
      }
      if (path === '/api/v1/workflow-schedule-preview') {
        return Response.json({
          timeZone: 'Europe/Paris',
          occurrences: ['2027-01-05T08:00:00.000Z', '2027-02-05T08:00:00.000Z', '2027-03-05T08:00:00.000Z'],
        });
      }
      return Response.json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, { status: 404 });
    }),
  );
  return calls;
}

// React Flow measures nodes; jsdom has no layout.
stubResizeObserverPerTest();

function open() {
  return renderWorkspaceRoute(<OrganizationWorkflowBuilder workflowId={ID} />, {
    url: `/dashboard-compliancecore?tab=workflows&view=builder&workflow=${ID}`,
    role: 'client_manager',
  });
}

const panel = () => within(screen.getByRole('complementary', { name: 'Selected step' }));

describe('the organization Workflow Builder', () => {
  it('adds a node from the palette, marks its problems on the node, and clears them as the side panel fills its configuration', async () => {
    serve();
    open();
    await screen.findByRole('heading', { name: 'Workflow Builder: Quarterly access review' });
    await screen.findByText('Ready to publish');

    await userEvent.click(screen.getByRole('button', { name: 'Add Call a webhook' }));
    const node = await screen.findByTestId('builder-node-action-4');
    expect(node.dataset.invalid).toBe('true');
    within(node).getByText(/problems/);
    // The side panel opens on the new node, with the validator's messages.
    const problems = panel().getByRole('list', { name: 'Problems on this step' });
    within(problems).getByText('url: Required');
    within(problems).getByText('secret: Required');
    within(problems).getByText('This step needs exactly one next step.');
    screen.getByRole('heading', { name: /Problems \(\d+\)/ });

    fireEvent.change(panel().getByLabelText(/^URL/), { target: { value: 'https://hooks.example.com/compliance' } });
    fireEvent.change(panel().getByLabelText(/^Signing secret/), { target: { value: 'whsec_0123456789abcdef' } });
    expect(within(problems).queryByText(/url:/)).toBeNull();
    expect(within(problems).queryByText(/secret:/)).toBeNull();
    // The webhook still leads nowhere and nothing leads to it: the node stays marked.
    expect(screen.getByTestId('builder-node-action-4').dataset.invalid).toBe('true');
  });

  it('disables Publish while problems are listed, and names them as the reason', async () => {
    const calls = serve();
    open();
    await screen.findByText('Ready to publish');
    const publish = screen.getByRole<HTMLButtonElement>('button', { name: 'Publish' });
    expect(publish.disabled).toBe(false);
    expect(publish.getAttribute('aria-describedby')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Add Call a webhook' }));
    await screen.findByTestId('builder-node-action-4');
    expect(publish.disabled).toBe(true);
    const list = screen.getByTestId('builder-problems');
    const count = within(list).getAllByRole('listitem').length;
    expect(publish.getAttribute('aria-describedby')?.split(' ')).toContain(list.id);
    // The accessible description is the reason and the problems themselves.
    const described = screen.getByRole('button', { name: 'Publish', description: /url: Required/ });
    expect(described).toBe(publish);
    screen.getByRole('button', { name: 'Publish', description: new RegExp(`^Fix the ${count} problems listed below to publish\\.`) });
    await userEvent.click(publish);
    expect(calls.some((call) => call.path.endsWith('/publish'))).toBe(false);
  });

  it('edits a decision by the side panel and connects its branches by keyboard-reachable controls', async () => {
    serve();
    open();
    await screen.findByText('Ready to publish');
    await userEvent.click(screen.getByRole('button', { name: 'Add Decision' }));
    await screen.findByTestId('builder-node-decision-4');
    panel().getByText('A decision needs a condition.');
    fireEvent.change(panel().getByLabelText(/^Condition/), { target: { value: 'approval == "approved"' } });
    expect(panel().queryByText('A decision needs a condition.')).toBeNull();

    await userEvent.selectOptions(panel().getByLabelText('Connect to'), 'end');
    await userEvent.selectOptions(panel().getByLabelText('Branch'), 'yes');
    await userEvent.click(panel().getByRole('button', { name: /Connect/ }));
    panel().getByText('yes:', { exact: false });
    panel().getByRole('button', { name: 'Remove the connection to Done' });
  });

  it('Publish saves the draft, then publishes; the problems the server answers are shown on their nodes', async () => {
    const calls = serve({
      publish: {
        status: 400,
        body: {
          error: {
            code: 'VALIDATION_FAILED',
            message: 'The workflow is not ready to publish.',
            issues: [{ path: 'nodes.review', message: 'Server says: the approval needs a title.' }],
          },
        },
      },
    });
    open();
    await screen.findByText('Ready to publish');
    // An edit makes the draft dirty: Publish saves it first.
    fireEvent.click(screen.getByTestId('builder-node-review'));
    fireEvent.change(panel().getByLabelText(/^Label/), { target: { value: 'Approve the quarter' } });
    await userEvent.click(screen.getByRole('button', { name: 'Publish' }));
    await screen.findByText('— as the server answered on Publish');
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.path).toBe(`/api/v1/organization-workflows/${ID}`);
    expect(put?.body).toMatchObject({
      trigger: { kind: 'manual' },
      nodes: expect.arrayContaining([
        expect.objectContaining({ id: 'review', data: expect.objectContaining({ label: 'Approve the quarter' }) }),
      ]),
    });
    expect(calls.filter((call) => call.path.endsWith('/publish')).map((call) => call.method)).toEqual(['POST']);
    expect(calls.findIndex((call) => call.method === 'PUT')).toBeLessThan(calls.findIndex((call) => call.path.endsWith('/publish')));
    await waitFor(() => expect(screen.getByTestId('builder-node-review').dataset.invalid).toBe('true'));
    screen.getByRole('button', { name: /Approve the quarter: Server says: the approval needs a title\./ });
  });

  it('Run now starts a run of an active workflow; the trigger can be set to a schedule with its next runs', async () => {
    const calls = serve();
    open();
    await userEvent.click(await screen.findByRole('button', { name: /Run now/ }));
    await waitFor(() =>
      expect(calls.some((call) => call.method === 'POST' && call.path === `/api/v1/organization-workflows/${ID}/runs`)).toBe(true),
    );

    await userEvent.selectOptions(screen.getByLabelText('Runs'), 'schedule');
    await userEvent.selectOptions(screen.getByLabelText('Repeats'), 'FREQ=MONTHLY;INTERVAL=3');
    const preview = await screen.findByTestId('schedule-preview');
    expect(within(preview).getAllByRole('listitem')).toHaveLength(3);
    screen.getByText('Next runs (Europe/Paris)');
    const asked = calls.filter((call) => call.path === '/api/v1/workflow-schedule-preview').at(-1);
    expect(asked?.body).toMatchObject({ organizationId: ORG, rrule: 'FREQ=MONTHLY;INTERVAL=3', count: 3 });
    // Unsaved changes: Run now (the published version) waits for Save and Publish.
    expect(screen.getByRole<HTMLButtonElement>('button', { name: /Run now/ }).disabled).toBe(true);
    screen.getByLabelText('Organization time zone');
  });
});
