import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeAuth } from '../../../../../tests/fake-auth.ts';
import { renderSignedIn } from '../../../../../tests/render-signed-in.tsx';
import type { AdminUser } from '../../../../shared/schemas/access.ts';
import type { Organization, StaffAssignment } from '../../../../shared/schemas/organizations.ts';
import { OrganizationsPanel } from './organizations-panel.tsx';

const ACME = '11111111-1111-4111-8111-111111111111';
const BOREALIS = '22222222-2222-4222-8222-222222222222';
const ADA = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const GRACE = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
const NOW = '2026-11-20T09:00:00.000Z';

const organization = (id: string, name: string): Organization => ({
  id,
  name,
  website: null,
  size: null,
  country: null,
  plan: 'growth',
  subscriptionStatus: 'active',
  openRequests: 0,
  overdueRequests: 0,
  dueSoonRequests: 0,
  waitingForClient: 0,
  memberCount: 1,
  staffCount: 0,
  createdAt: NOW,
});
const staff = (userId: string, email: string): AdminUser => ({
  userId,
  email,
  createdAt: NOW,
  lastSignInAt: null,
  emailConfirmedAt: NOW,
  userType: 'staff',
  roles: [],
  scopes: [],
});

interface Call {
  method: string;
  path: string;
  body: unknown;
}

/** A small in-memory server for the organizations endpoints, recording each call. */
function serve(options: { organizations?: Organization[]; failList?: boolean } = {}) {
  const calls: Call[] = [];
  const organizations = options.organizations ?? [organization(ACME, 'Acme Health'), organization(BOREALIS, 'Borealis Bank')];
  const assignments: StaffAssignment[] = [
    {
      id: 'c0000000-0000-4000-8000-000000000001',
      organizationId: ACME,
      staffUserId: ADA,
      staffEmail: 'ada@example.com',
      engagementRole: 'lead_consultant',
      createdBy: null,
      createdAt: NOW,
    },
  ];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const url = new URL(input, 'http://localhost');
      const body = init.body ? (JSON.parse(String(init.body)) as Record<string, string>) : undefined;
      calls.push({ method, path: url.pathname, body });
      const staffPath = /^\/api\/v1\/admin\/organizations\/([^/]+)\/staff(?:\/([^/]+))?$/.exec(url.pathname);
      if (url.pathname === '/api/v1/admin/organizations' && method === 'GET') {
        if (options.failList) return Response.json({ error: { code: 'INTERNAL', message: 'The database is away.' } }, { status: 500 });
        const withCounts = organizations.map((org) => ({
          ...org,
          staffCount: assignments.filter((row) => row.organizationId === org.id).length,
        }));
        return Response.json({ organizations: withCounts, total: withCounts.length });
      }
      if (url.pathname === '/api/v1/admin/organizations' && method === 'POST') {
        const created = organization('33333333-3333-4333-8333-333333333333', String(body?.name));
        organizations.push(created);
        return Response.json(created, { status: 201 });
      }
      if (url.pathname === '/api/v1/admin/users')
        return Response.json({ users: [staff(ADA, 'ada@example.com'), staff(GRACE, 'grace@example.com')], total: 2 });
      if (staffPath && method === 'GET')
        return Response.json({ assignments: assignments.filter((row) => row.organizationId === staffPath[1]) });
      if (staffPath && method === 'POST') {
        const assignment: StaffAssignment = {
          id: 'c0000000-0000-4000-8000-000000000002',
          organizationId: String(staffPath[1]),
          staffUserId: String(body?.staffUserId),
          staffEmail: body?.staffUserId === GRACE ? 'grace@example.com' : 'ada@example.com',
          engagementRole: body?.engagementRole as StaffAssignment['engagementRole'],
          createdBy: null,
          createdAt: NOW,
        };
        assignments.push(assignment);
        return Response.json(assignment, { status: 201 });
      }
      if (staffPath && method === 'DELETE') {
        assignments.splice(
          assignments.findIndex((row) => row.id === staffPath[2]),
          1,
        );
        return new Response(null, { status: 204 });
      }
      return Response.json({ error: { code: 'NOT_FOUND', message: 'Not found.' } }, { status: 404 });
    }),
  );
  return calls;
}

const renderPanel = () => renderSignedIn(<OrganizationsPanel />, fakeAuth());

afterEach(() => vi.unstubAllGlobals());

