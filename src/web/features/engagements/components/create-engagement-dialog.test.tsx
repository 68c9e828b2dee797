import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accessFor, fakeAuth } from '../../../../../tests/fake-auth.ts';
import { anEngagement } from '../../../../../tests/engagement-fixture.ts';
import { renderSignedIn } from '../../../../../tests/render-signed-in.tsx';
import { CreateEngagementDialog } from './create-engagement-dialog.tsx';

afterEach(() => vi.unstubAllGlobals());

const ACME = '7c1c2f3e-1d5a-4c1e-9f0a-1b2c3d4e5f01';
const GLOBEX = '7c1c2f3e-1d5a-4c1e-9f0a-1b2c3d4e5f02';

function serve(): { path: string; body: unknown }[] {
  const posts: { path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const path = new URL(input, 'http://localhost').pathname;
      if (path === '/api/v1/organizations/mine') {
        const organization = (id: string, name: string) => ({ id, name, engagementRole: null, team: [] });
        return Response.json({ tenant: 'all', organizations: [organization(ACME, 'Acme'), organization(GLOBEX, 'Globex')] });
      }
      if (path === '/api/v1/engagements' && init.method === 'POST') {
        posts.push({ path, body: JSON.parse(String(init.body)) });
        return Response.json(anEngagement({ id: '7c1c2f3e-1d5a-4c1e-9f0a-1b2c3d4e5f03', organizationId: ACME, requestCount: 40 }), {
          status: 201,
        });
      }
      return Response.json({ error: { code: 'NOT_FOUND', message: 'nope' } }, { status: 404 });
    }),
  );
  return posts;
}

describe('CreateEngagementDialog', () => {
  it('shows the first organization until another is chosen, checks the form, and sends the auditors as a list', async () => {
    const posts = serve();
    const onClose = vi.fn();
    renderSignedIn(
      <CreateEngagementDialog open onClose={onClose} />,
      fakeAuth({ access: accessFor('administrator'), accessStatus: 'ready' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Open an audit engagement' });
    await within(dialog).findByRole('option', { name: 'Globex' });
    await waitFor(() => expect((within(dialog).getByLabelText(/^Organization/) as HTMLSelectElement).value).toBe(ACME));

    await userEvent.click(within(dialog).getByRole('button', { name: 'Open engagement' }));
    await within(dialog).findByText('Name the engagement (at least 3 characters)');
    within(dialog).getByText('Invite at least one auditor');
    expect(document.activeElement).toBe(within(dialog).getByLabelText(/^Name/));
    expect(posts).toEqual([]);

    await userEvent.type(within(dialog).getByLabelText(/^Name/), 'SOC 2 Type II 2026');
    await userEvent.type(within(dialog).getByLabelText(/Auditors’ e-mail addresses/), 'Aude@Firm.example, bo@firm.example');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Open engagement' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith('7c1c2f3e-1d5a-4c1e-9f0a-1b2c3d4e5f03'));
    expect(posts[0]?.body).toMatchObject({
      organizationId: ACME,
      name: 'SOC 2 Type II 2026',
      frameworkId: 'soc2',
      auditType: 'type2',
      auditorEmails: ['aude@firm.example', 'bo@firm.example'],
    });
  });
});
