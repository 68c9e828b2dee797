import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accessFor, fakeAuth } from '../../../../../tests/fake-auth.ts';
import { renderSignedIn } from '../../../../../tests/render-signed-in.tsx';
import type { ReviewPlan } from '../../../../shared/schemas/assistant-plans.ts';
import { ReviewDetail } from './review-detail.tsx';

const PLAN_ID = '5a7e2c1d-3b4f-4e6a-9c8d-0f1e2d3c4b5a';

const submitted: ReviewPlan = {
  id: PLAN_ID,
  subscription_id: '1e2d3c4b-5a69-4788-9a0b-1c2d3e4f5a6b',
  user_id: '2f3e4d5c-6b7a-4899-8a0b-1c2d3e4f5a6c',
  title: 'Set up quarterly access reviews',
  description: '',
  status: 'submitted',
  source_mode: 'general',
  raw_message: 'Help us set up quarterly access reviews for SOC 2',
  created_at: '2026-11-20T09:00:00.000Z',
  updated_at: '2026-11-20T09:30:00.000Z',
  submitted_at: '2026-11-20T09:30:00.000Z',
  reviewed_at: null,
  review_note: null,
  step_count: 1,
  requester_email: 'ada@acme.example',
  steps: [
    {
      id: '3a4b5c6d-7e8f-4a0b-8c1d-2e3f4a5b6c7d',
      plan_id: PLAN_ID,
      order_index: 0,
      title: 'Export user lists',
      description: '',
      category: 'security',
      priority: 2,
      status: 'pending',
    },
  ],
};

/** The server: the plan, and a decision that returns it decided; every request recorded. */
function serve(): { method: string; body: unknown }[] {
  const calls: { method: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_input: string, init: RequestInit = {}) => {
      const body = init.body ? (JSON.parse(String(init.body)) as { decision: string; note: string }) : undefined;
      calls.push({ method: init.method ?? 'GET', body });
      if (!body) return Response.json(submitted);
      return Response.json({
        ...submitted,
        status: body.decision === 'approve' ? 'approved' : 'changes_requested',
        review_note: body.note || null,
        reviewed_at: '2026-11-21T10:00:00.000Z',
      });
    }),
  );
  return calls;
}

function renderAs(isApprover: boolean, userId?: string) {
  const access = accessFor('consultant', userId);
  const auth = fakeAuth({
    access: { ...access, capabilities: { ...access.capabilities, is_approver: isApprover } },
    accessStatus: 'ready',
  });
  renderSignedIn(<ReviewDetail planId={PLAN_ID} />, userId && auth.user ? { ...auth, user: { ...auth.user, id: userId } } : auth);
}

afterEach(() => vi.unstubAllGlobals());

describe('reviewing a submitted plan', () => {
  it('labels the human decision as required and lets a reviewer without the approver flag only read', async () => {
    const calls = serve();
    renderAs(false);
    await screen.findByRole('heading', { level: 1, name: 'Set up quarterly access reviews' });
    screen.getByText('Human decision required');
    screen.getByText('Only approvers can decide');
    expect((screen.getByRole('button', { name: 'Approve Plan' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Request Changes' }) as HTMLButtonElement).disabled).toBe(true);
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('tells an approver who submitted the plan that someone else must decide', async () => {
    serve();
    renderAs(true, submitted.user_id);
    await screen.findByText('You submitted this plan');
    expect((screen.getByRole('button', { name: 'Approve Plan' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByText('Only approvers can decide')).toBeNull();
  });

  it('asks an approver for a note before sending a plan back, then records the decision', async () => {
    const calls = serve();
    renderAs(true);
    await userEvent.click(await screen.findByRole('button', { name: 'Request Changes' }));
    await screen.findByText('Say what should change, so the requester knows what to do.');
    expect(document.activeElement).toBe(screen.getByLabelText('Note to the requester'));
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    await userEvent.type(screen.getByLabelText('Note to the requester'), 'Name the system owners.');
    await userEvent.click(screen.getByRole('button', { name: 'Request Changes' }));
    await waitFor(() => screen.getByText('Sent back for changes'));
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      { method: 'POST', body: { decision: 'request_changes', note: 'Name the system owners.' } },
    ]);
    expect(screen.queryByRole('button', { name: 'Approve Plan' })).toBeNull();
  });
});
