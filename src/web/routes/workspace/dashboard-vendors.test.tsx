import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONTROLS, MINE, ORG_ID, stubApi } from '../../../../tests/compliance-fixtures.ts';
import { renderWorkspaceRoute } from '../../../../tests/render-workspace-route.tsx';
import type { Vendor } from '../../../shared/schemas/vendors.ts';
import DashboardRoute from './dashboard.tsx';

afterEach(() => vi.unstubAllGlobals());

const TAB = '/dashboard-compliancecore?tab=vendors';
const VENDOR: Vendor = {
  id: '7b0d3f51-5c1e-4a61-9a35-0c1f3b3c2a11',
  ref: 'V-001',
  name: 'Acme Payroll',
  website: 'https://acme-payroll.example',
  owner: null,
  tier: 1,
  reviewCadenceMonths: 6,
  services: 'Payroll processing',
  dataCategories: ['personal', 'payment'],
  isSubProcessor: true,
  contractStart: '2026-01-01',
  contractEnd: '2027-12-31',
  dpaSignedOn: '2026-01-05',
  baaSignedOn: null,
  status: 'proposed',
  residualRisk: null,
  conditions: '',
  nextReviewOn: '2026-07-01',
  reviewDue: true,
  risks: [],
  controlIds: [],
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('the vendors tab', () => {
  it('lists vendors, filters them through listVendors, and creates one through the dialog', async () => {
    const calls = stubApi((call) => {
      if (call.path === '/api/v1/vendors' && call.method === 'POST')
        return { ...VENDOR, id: '7b0d3f51-5c1e-4a61-9a35-0c1f3b3c2a12', ref: 'V-002', name: 'Cloud Mail' };
      return (
        {
          '/api/v1/organizations/mine': MINE,
          '/api/v1/controls': CONTROLS,
          '/api/v1/vendors': { organizationId: ORG_ID, vendors: [VENDOR] },
          [`/api/v1/vendors/${VENDOR.id}`]: VENDOR,
        } as Record<string, unknown>
      )[call.path];
    });
    const user = userEvent.setup();
    renderWorkspaceRoute(<DashboardRoute />, { url: TAB, role: 'client' });
    const list = await screen.findByRole('list', { name: 'Vendors' });
    within(list).getByText('Acme Payroll');
    within(list).getByText('Review due');

    await user.selectOptions(screen.getByLabelText('Tier'), '1');
    expect(calls.some((call) => call.path === '/api/v1/vendors' && call.query.get('tier') === '1')).toBe(true);

    await user.click(within(list).getByRole('button', { name: 'Open V-001 Acme Payroll' }));
    const detail = await screen.findByRole('dialog', { name: 'V-001 Acme Payroll' });
    within(detail).getByText('Personal data, Payment data');
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('button', { name: 'Add a vendor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a vendor' });
    await user.click(within(dialog).getByRole('button', { name: 'Add vendor' }));
    await within(dialog).findByText('Name the vendor (at least 2 characters)');
    await user.type(within(dialog).getByLabelText(/^Vendor/), 'Cloud Mail');
    await user.click(within(dialog).getByLabelText('Credentials'));
    await user.click(within(dialog).getByRole('button', { name: 'Add vendor' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add a vendor' })).toBeNull());
    const sent = calls.find((call) => call.path === '/api/v1/vendors' && call.method === 'POST');
    expect(sent?.body).toMatchObject({ name: 'Cloud Mail', tier: 3, dataCategories: ['credentials'], status: 'proposed' });
    expect((sent?.body as Record<string, unknown>).nextReviewOn).toBeUndefined();
  }, 120_000);
});
