import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FAKE_USER_ID, fakeAuth } from '../../../../../tests/fake-auth.ts';
import { renderSignedIn } from '../../../../../tests/render-signed-in.tsx';
import type { Connection, ConnectionRun, Connector } from '../../../../shared/schemas/connectors.ts';
import { ConnectionsSection } from './connections-section.tsx';

const ORG = '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b';
const CONNECTION_ID = '8a1b2c3d-4e5f-4a6b-9c7d-8e9f0a1b2c3d';
const RUN_ID = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const TOKEN = 'ghp_s3cr3t-s3cr3t-s3cr3t';

const github: Connector = {
  id: 'github',
  name: 'GitHub',
  description: 'Your GitHub organization.',
  credentialFields: [
    { key: 'organization', label: 'Organization', kind: 'text', required: true, help: 'The organization’s login.' },
    { key: 'token', label: 'Access token', kind: 'secret', required: true, help: 'Sealed; never shown again.' },
    { key: 'baseUrl', label: 'API URL', kind: 'url', required: false, help: 'For GitHub Enterprise Server.' },
  ],
  checks: [{ id: 'org_2fa_required', title: 'Two-factor authentication is required', controlIds: ['IAM-05'] }],
};
const broken: Connection = {
  id: CONNECTION_ID,
  organizationId: ORG,
  connectorId: 'github',
  name: 'GitHub octo-org',
  schedule: 'daily',
  status: 'credentials_failed',
  statusDetail: 'The provider refused the credentials (401): Bad credentials',
  credentialKeys: ['organization', 'token'],
  ownerId: FAKE_USER_ID,
  lastRunAt: '2026-11-28T06:00:00.000Z',
  nextRunAt: '2026-11-29T06:00:00.000Z',
  failingChecks: ['org_2fa_required'],
  createdAt: '2026-11-01T08:00:00.000Z',
};
const run: ConnectionRun = {
  id: RUN_ID,
  connectionId: CONNECTION_ID,
  trigger: 'schedule',
  status: 'failed',
  startedAt: '2026-11-27T06:00:00.000Z',
  endedAt: '2026-11-27T06:00:10.000Z',
  error: null,
  results: [
    {
      checkId: 'org_2fa_required',
      title: 'Two-factor authentication is required',
      outcome: 'fail',
      summary: 'The organization does not require two-factor authentication.',
      resources: [{ id: 'octo-org', passed: false, detail: 'two_factor_requirement_enabled: false' }],
      moreResources: 0,
      controlIds: ['IAM-05'],
      evidenceId: null,
    },
  ],
  createdAt: '2026-11-27T06:00:00.000Z',
};

interface Call {
  method: string;
  path: string;
  body: unknown;
}

function serve(connections: Connection[]): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const path = new URL(input, 'http://localhost').pathname;
      const body: unknown = init.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, path, body });
      if (path === '/api/v1/connectors') return Response.json({ connectors: [github] });
      if (path === '/api/v1/connections' && method === 'GET') return Response.json({ organizationId: ORG, connections });
      if (path === '/api/v1/connections') {
        const given = body as { credentials: Record<string, string> };
        if (given.credentials.organization === 'bad org') {
          return Response.json(
            {
              error: {
                code: 'VALIDATION_FAILED',
                message: 'The request is not valid.',
                issues: [{ path: 'body.credentials.organization', message: 'The organization’s login' }],
              },
            },
            { status: 400 },
          );
        }
        return Response.json({ ...broken, status: 'new', statusDetail: null, failingChecks: [] }, { status: 201 });
      }
      if (path.endsWith('/runs')) return Response.json({ runs: [run] });
      return Response.json({ error: { code: 'NOT_FOUND', message: 'No such thing.' } }, { status: 404 });
    }),
  );
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe('the connections section', () => {
  it('connects GitHub: required fields first, the server’s field errors next to the field, the token never shown again', async () => {
    const calls = serve([]);
    renderSignedIn(<ConnectionsSection organizationId={ORG} canManage />, fakeAuth());
    await screen.findByText('No connections yet');
    await userEvent.click(await screen.findByRole('button', { name: 'Connect GitHub' }));
    const dialog = await screen.findByRole('dialog', { name: 'Connect GitHub' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Connect' }));
    await within(dialog).findByText('Organization is required');
    within(dialog).getByText('Access token is required');
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    const token = within(dialog).getByLabelText(/^Access token/);
    expect(token.getAttribute('type')).toBe('password');
    await userEvent.type(within(dialog).getByLabelText(/^Organization/), 'bad org');
    await userEvent.type(token, TOKEN);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Connect' }));
    await within(dialog).findByText('The organization’s login');
    expect(
      within(dialog)
        .getByLabelText(/^Organization/)
        .getAttribute('aria-invalid'),
    ).toBe('true');

    await userEvent.clear(within(dialog).getByLabelText(/^Organization/));
    await userEvent.type(within(dialog).getByLabelText(/^Organization/), 'octo-org');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Connect' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((call) => call.method === 'POST').at(-1)).toEqual({
      method: 'POST',
      path: '/api/v1/connections',
      body: {
        organizationId: ORG,
        connectorId: 'github',
        name: 'GitHub',
        schedule: 'daily',
        credentials: { organization: 'octo-org', token: TOKEN, baseUrl: '' },
      },
    });
    expect(screen.queryByDisplayValue(TOKEN)).toBeNull();
  });

  it('says when credentials stopped working, lists failing checks, and shows a run’s resources at fault', async () => {
    serve([broken]);
    renderSignedIn(<ConnectionsSection organizationId={ORG} canManage={false} />, fakeAuth());
    const row = within(await screen.findByRole('list', { name: 'Connections' })).getByRole('listitem');
    within(row).getByText('Credentials refused');
    within(row).getByText('The credentials stopped working');
    within(row).getByText('Failing: Two-factor authentication is required');
    expect(within(row).queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Connect GitHub' })).toBeNull();
    await userEvent.click(within(row).getByRole('button', { name: 'Open GitHub octo-org’s runs' }));
    const runs = await within(row).findByRole('list', { name: 'Runs, latest first' });
    within(runs).getByText('Some checks failed');
    await userEvent.click(within(runs).getByText('1 resource at fault'));
    within(runs).getByText('octo-org');
  });
});
