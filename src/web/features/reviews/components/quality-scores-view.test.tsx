import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accessFor, fakeAuth } from '../../../../../tests/fake-auth.ts';
import { renderSignedIn } from '../../../../../tests/render-signed-in.tsx';
import type { QualityScores } from '../../../../shared/schemas/reviews.ts';
import { QualityScoresView } from './quality-scores-view.tsx';

const months = ['2026-06', '2026-07', '2026-08', '2026-09', '2026-10', '2026-11'].map((month) => ({
  month,
  score: null,
  band: null,
  reviews: 0,
}));

const scored: QualityScores = {
  overall: { score: 92.3, band: 'excellent', trend: 2.4 },
  reviewCount: 2,
  categories: [
    {
      category: 'accuracy',
      label: 'Accuracy',
      score: 95,
      band: 'excellent',
      trend: 1.5,
      details: 'Lowest 94, highest 96 across 2 assessed documents.',
    },
    {
      category: 'completeness',
      label: 'Completeness',
      score: 84,
      band: 'good',
      trend: null,
      details: 'Lowest 80, highest 88 across 2 assessed documents.',
    },
    {
      category: 'timeliness',
      label: 'Timeliness',
      score: 72,
      band: 'needs-improvement',
      trend: -3,
      details: 'Lowest 70, highest 74 across 2 assessed documents.',
    },
  ],
  months: [...months.slice(0, 5), { month: '2026-11', score: 92.3, band: 'excellent', reviews: 2 }],
  documents: [
    {
      id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
      outputId: '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e',
      document: 'Access control policy',
      score: 96,
      band: 'excellent',
      status: 'approved',
      issues: [],
      recommendations: ['Review access every quarter.'],
      assessedAt: '2026-11-20T09:00:00.000Z',
    },
    {
      id: '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f',
      outputId: '4d5e6f7a-8b9c-4d0e-9f1a-2b3c4d5e6f7a',
      document: 'Vendor review',
      score: 78,
      band: 'needs-improvement',
      status: 'rejected',
      issues: ['No owners', 'Cadence missing'],
      recommendations: [],
      assessedAt: '2026-11-21T09:00:00.000Z',
    },
  ],
};

function serve(body: QualityScores) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json(body)),
  );
}
const renderView = () => renderSignedIn(<QualityScoresView />, fakeAuth({ access: accessFor('client'), accessStatus: 'ready' }));

afterEach(() => vi.unstubAllGlobals());

describe('the quality scores screen', () => {
  it('names every band in words next to its colour, and marks an assessment without issues with the success icon', async () => {
    serve(scored);
    renderView();
    await screen.findByText('92.3');
    screen.getByText('+2.4 this month');
    screen.getByText('95 · Excellent');
    screen.getByText('84 · Good');
    screen.getByText('72 · Needs Improvement');
    screen.getByText('78 · Needs Improvement');
    expect(screen.getAllByTestId('no-issues-icon')).toHaveLength(1);
    screen.getByText('2 issues');
    screen.getByText('Cadence missing');
    screen.getByText('No comparison yet');
  });

  it('says so when nothing has been reviewed yet', async () => {
    serve({ overall: null, reviewCount: 0, categories: [], months, documents: [] });
    renderView();
    await screen.findByText('No scores yet');
    expect(screen.queryByText('By category')).toBeNull();
  });
});
