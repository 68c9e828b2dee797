import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accessFor, fakeAuth } from '../../../../../tests/fake-auth.ts';
import { renderSignedIn } from '../../../../../tests/render-signed-in.tsx';
import type { DsarRequestDetail } from '../../../../shared/schemas/dsar.ts';
import { DsarRequestsPanel } from './dsar-requests-panel.tsx';

afterEach(() => vi.unstubAllGlobals());

const DAY_MS = 24 * 60 * 60 * 1000;
const received = new Date(Date.now() - 10 * DAY_MS);
const open: DsarRequestDetail = {
  id: '7d1c2f3e-1d5a-4c1e-9f0a-1b2c3d4e5f61',
  reference: 'DSAR-2026-000042',
  requestType: 'deletion',
  status: 'received',
  fullName: 'Ada Lovelace',
  email: 'ada@example.com',
  receivedAt: received.toISOString(),
  dueAt: new Date(received.getTime() + 30 * DAY_MS).toISOString(),
  completedAt: null,
  relationship: 'self',
  subjectName: null,
  country: 'France',
  accountEmail: null,
  details: 'Delete everything from the newsletter.',
  resolutionNote: null,
  handledByEmail: null,
};
const closed: DsarRequestDetail = {
  ...open,
  id: '7d1c2f3e-1d5a-4c1e-9f0a-1b2c3d4e5f62',
  reference: 'DSAR-2026-000007',
  fullName: 'Grace Hopper',
  email: 'grace@example.com',
  status: 'completed',
  completedAt: new Date(received.getTime() + 2 * DAY_MS).toISOString(),
};

function serve() {
  let current = open;
  const posts: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const path = String(input).split('?')[0];
      if (path === '/api/v1/admin/dsar-requests') return Response.json({ requests: [current, closed] });
      if (path === `/api/v1/admin/dsar-requests/${open.id}`) return Response.json(current);
      if (path === `/api/v1/admin/dsar-requests/${open.id}/resolution`) {
        const body = JSON.parse(String(init.body)) as { status: 'completed'; note: string; handledOn: string };
        posts.push(body);
        current = {
          ...current,
          status: body.status,
          resolutionNote: body.note,
          completedAt: `${body.handledOn}T12:00:00.000Z`,
          handledByEmail: 'admin@example.com',
        };
        return Response.json(current);
      }
      return Response.json({ error: { code: 'NOT_FOUND', message: 'nope' } }, { status: 404 });
    }),
  );
  return posts;
}

describe('DsarRequestsPanel', () => {
  it('lists open requests with the statutory clock, filters, opens one and marks it handled with a note and the day', async () => {
    const posts = serve();
    renderSignedIn(<DsarRequestsPanel />, fakeAuth({ access: accessFor('administrator'), accessStatus: 'ready' }));
    const list = await screen.findByRole('list', { name: 'Privacy requests' });
    // Open requests by default: the handled one is filtered out.
    expect(within(list).queryByText(/DSAR-2026-000007/)).toBeNull();
    within(list).getByText('Due in 20 days');

    await userEvent.selectOptions(screen.getByLabelText('Status'), 'all');
    within(list).getByText('Handled 28 days before the deadline');
    await userEvent.type(screen.getByLabelText('Reference, name or e-mail'), 'grace');
    expect(within(list).queryByText(/DSAR-2026-000042/)).toBeNull();
    await userEvent.clear(screen.getByLabelText('Reference, name or e-mail'));

    await userEvent.click(within(list).getByRole('button', { name: 'Open DSAR-2026-000042' }));
    await screen.findByText('Delete everything from the newsletter.');
    await userEvent.click(screen.getByRole('button', { name: 'Mark handled' }));
    await screen.findByText('Say what was done, so the next person can answer the requester');
    expect(posts).toEqual([]);

    await userEvent.type(screen.getByLabelText(/What was done/), 'Deleted the newsletter record.');
    await userEvent.click(screen.getByRole('button', { name: 'Mark handled' }));
    const resolution = await screen.findByTestId('dsar-resolution');
    expect(resolution.textContent).toContain('Deleted the newsletter record.');
    expect(resolution.textContent).toContain('by admin@example.com');
    const today = new Date().toISOString().slice(0, 10);
    expect(posts).toEqual([{ status: 'completed', note: 'Deleted the newsletter record.', handledOn: today }]);
    // The clock stays visible on the handled request.
    await waitFor(() => within(list).getByText('Handled 20 days before the deadline'));
  });

  it('keeps a request it just marked handled in view under the Open filter until it is closed', async () => {
    serve();
    renderSignedIn(<DsarRequestsPanel />, fakeAuth({ access: accessFor('administrator'), accessStatus: 'ready' }));
    const list = await screen.findByRole('list', { name: 'Privacy requests' });
    await userEvent.click(within(list).getByRole('button', { name: 'Open DSAR-2026-000042' }));
    await userEvent.type(await screen.findByLabelText(/What was done/), 'Deleted the newsletter record.');
    await userEvent.click(screen.getByRole('button', { name: 'Mark handled' }));
    expect((await screen.findByTestId('dsar-resolution')).textContent).toContain('Deleted the newsletter record.');
    await waitFor(() => within(list).getByText('Handled 20 days before the deadline'));
    await userEvent.click(within(list).getByRole('button', { name: 'Close DSAR-2026-000042' }));
    await screen.findByText('No request matches.');
  });
});
