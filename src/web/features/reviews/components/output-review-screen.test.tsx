import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accessFor, fakeAuth } from '../../../../../tests/fake-auth.ts';
import { renderSignedIn } from '../../../../../tests/render-signed-in.tsx';
import { type BriefFacts, EMPTY_BRIEF_FACTS } from '../../../../shared/schemas/brief-facts.ts';
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
      briefFacts: null,
      removedReferences: [],
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

const BRIEF_FACTS: BriefFacts = {
  ...EMPTY_BRIEF_FACTS,
  frameworks: ['soc2'],
  outOfScope: [{ framework: 'hipaa', text: 'HIPAA is out of scope.', source: 'brief' }],
  things: [{ name: 'Okta', kind: 'identity_provider', source: 'brief' }],
  references: [
    { written: 'CC6.1', citation: 'SOC 2 CC6.1', framework: 'soc2', known: true, title: 'Logical access security', source: 'brief' },
    { written: 'CC9.9', citation: 'SOC 2 CC9.9', framework: 'soc2', known: false, title: null, source: 'brief' },
  ],
  gaps: [{ text: 'We have no quarterly access reviews.', topic: 'access reviews', controls: ['IAM-07'], source: 'brief' }],
  strengths: [{ text: 'Okta enforces MFA for everyone.', topic: 'multi-factor authentication', controls: ['IAM-05'], source: 'brief' }],
  questions: [{ text: 'Who approves access?', source: 'brief' }],
  peopleCount: 40,
  sources: [
    { name: 'title', kind: 'title', characters: 21, problem: null },
    { name: 'brief', kind: 'brief', characters: 120, problem: null },
    { name: 'org-chart.png', kind: 'attachment', characters: 0, problem: 'Images carry no text the agent can read.' },
  ],
};

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

  it('shows what the agent read beside the draft: named systems, stated gaps and strengths, and what to check by hand', async () => {
    const review = reviewOf(null);
    serve({ ...review, output: { ...review.output, briefFacts: BRIEF_FACTS, removedReferences: ['PCI DSS Req. 99.1'] } });
    renderScreen();
    const panel = await screen.findByRole('region', { name: 'What the agent read' });
    expect(panel.textContent).toContain('Okta (identity provider)');
    expect(panel.textContent).toContain('Removed before review: PCI DSS Req. 99.1');
    const text = panel.textContent ?? '';
    expect(text).toContain('Out of scope: HIPAA — must not be cited.');
    expect(text).toContain('Stated gaps (1)access reviews — “We have no quarterly access reviews.”');
    expect(text).toContain('Stated strengths (1)multi-factor authentication — “Okta enforces MFA for everyone.”');
    expect(text).toContain('SOC 2 CC6.1 Logical access security');
    expect(text).toContain('Who approves access?');
    expect(text).toContain('40 people');
    const check = within(panel).getByRole('note');
    expect(check.textContent).toContain('SOC 2 CC9.9 is not in the catalogue.');
    expect(check.textContent).toContain('org-chart.png: Images carry no text the agent can read.');
  });

  it('says so when a version was drafted before the agent recorded what it read', async () => {
    serve(reviewOf(null));
    renderScreen();
    const panel = await screen.findByRole('region', { name: 'What the agent read' });
    expect(panel.textContent).toContain('This version was drafted before agents recorded what they read.');
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
    await userEvent.click(button('Approve'));
    expect(await screen.findAllByText('Enter a score from 0 to 100')).toHaveLength(4);
    expect(screen.getByLabelText('Accuracy', { exact: false }).getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText('Accuracy', { exact: false }));
    expect(posts).toEqual([]);
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
