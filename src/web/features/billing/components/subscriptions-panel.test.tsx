import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accessFor, fakeAuth } from '../../../../../tests/fake-auth.ts';
import { renderSignedIn } from '../../../../../tests/render-signed-in.tsx';
import type { AdminSubscription } from '../../../../shared/schemas/billing.ts';
import { SubscriptionsPanel } from './subscriptions-panel.tsx';

afterEach(() => vi.unstubAllGlobals());

const base: AdminSubscription = {
  id: '1e2d3c4b-5a69-4788-9a0b-1c2d3e4f5a6b',
  plan: 'growth',
  status: 'active',
  currentPeriodStart: '2026-11-01T00:00:00.000Z',
  currentPeriodEnd: '2026-12-01T00:00:00.000Z',
  seats: 10,
  organizationId: '2e2d3c4b-5a69-4788-9a0b-1c2d3e4f5a6b',
  userId: '3e2d3c4b-5a69-4788-9a0b-1c2d3e4f5a6b',
  provider: 'manual',
  organizationName: 'Acme Analytics GmbH',
  billingEmail: 'billing@acme.example',
  createdAt: '2026-11-01T09:00:00.000Z',
  invoices: [
    {
      id: '4e2d3c4b-5a69-4788-9a0b-1c2d3e4f5a6b',
      number: 'INV-2026-0001',
      amountCents: 500_000,
      currency: 'usd',
      status: 'open',
      issuedAt: '2026-11-01T09:00:00.000Z',
      dueAt: null,
    },
  ],
};
const lapsed: AdminSubscription = {
  ...base,
  id: '5e2d3c4b-5a69-4788-9a0b-1c2d3e4f5a6b',
  plan: 'essential',
  status: 'past_due',
  organizationName: 'Borealis Bank',
  billingEmail: 'ap@borealis.example',
  invoices: [],
};

describe('SubscriptionsPanel', () => {
  it('lists, filters and opens subscriptions', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ subscriptions: [base, lapsed] })),
    );
    renderSignedIn(<SubscriptionsPanel />, fakeAuth({ access: accessFor('administrator'), accessStatus: 'ready' }));
    const list = await screen.findByRole('list', { name: 'Subscriptions' });
    within(list).getByText('Acme Analytics GmbH');
    within(list).getByText('Borealis Bank');

    await userEvent.selectOptions(screen.getByLabelText('Status'), 'past_due');
    expect(within(list).queryByText('Acme Analytics GmbH')).toBeNull();
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'all');
    await userEvent.type(screen.getByLabelText('Organisation or e-mail'), 'acme');
    expect(within(list).queryByText('Borealis Bank')).toBeNull();
    screen.getByText('1 of 2 subscriptions');

    await userEvent.click(within(list).getByRole('button', { name: 'Open Acme Analytics GmbH' }));
    screen.getByText('INV-2026-0001');
    screen.getByText('$5,000.00');
    expect(within(list).getByRole('button', { name: 'Close Acme Analytics GmbH' }).getAttribute('aria-expanded')).toBe('true');
  });
});
