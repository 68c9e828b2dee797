import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FAKE_USER_ID, fakeAuth } from '../../../../../tests/fake-auth.ts';
import { renderSignedIn } from '../../../../../tests/render-signed-in.tsx';
import type { ApiKey, Webhook, WebhookDelivery } from '../../../../shared/schemas/integrations.ts';
import { IntegrationsScreen } from './integrations-screen.tsx';

const ORG = '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b';
const KEY_ID = '8a1b2c3d-4e5f-4a6b-9c7d-8e9f0a1b2c3d';
const HOOK_ID = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const DELIVERY_ID = '9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a';
const SECRET_KEY = 'cck_ab12cd34_s3cr3t-s3cr3t-s3cr3t-s3cr3t-s3cr3t';
const NONE = {
  tasks: 'none',
  deliverables: 'none',
  evidence: 'none',
  programme: 'none',
  risks: 'none',
  vendors: 'none',
  policies: 'none',
  people: 'none',
} as const;

const apiKey: ApiKey = {
  id: KEY_ID,
  organizationId: ORG,
  name: 'CI pipeline',
  prefix: 'cck_ab12cd34',
  scopes: { ...NONE, evidence: 'read_write', tasks: 'read' },
  createdBy: FAKE_USER_ID,
  expiresAt: '2027-02-25T10:00:00.000Z',
  lastUsedAt: null,
  revokedAt: null,
  createdAt: '2026-11-27T10:00:00.000Z',
};
const turnedOff: Webhook = {
  id: HOOK_ID,
  organizationId: ORG,
  kind: 'webhook',
  url: 'https://siem.example.com/hooks',
  description: 'Our SIEM',
  events: ['task_request.status_changed'],
  enabled: false,
  consecutiveFailures: 5,
  disabledAt: '2026-11-26T08:30:00.000Z',
  createdAt: '2026-11-01T08:00:00.000Z',
};
const failed: WebhookDelivery = {
  id: DELIVERY_ID,
  webhookId: HOOK_ID,
  eventType: 'task_request.status_changed',
  eventId: 'evt-1',
  status: 'failed',
  attempts: 5,
  responseStatus: 503,
  lastError: 'The receiver answered 503.',
  createdAt: '2026-11-26T07:00:00.000Z',
  deliveredAt: null,
};

interface Call {
  method: string;
  path: string;
  body: unknown;
}