describe('the organizations panel', () => {
  it('lists organizations and assigns a staff member with an engagement role, by keyboard', async () => {
    const calls = serve();
    renderPanel();
    expect(screen.getByRole('status').textContent).toContain('Loading organizations');
    const nav = await screen.findByRole('navigation', { name: 'Organizations' });
    expect(
      within(nav)
        .getByRole('button', { name: /Acme Health/ })
        .getAttribute('aria-pressed'),
    ).toBe('true');
    expect((await screen.findByRole('list', { name: 'Staff assigned to Acme Health' })).textContent).toContain('ada@example.com');

    within(nav)
      .getByRole('button', { name: /Borealis Bank/ })
      .focus();
    await userEvent.keyboard('{Enter}');
    expect(
      within(nav)
        .getByRole('button', { name: /Borealis Bank/ })
        .getAttribute('aria-pressed'),
    ).toBe('true');
    await screen.findByText(/Nobody is assigned yet/);

    const form = await screen.findByRole('form', { name: 'Assign staff to Borealis Bank' });
    await userEvent.click(within(form).getByRole('button', { name: 'Assign Staff' }));
    await within(form).findByText('Choose a staff member', { selector: 'p' });
    await userEvent.selectOptions(within(form).getByLabelText('Staff member'), 'grace@example.com');
    await userEvent.selectOptions(within(form).getByLabelText('Engagement role'), 'Reviewer');
    await userEvent.click(within(form).getByRole('button', { name: 'Assign Staff' }));

    expect((await screen.findByRole('list', { name: 'Staff assigned to Borealis Bank' })).textContent).toContain('grace@example.com');
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      { method: 'POST', path: `/api/v1/admin/organizations/${BOREALIS}/staff`, body: { staffUserId: GRACE, engagementRole: 'reviewer' } },
    ]);
    await waitFor(() => expect(within(nav).getByRole('button', { name: /Borealis Bank/ }).textContent).toContain('1 assigned staff'));
  });

  it('removes an assignment after confirmation', async () => {
    const calls = serve();
    renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: 'Remove ada@example.com from Acme Health' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove this assignment?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove Assignment' }));
    await screen.findByText(/Nobody is assigned yet/);
    expect(calls.find((call) => call.method === 'DELETE')?.path).toBe(
      `/api/v1/admin/organizations/${ACME}/staff/c0000000-0000-4000-8000-000000000001`,
    );
  });

  it('creates an organization after checking its name, and selects it', async () => {
    const calls = serve();
    renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: 'New Organization' }));
    const dialog = await screen.findByRole('dialog', { name: 'New organization' });
    await userEvent.type(within(dialog).getByLabelText(/Name/), 'C');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Organization' }));
    await within(dialog).findByText('At least 2 characters');
    expect(within(dialog).getByLabelText(/Name/).getAttribute('aria-invalid')).toBe('true');
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    await userEvent.type(within(dialog).getByLabelText(/Name/), 'obalt Logistics');
    await userEvent.selectOptions(within(dialog).getByLabelText('Company size'), '51-200 employees');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Organization' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New organization' })).toBeNull());
    expect(calls.find((call) => call.method === 'POST')).toEqual({
      method: 'POST',
      path: '/api/v1/admin/organizations',
      body: { name: 'Cobalt Logistics', size: '51-200' },
    });
    const nav = screen.getByRole('navigation', { name: 'Organizations' });
    await waitFor(() =>
      expect(
        within(nav)
          .getByRole('button', { name: /Cobalt Logistics/ })
          .getAttribute('aria-pressed'),
      ).toBe('true'),
    );
  });

  it('marks the sample organization as sample (docs/sample-data.md)', async () => {
    serve({
      organizations: [{ ...organization(ACME, 'Northwind Health Partners'), isSample: true }, organization(BOREALIS, 'Borealis Bank')],
    });
    renderPanel();
    const nav = await screen.findByRole('navigation', { name: 'Organizations' });
    expect(within(nav).getByRole('button', { name: /Northwind Health Partners/ }).textContent).toContain('Sample');
    expect(within(nav).getByRole('button', { name: /Borealis Bank/ }).textContent).not.toContain('Sample');
  });

  it('says so when there are no organizations', async () => {
    serve({ organizations: [] });
    renderPanel();
    await screen.findByText(/No organizations yet/);
  });

  it('shows the failure in words with a retry', async () => {
    serve({ failList: true });
    renderPanel();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not load organizations');
    expect(alert.textContent).toContain('The database is away.');
    within(alert).getByRole('button', { name: 'Try Again' });
  });
});
