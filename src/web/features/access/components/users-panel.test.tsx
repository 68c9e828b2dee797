import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FAKE_USER_ID, fakeAuth } from '../../../../../tests/fake-auth.ts';
import { renderSignedIn } from '../../../../../tests/render-signed-in.tsx';
import type { AdminUser } from '../../../../shared/schemas/access.ts';
import { UsersPanel } from './users-panel.tsx';

const OTHER_ID = '0d6f1c3e-2b4a-4c5d-8e9f-a0b1c2d3e4f5';

const person = (userId: string, email: string): AdminUser => ({
  userId,
  email,
  createdAt: '2026-01-05T09:00:00.000Z',
  lastSignInAt: null,
  emailConfirmedAt: '2026-01-05T09:00:00.000Z',
  userType: 'staff',
  roles: [{ role: 'administrator', is_approver: false, is_integration_admin: false, is_data_ai_admin: false }],
  scopes: [],
});

interface Call {
  method: string;
  path: string;
  body: unknown;
}

/** A server holding two users (the signed-in administrator and one other), recording each call. */
function serve(): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const path = new URL(input, 'http://localhost').pathname;
      calls.push({ method, path, body: init.body ? JSON.parse(String(init.body)) : undefined });
      if (method === 'GET')
        return Response.json({ users: [person(FAKE_USER_ID, 'ada@example.com'), person(OTHER_ID, 'grace@example.com')], total: 2 });
      if (method === 'DELETE') return new Response(null, { status: 204 });
      const { email, userType, roles } = JSON.parse(String(init.body)) as AdminUser;
      return Response.json({ ...person(OTHER_ID, email), userType, roles, emailConfirmedAt: null }, { status: 201 });
    }),
  );
  return calls;
}

const renderPanel = () => renderSignedIn(<UsersPanel />, fakeAuth());

afterEach(() => vi.unstubAllGlobals());

describe('the users panel', () => {
  it('invites someone with the roles chosen, after checking the address', async () => {
    const calls = serve();
    renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: 'Invite User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite user' });
    // A sentence wraps between words on a phone; break-all cut it mid-word ("signs th / em in").
    const description = within(dialog).getByText(/They get an e-mail/);
    expect([...description.classList]).toContain('wrap-anywhere');
    expect([...description.classList]).not.toContain('break-all');
    await userEvent.type(within(dialog).getByLabelText(/Email/), 'not-an-address');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));
    await within(dialog).findByText('Please enter a valid email address');
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    await userEvent.clear(within(dialog).getByLabelText(/Email/));
    await userEvent.type(within(dialog).getByLabelText(/Email/), 'New.Reviewer@Example.com');
    await userEvent.click(within(dialog).getByLabelText(/Staff/));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Client' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Consultant' }));
    await userEvent.click(within(dialog).getAllByRole('checkbox', { name: 'Approver' })[0] as HTMLElement);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Invite user' })).toBeNull());
    expect(calls.find((call) => call.method === 'POST')).toEqual({
      method: 'POST',
      path: '/api/v1/admin/users',
      body: {
        email: 'new.reviewer@example.com',
        userType: 'staff',
        roles: [{ role: 'consultant', is_approver: true, is_integration_admin: false, is_data_ai_admin: false }],
        scopes: [],
      },
    });
  });

  it('deletes another user after confirmation, and offers no delete for oneself', async () => {
    const calls = serve();
    renderPanel();
    await screen.findByRole('button', { name: 'Delete grace@example.com' });
    expect(screen.queryByRole('button', { name: 'Delete ada@example.com' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Delete grace@example.com' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this user?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete User' }));
    await waitFor(() => expect(calls).toContainEqual({ method: 'DELETE', path: `/api/v1/admin/users/${OTHER_ID}`, body: undefined }));
  });
});