/** A server with the given keys and webhooks, recording each call. */
function serve({ keys = [] as ApiKey[], webhooks = [] as Webhook[] } = {}): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const path = new URL(input, 'http://localhost').pathname;
      const body: unknown = init.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, path, body });
      if (path === '/api/v1/integrations/api-keys' && method === 'GET') return Response.json({ keys });
      if (path === '/api/v1/integrations/api-keys') return Response.json({ ...apiKey, key: SECRET_KEY }, { status: 201 });
      if (path === '/api/v1/integrations/webhooks') return Response.json({ webhooks });
      if (path.endsWith('/deliveries')) return Response.json({ deliveries: [failed] });
      if (path.endsWith('/redelivery')) return Response.json({ ...failed, status: 'pending' });
      return Response.json({ error: { code: 'NOT_FOUND', message: 'No such thing.' } }, { status: 404 });
    }),
  );
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe('the integrations screen', () => {
  it('tells someone who is not an integration admin who is, and asks the API nothing', () => {
    const calls = serve();
    renderSignedIn(<IntegrationsScreen canManage={false} organizationId={undefined} />, fakeAuth());
    screen.getByRole('heading', { name: 'Integrations are managed by your integration admin' });
    expect(screen.getByRole('link', { name: 'API reference' }).getAttribute('href')).toBe('/api/reference/');
    expect(screen.queryByRole('button', { name: 'Create API key' })).toBeNull();
    expect(calls).toEqual([]);
  });

  it('creates a key with the access chosen and shows it once', async () => {
    const calls = serve();
    renderSignedIn(<IntegrationsScreen canManage organizationId={ORG} />, fakeAuth());
    await screen.findByText('No API keys yet');
    await userEvent.click(screen.getByRole('button', { name: 'Create API key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create an API key' });
    await userEvent.type(within(dialog).getByLabelText(/^Name/), 'CI pipeline');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create key' }));
    await within(dialog).findByText('Give the key access to at least one area');
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    await userEvent.selectOptions(within(dialog).getByLabelText('Evidence'), 'read_write');
    await userEvent.selectOptions(within(dialog).getByLabelText('Task requests'), 'read');
    await userEvent.selectOptions(within(dialog).getByLabelText('Expires'), '30');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create key' }));
    const shown = await screen.findByRole('dialog', { name: 'Your new API key' });
    expect((within(shown).getByLabelText('API key') as HTMLInputElement).value).toBe(SECRET_KEY);
    within(shown).getByText(/only time the key is shown/);
    expect(calls.find((call) => call.method === 'POST')).toEqual({
      method: 'POST',
      path: '/api/v1/integrations/api-keys',
      body: { organizationId: ORG, name: 'CI pipeline', scopes: { ...NONE, evidence: 'read_write', tasks: 'read' }, expiresInDays: 30 },
    });
    await userEvent.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByText(SECRET_KEY)).toBeNull();
    expect(screen.queryByDisplayValue(SECRET_KEY)).toBeNull();
  });

  it('lists a key with its access and last use, and revokes it after confirming', async () => {
    const calls = serve({ keys: [apiKey] });
    renderSignedIn(<IntegrationsScreen canManage organizationId={ORG} />, fakeAuth());
    const row = within(await screen.findByRole('list', { name: 'API keys' })).getByRole('listitem');
    within(row).getByText('Task requests: read · Evidence: read and write');
    within(row).getByText('Active');
    within(row).getByText('Feb 25, 2027');
    await userEvent.click(within(row).getByRole('button', { name: 'Revoke CI pipeline' }));
    const confirm = await screen.findByRole('dialog', { name: 'Revoke “CI pipeline”?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Revoke key' }));
    await waitFor(() => expect(calls.some((call) => call.path === `/api/v1/integrations/api-keys/${KEY_ID}/revocation`)).toBe(true));
  });

  it('shows why a webhook was turned off, its delivery log, and redelivers from it', async () => {
    const calls = serve({ webhooks: [turnedOff] });
    renderSignedIn(<IntegrationsScreen canManage organizationId={ORG} />, fakeAuth());
    await screen.findByText('Turned off after 5 failed deliveries in a row');
    expect(screen.getByRole('switch', { name: 'Turn on Our SIEM' }).getAttribute('aria-checked')).toBe('false');
    await userEvent.click(screen.getByRole('button', { name: 'Open delivery log of Our SIEM' }));
    const log = await screen.findByRole('list', { name: 'Deliveries to Our SIEM' });
    within(log).getByText('Failed');
    within(log).getByText('503');
    within(log).getByText('The receiver answered 503.');
    await userEvent.click(within(log).getByRole('button', { name: /^Redeliver/ }));
    await waitFor(() =>
      expect(
        calls.some(
          (call) => call.method === 'POST' && call.path === `/api/v1/integrations/webhooks/${HOOK_ID}/deliveries/${DELIVERY_ID}/redelivery`,
        ),
      ).toBe(true),
    );
  });

  it('checks a webhook on send, puts the server’s refusal on its field, and sends the chosen events', async () => {
    const calls = serve();
    const refusal = {
      error: {
        code: 'WEBHOOK_TARGET_NOT_PUBLIC',
        message: 'Not public',
        issues: [{ path: 'body.url', message: 'That address is not public' }],
      },
    };
    const answers = [Response.json(refusal, { status: 400 })];
    const fetchStub = vi.mocked(fetch);
    const serveDefault = fetchStub.getMockImplementation()!;
    fetchStub.mockImplementation(async (input, init = {}) => {
      if (init.method === 'POST' && String(input).endsWith('/integrations/webhooks')) {
        calls.push({ method: 'POST', path: '/api/v1/integrations/webhooks', body: JSON.parse(String(init.body)) });
        return answers.shift() ?? Response.json({ ...turnedOff, enabled: true, secret: 'whsec_1' }, { status: 201 });
      }
      return serveDefault(input, init);
    });
    renderSignedIn(<IntegrationsScreen canManage organizationId={ORG} />, fakeAuth());
    await userEvent.click(await screen.findByRole('button', { name: /Add webhook/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a webhook' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add webhook' }));
    await within(dialog).findByText('Enter a full https:// address');
    within(dialog).getByText('Choose at least one event');
    expect(document.activeElement).toBe(within(dialog).getByLabelText(/^URL/));
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    await userEvent.type(within(dialog).getByLabelText(/^URL/), 'https://10.0.0.1/hook');
    await userEvent.click(within(dialog).getAllByRole('checkbox')[0]!);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add webhook' }));
    await within(dialog).findByText('That address is not public');
    expect(within(dialog).getByLabelText(/^URL/).getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).queryByRole('alert')).toBeNull();

    await userEvent.clear(within(dialog).getByLabelText(/^URL/));
    await userEvent.type(within(dialog).getByLabelText(/^URL/), 'https://siem.example.com/hooks');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add webhook' }));
    await screen.findByRole('dialog', { name: 'Webhook added' });
    const posted = calls.filter((call) => call.method === 'POST').map((call) => call.body);
    expect(posted[1]).toEqual({
      organizationId: ORG,
      kind: 'webhook',
      url: 'https://siem.example.com/hooks',
      description: '',
      events: [expect.any(String)],
    });
  });
});
