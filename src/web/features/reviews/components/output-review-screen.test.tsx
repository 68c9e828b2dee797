import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accessFor, fakeAuth } from '../../../../../tests/fake-auth.ts';
import { renderSignedIn } from '../../../../../tests/render-signed-in.tsx';
import type { DecisionBlocker, OutputReview } from '../../../../shared/schemas/reviews.ts';
import { OutputReviewScreen } from './output-review-screen.tsx';

const OUTPUT_ID = '7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f';

function reviewOf(whyNot: DecisionBlocker | null): OutputReview {
  return {
    request: {
      id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
      title: 'Access control policy',
      description: 'Write our access control policy for SOC 2.',
      department: 'compliance',
      frameworks: ['SOC 2'],
      priority: 'high',
      status: 'in_review',
      requesterName: 'ada@acme.example',
      deadline: null,
      dueAt: '2026-12-01T09:00:00.000Z',
      organizationName: 'Acme Health',
    },
    output: {
      id: OUTPUT_ID,
      version: 2,
      title: 'Access control policy',
      type: 'policy_draft',
      agentName: 'Policy Drafter',
      confidence: 87,
      generatedAt: '2026-11-24T09:00:00.000Z',
      status: 'pending_review',
      summary: 'An access control policy.',
      keyFindings: ['No quarterly access review today.'],
      riskScore: 62,
      recommendations: ['Review access every quarter.'],
      body: '# Access control\n\nReviews happen every quarter.\n',
      sources: [{ kind: 'framework_requirement', ref: 'SOC 2 CC6.1', title: 'Logical access' }],
      editedBy: null,
    },
    previous: { outputId: '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e', version: 1, body: '# Access control\n\nReviews happen yearly.\n' },
    diff: [
      { kind: 'unchanged', text: '# Access control' },
      { kind: 'removed', text: 'Reviews happen yearly.' },
      { kind: 'added', text: 'Reviews happen every quarter.' },
    ],
    reviews: [],
    canDecide: whyNot === null,
    whyNot,
  };
}

/** The server: the review, an empty queue, and a decision; every POST recorded. */
function serve(review: OutputReview) {
  const posts: { path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const path = String(input).split('?')[0] ?? '';
      if (init.method === 'POST') {
        const body = JSON.parse(String(init.body)) as { decision: string };
        posts.push({ path, body });
        return Response.json({
          outputId: OUTPUT_ID,
          decision: body.decision,
          overallScore: 73.8,
          requestStatus: 'queued',
          deliverable: null,
          runId: '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f',
        });
      }
      if (path === '/api/v1/review-queue') return Response.json({ outputs: [] });
      return Response.json(review);
    }),
  );
  return posts;
}

const renderScreen = () =>
  renderSignedIn(<OutputReviewScreen outputId={OUTPUT_ID} />, fakeAuth({ access: accessFor('consultant'), accessStatus: 'ready' }));
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

afterEach(() => vi.unstubAllGlobals());

describe('the output review screen', () => {
  it('labels the human decision as required, and says why a reviewer without the approver flag cannot decide', async () => {
    const posts = serve(reviewOf('not_approver'));
    renderScreen();
    await screen.findByRole('heading', { level: 1, name: 'Access control policy' });
    screen.getByText('Human decision required');
    screen.getByText('Only approvers can decide');
    expect(button('Approve').disabled).toBe(true);
    expect(button('Reject').disabled).toBe(true);
    expect(posts).toEqual([]);
  });

  it('tells an approver who requested the work that another approver must decide', async () => {
    serve(reviewOf('own_request'));
    renderScreen();
    await screen.findByText('You requested this work');
    expect(button('Approve').disabled).toBe(true);
    expect(screen.queryByText('Only approvers can decide')).toBeNull();
  });

  it('shows the risk band in words and the changed lines labelled for screen readers', async () => {
    serve(reviewOf(null));
    renderScreen();
    await screen.findByText('Medium Risk');
    screen.getByText('87%');
    const changes = screen.getByRole('list', { name: 'Changes since version 1' });
    expect(changes.textContent).toContain('Removed: Reviews happen yearly.');
    expect(changes.textContent).toContain('Added: Reviews happen every quarter.');
    screen.getByText('Logical access');
  });

  it('asks for notes before rejecting, then sends the decision and offers the next output', async () => {
    const posts = serve(reviewOf(null));
    renderScreen();
    await screen.findByText('Human decision required');
    for (const [label, value] of [
      ['Accuracy', '70'],
      ['Completeness', '60'],
      ['Framework alignment', '75'],
      ['Timeliness', '90'],
    ] as const) {
      await userEvent.type(screen.getByLabelText(label, { exact: false }), value);
    }
    await userEvent.click(button('Reject'));
    await screen.findByText('Say what should change, so the agent can redraft it.');
    expect(posts).toEqual([]);

    await userEvent.type(screen.getByLabelText('Notes'), 'Name the system owners.');
    await userEvent.click(button('Reject'));
    await screen.findByText('Rejected: returned for revision');
    expect(posts).toEqual([
      {
        path: `/api/v1/outputs/${OUTPUT_ID}/decision`,
        body: {
          decision: 'rejected',
          notes: 'Name the system owners.',
          scores: { accuracy: 70, completeness: 60, framework_alignment: 75, timeliness: 90 },
          issues: [],
        },
      },
    ]);
    await userEvent.click(button('Review Another Output'));
    await waitFor(() => screen.getByText('The queue is empty: nothing else awaits review.'));
  });
});
