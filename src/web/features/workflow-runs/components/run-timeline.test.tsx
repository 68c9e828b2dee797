import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWorkspaceRoute, serveApi } from '../../../../../tests/render-workspace-route.tsx';
import type { WorkflowRunDetail } from '../../../../shared/schemas/workflow-runs.ts';
import { RunTimeline } from './run-timeline.tsx';

const RUN = '3e4f5a6b-7c8d-4e9f-8a0b-1c2d3e4f5a6b';
const TASK = 'c85d1d43-1a2b-4c3d-8e4f-5a6b7c8d9e0f';

function run(): WorkflowRunDetail {
  const step = (seq: number, label: string, outcome: Record<string, unknown>) => ({
    id: `0c6f2a4e-7b1d-4c3e-9a5f-2d8e6b4c1a9${seq}`,
    seq,
    node_id: `node-${seq}`,
    node_type: 'action',
    label,
    action_type: 'create_task_request',
    status: 'succeeded' as const,
    input: {},
    outcome,
    error: null,
    attempts: 1,
    started_at: '2026-11-27T09:00:00.000Z',
    finished_at: '2026-11-27T09:00:01.000Z',
  });
  return {
    id: RUN,
    organization_id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
    workflow_id: '0c6f2a4e-7b1d-4c3e-9a5f-2d8e6b4c1a90',
    workflow_name: 'Quarterly access review',
    version: 2,
    status: 'succeeded',
    trigger_kind: 'manual',
    current_node_id: null,
    waiting_until: null,
    data: { taskRequestId: TASK },
    error: null,
    created_at: '2026-11-27T09:00:00.000Z',
    finished_at: '2026-11-27T09:00:02.000Z',
    steps: [step(1, 'File the review', { taskRequestId: TASK, title: 'File the Q4 access review', status: 'queued' })],
    approvals: [],
  };
}

describe('the run timeline', () => {
  it('names the task request a run created by its title and links to it, never by a raw id', async () => {
    serveApi({ [`/api/v1/workflow-runs/${RUN}`]: run() });
    const view = renderWorkspaceRoute(<RunTimeline runId={RUN} />, {
      url: '/dashboard-compliancecore?tab=workflows',
      role: 'client_manager',
      otherPages: { '/task-requests': <p>The task request page</p> },
    });
    const link = await screen.findByRole('link', { name: 'Task request created: File the Q4 access review' });
    expect(screen.getByTestId('workflow-run').textContent).not.toContain(TASK.slice(0, 8));
    screen.getByText(/status: queued/);
    await userEvent.click(link);
    await screen.findByText('The task request page');
    expect(view.location()?.search).toBe(`?request=${TASK}`);
  });
});
