import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MINE, ORG_ID, stubApi } from '../../../../tests/compliance-fixtures.ts';
import { renderWorkspaceRoute } from '../../../../tests/render-workspace-route.tsx';
import type { AttestationCampaignDetail } from '../../../shared/schemas/attestations.ts';
import type { Deliverable } from '../../../shared/schemas/deliverables.ts';
import type { Policy } from '../../../shared/schemas/policies.ts';
import DashboardRoute from './dashboard.tsx';

afterEach(() => vi.unstubAllGlobals());

const POLICY: Policy = {
  id: '7b0d3f51-5c1e-4a61-9a35-0c1f3b3c2a21',
  organizationId: ORG_ID,
  ref: 'POL-001',
  title: 'Information security policy',
  ownerId: '7b0d3f51-5c1e-4a61-9a35-0c1f3b3c2a22',
  ownerName: 'Dana Lead',
  currentVersion: 2,
  effectiveDate: '2026-01-01',
  reviewDate: '2026-06-01',
  isReviewDue: true,
  reviewTaskId: null,
  controlIds: ['GOV-01'],
  updatedAt: '2026-01-01T00:00:00.000Z',
};
const CAMPAIGN: AttestationCampaignDetail = {
  id: '7b0d3f51-5c1e-4a61-9a35-0c1f3b3c2a23',
  organizationId: ORG_ID,
  title: 'Annual acknowledgement',
  status: 'open',
  departments: [],
  groups: [],
  dueDate: '2026-12-31',
  reminderEveryDays: 7,
  nextReminderAt: null,
  linksExpireAt: '2027-01-30T23:59:59.000Z',
  createdAt: '2026-11-01T00:00:00.000Z',
  completedAt: null,
  completion: { acknowledged: 3, expected: 4, percent: 75 },
  people: { pending: 1, completed: 3, removed: 0 },
  policies: [
    {
      policyId: POLICY.id,
      ref: 'POL-001',
      title: POLICY.title,
      version: 2,
      evidenceId: null,
      completedAt: null,
      acknowledged: 3,
      expected: 4,
      percent: 75,
    },
  ],
  byDepartment: [
    { department: 'Engineering', acknowledged: 2, expected: 2, percent: 100 },
    { department: 'Sales', acknowledged: 1, expected: 2, percent: 50 },
  ],
  recipients: [],
};

const APPROVED: Deliverable = {
  id: '7b0d3f51-5c1e-4a61-9a35-0c1f3b3c2a24',
  title: 'Acceptable use policy',
  type: 'policy_draft',
  typeLabel: 'Policy draft',
  status: 'completed',
  dueDate: '2026-11-01T00:00:00.000Z',
  completedDate: '2026-11-02T00:00:00.000Z',
  assignedTo: 'Riley Reviewer',
  version: 'v1',
  size: 120,
  downloadCount: 0,
  description: '',
  tags: [],
  taskRequestId: '7b0d3f51-5c1e-4a61-9a35-0c1f3b3c2a25',
  organization: { id: ORG_ID, name: 'Acme' },
};

describe('the policies tab', () => {
  it('lists policies, campaigns with completion per department, the roster, and starts a campaign', async () => {
    const calls = stubApi((call) => {
      if (call.path === '/api/v1/attestation-campaigns' && call.method === 'POST') return CAMPAIGN;
      if (call.path === '/api/v1/policies' && call.method === 'POST') return { ...POLICY, body: '# AUP', versions: [] };
      return (
        {
          '/api/v1/organizations/mine': MINE,
          '/api/v1/policies': { organizationId: ORG_ID, policies: [POLICY] },
          '/api/v1/attestation-campaigns': { organizationId: ORG_ID, campaigns: [CAMPAIGN] },
          [`/api/v1/attestation-campaigns/${CAMPAIGN.id}`]: CAMPAIGN,
          '/api/v1/people': { organizationId: ORG_ID, people: [], departments: ['Engineering', 'Sales'], groups: [] },
          '/api/v1/deliverables': {
            deliverables: [APPROVED],
            counts: { all: 1, completed: 1, in_review: 0, pending: 0, overdue: 0 },
            tags: [],
          },
        } as Record<string, unknown>
      )[call.path];
    });
    const user = userEvent.setup();
    renderWorkspaceRoute(<DashboardRoute />, { url: '/dashboard-compliancecore?tab=policies', role: 'client' });
    await screen.findByText('Information security policy');
    screen.getByText('Review due');
    await screen.findByText('Annual acknowledgement');
    await user.click(screen.getByRole('button', { name: 'Details' }));
    const perDepartment = await screen.findByRole('region', { name: 'Completion per department' });
    within(perDepartment).getByText('1 of 2 (50%)');
    screen.getByText('Nobody here yet');

    await user.click(screen.getByRole('button', { name: 'New campaign' }));
    const dialog = await screen.findByRole('dialog', { name: 'New attestation campaign' });
    await user.click(within(dialog).getByLabelText('POL-001 Information security policy (v2)'));
    await user.click(within(dialog).getByLabelText('By department'));
    await user.click(within(dialog).getByLabelText('Sales'));
    await user.click(within(dialog).getByRole('button', { name: 'Start campaign' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New attestation campaign' })).toBeNull());
    const sent = calls.find((call) => call.path === '/api/v1/attestation-campaigns' && call.method === 'POST');
    expect(sent?.body).toMatchObject({
      policyIds: [POLICY.id],
      audience: { kind: 'departments', departments: ['Sales'] },
      reminderEveryDays: 7,
    });

    await user.click(screen.getByRole('button', { name: 'Publish a policy' }));
    const publish = await screen.findByRole('dialog', { name: 'Publish a policy' });
    await user.selectOptions(await within(publish).findByLabelText('Approved deliverable'), APPROVED.id);
    await user.selectOptions(within(publish).getByLabelText('Publish as'), POLICY.id);
    await user.click(within(publish).getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Publish a policy' })).toBeNull());
    const published = calls.find((call) => call.path === '/api/v1/policies' && call.method === 'POST');
    expect(published?.body).toMatchObject({ deliverableId: APPROVED.id, policyId: POLICY.id });
    expect(calls.some((call) => call.path === '/api/v1/deliverables' && call.query.get('type') === 'policy_draft')).toBe(true);
  }, 120_000);
});
