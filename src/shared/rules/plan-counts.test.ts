import { describe, expect, it } from 'vitest';
import { countPlans } from './plan-counts.ts';

describe('countPlans', () => {
  it('counts an approved plan as submitted, not as a draft', () => {
    expect(countPlans([{ status: 'approved' }, { status: 'draft' }])).toEqual({
      total: 2,
      draft: 1,
      awaitingReview: 0,
      approved: 1,
      changesRequested: 0,
      submitted: 1,
    });
  });

  it('counts each status once, and a plan sent back for changes as neither draft nor submitted', () => {
    const counts = countPlans([{ status: 'draft' }, { status: 'submitted' }, { status: 'changes_requested' }, { status: 'approved' }]);
    expect(counts).toMatchObject({ total: 4, draft: 1, awaitingReview: 1, approved: 1, changesRequested: 1, submitted: 2 });
  });

  it('counts nothing in an empty list', () => {
    expect(countPlans([])).toMatchObject({ total: 0, draft: 0, submitted: 0 });
  });
});
