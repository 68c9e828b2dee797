import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FAKE_USER_ID, fakeAuth } from '../../../../../tests/fake-auth.ts';
import { renderSignedIn } from '../../../../../tests/render-signed-in.tsx';
import type { ScimSettings } from '../../../../shared/schemas/scim.ts';
import { IntegrationsScreen } from './integrations-screen.tsx';
import { ScimSection } from './scim-section.tsx';

const ORG = '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b';
const SECRET = 'ccscim_ab12cd34_s3cr3t-s3cr3t-s3cr3t-s3cr3t-s3cr3t-xyz';
const BASE_URL = 'https://app.example.com/scim/v2';
const EMPTY: ScimSettings = { organizationId: ORG, baseUrl: BASE_URL, token: null, provisionedUsers: 0, provisionedGroups: 0 };
const WITH_TOKEN: ScimSettings = {
  ...EMPTY,
  token: {
    prefix: 'ccscim_ab12cd34',
    createdAt: '2026-11-20T09:00:00.000Z',
    createdBy: FAKE_USER_ID,
    createdByName: 'Casey Manager',
    lastUsedAt: '2026-11-28T14:05:00.000Z',
  },
  provisionedUsers: 42,
  provisionedGroups: 1,
};

interface Call {
  method: string;
  path: string;
  body: unknown;
}

/** The SCIM settings API over `state`, recording each call; `failing` answers the GET with a 500. */
function serve(initial: ScimSettings, { failing = false } = {}): Call[] {
  const calls: Call[] = [];
  let state = initial;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const path = new URL(input, 'http://localhost').pathname;
      calls.push({ method, path, body: init.body ? (JSON.parse(String(init.body)) as unknown) : undefined });
      if (path === '/api/v1/integrations/scim' && failing) {
        return Response.json({ error: { code: 'INTERNAL', message: 'Something went wrong on our side.' } }, { status: 500 });
      }
      if (path === '/api/v1/integrations/scim') return Response.json(state);
      if (path === '/api/v1/integrations/scim/token') {
        state = {
          ...WITH_TOKEN,
          token: { ...(WITH_TOKEN.token ?? EMPTY.token)!, lastUsedAt: null, createdAt: '2026-11-29T10:00:00.000Z' },
        };
        return Response.json({ ...state, secret: SECRET }, { status: 201 });
      }
      if (path === '/api/v1/integrations/scim/token/revocation') {
        state = { ...EMPTY, provisionedUsers: 42, provisionedGroups: 1 };
        return Response.json(state);
      }
      return Response.json({ error: { code: 'NOT_FOUND', message: 'No such thing.' } }, { status: 404 });
    }),
  );
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

const posts = (calls: Call[]) => calls.filter((call) => call.method === 'POST').map((call) => call.path);

async function tabTo(user: ReturnType<typeof userEvent.setup>, element: HTMLElement, limit = 30): Promise<void> {
  for (let press = 0; press < limit && document.activeElement !== element; press += 1) await user.tab();
  expect(document.activeElement).toBe(element);
}

describe('the SCIM section of the integrations screen', () => {
  it('is not there for someone who is not an integration admin, and asks the API nothing', () => {
    const calls = serve(EMPTY);
    renderSignedIn(
      <IntegrationsScreen canManage={false} organizationId={undefined}>
        <ScimSection organizationId={undefined} />
      </IntegrationsScreen>,
      fakeAuth(),
    );
    expect(screen.queryByRole('heading', { name: 'User provisioning (SCIM)' })).toBeNull();
    expect(calls).toEqual([]);
  });

  it('shows the base URL and, without a token, creates one and shows it once with a warning', async () => {
    const calls = serve(EMPTY);
    const user = userEvent.setup();
    renderSignedIn(<ScimSection organizationId={ORG} />, fakeAuth());
    within(screen.getByRole('status')).getByText('Loading the SCIM settings');
    await screen.findByText('No SCIM token yet');
    expect((screen.getByLabelText('SCIM base URL') as HTMLInputElement).value).toBe(BASE_URL);
    await user.click(screen.getByRole('button', { name: 'Copy the SCIM base URL' }));
    expect(await navigator.clipboard.readText()).toBe(BASE_URL);

    await user.click(screen.getByRole('button', { name: 'Create SCIM token' }));
    const shown = await screen.findByRole('dialog', { name: 'Your SCIM token' });
    expect((within(shown).getByLabelText('SCIM token') as HTMLInputElement).value).toBe(SECRET);
    within(shown).getByText(/only time the token is shown/);
    await user.click(within(shown).getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe(SECRET);
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ organizationId: ORG });
    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByDisplayValue(SECRET)).toBeNull();
    screen.getByText('ccscim_ab12cd34…');
    screen.getByText('Nov 29, 2026 by Casey Manager');
    screen.getByText('never');
  });

  it('rotates and revokes the token by keyboard, each after a confirmation that Escape cancels', async () => {
    const calls = serve(WITH_TOKEN);
    const user = userEvent.setup();
    renderSignedIn(<ScimSection organizationId={ORG} />, fakeAuth());
    await screen.findByText('Nov 20, 2026 by Casey Manager');
    screen.getByText('Nov 28, 14:05 UTC');
    screen.getByText('42 people, 1 group');

    await tabTo(user, screen.getByRole('button', { name: 'Revoke token' }));
    await user.keyboard('{Enter}');
    await screen.findByRole('dialog', { name: 'Revoke the SCIM token?' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts(calls)).toEqual([]);

    await tabTo(user, screen.getByRole('button', { name: 'Rotate token' }));
    await user.keyboard('{Enter}');
    const confirm = await screen.findByRole('dialog', { name: 'Replace the SCIM token?' });
    await tabTo(user, within(confirm).getByRole('button', { name: 'Replace token' }));
    await user.keyboard('{Enter}');
    const shown = await screen.findByRole('dialog', { name: 'Your SCIM token' });
    expect((within(shown).getByLabelText('SCIM token') as HTMLInputElement).value).toBe(SECRET);
    expect(posts(calls)).toEqual(['/api/v1/integrations/scim/token']);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await tabTo(user, screen.getByRole('button', { name: 'Revoke token' }));
    await user.keyboard('{Enter}');
    const revoke = await screen.findByRole('dialog', { name: 'Revoke the SCIM token?' });
    await tabTo(user, within(revoke).getByRole('button', { name: 'Revoke token' }));
    await user.keyboard('{Enter}');
    await screen.findByText('No SCIM token yet');
    expect(posts(calls)).toEqual(['/api/v1/integrations/scim/token', '/api/v1/integrations/scim/token/revocation']);
  });

  it('says when the settings cannot be loaded, and retries', async () => {
    const calls = serve(EMPTY, { failing: true });
    const user = userEvent.setup();
    renderSignedIn(<ScimSection organizationId={ORG} />, fakeAuth());
    const alert = await screen.findByRole('alert');
    within(alert).getByText('The SCIM settings could not be loaded');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(calls.filter((call) => call.path === '/api/v1/integrations/scim')).toHaveLength(2));
  });
});
