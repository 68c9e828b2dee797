import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SubscribeInput } from '../../../../shared/schemas/billing.ts';
import { accessQueryKey } from '../../auth/access-query.tsx';
import { myOrganizationsKey } from '../../auth/my-organizations.ts';
import { useStartCheckout } from './start-checkout.ts';

afterEach(() => vi.unstubAllGlobals());

const ORGANIZATION_ID = '3f0c9f7e-4a55-4c43-9d1f-2d1b9c1a7e10';
const activated = {
  kind: 'activated',
  subscription: {
    id: '5b7c1e1a-9f8e-4a57-8e6c-0c2d1f3e4a5b',
    organizationId: ORGANIZATION_ID,
    plan: 'growth',
    status: 'active',
    provider: 'manual',
    seats: 15,
    currentPeriodStart: '2026-11-27T08:00:00.000Z',
    currentPeriodEnd: '2026-12-27T08:00:00.000Z',
    createdAt: '2026-11-27T08:00:00.000Z',
  },
  invoice: {
    id: '7d1e2f3a-4b5c-4d6e-8f70-1a2b3c4d5e6f',
    number: 'INV-2026-000001',
    amountCents: 500_000,
    currency: 'usd',
    status: 'open',
    issuedAt: '2026-11-27T08:00:00.000Z',
    dueAt: '2026-12-27T08:00:00.000Z',
  },
};

describe('useStartCheckout', () => {
  it('refetches the buyer’s access and organization once the order is taken (they now manage one)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(activated), { status: 201, headers: { 'content-type': 'application/json' } })),
    );
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    queryClient.setQueryData(accessQueryKey('buyer'), { roles: ['client'] });
    queryClient.setQueryData(myOrganizationsKey, { tenant: 'none', organizations: [] });
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
    const { result } = renderHook(() => useStartCheckout(), { wrapper });

    await act(() => result.current.mutateAsync({} as SubscribeInput));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(queryClient.getQueryState(accessQueryKey('buyer'))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(myOrganizationsKey)?.isInvalidated).toBe(true);
  });
});
