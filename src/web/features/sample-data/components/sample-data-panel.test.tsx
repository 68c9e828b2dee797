import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeAuth } from '../../../../../tests/fake-auth.ts';
import { renderSignedIn } from '../../../../../tests/render-signed-in.tsx';
import {
  SAMPLE_ACCOUNT_KINDS,
  SAMPLE_ACCOUNTS,
  SAMPLE_COMPANY,
  SAMPLE_CONTENT_KINDS,
  type SampleDataStatus,
} from '../../../../shared/schemas/sample-data.ts';
import { SampleDataPanel } from './sample-data-panel.tsx';

const ORG = '44444444-4444-4444-8444-444444444444';
const accounts = SAMPLE_ACCOUNT_KINDS.map((kind) => ({ kind, ...SAMPLE_ACCOUNTS[kind] }));
const NOT_LOADED: SampleDataStatus = {
  loaded: false,
  organization: null,
  counts: Object.fromEntries(SAMPLE_CONTENT_KINDS.map((kind) => [kind, 0])) as SampleDataStatus['counts'],
  requestStatuses: {},
  accounts,
};
const LOADED: SampleDataStatus = {
  loaded: true,
  organization: { id: ORG, name: SAMPLE_COMPANY.companyName, createdAt: '2026-11-27T00:00:00.000Z' },
  counts: { ...NOT_LOADED.counts, taskRequests: 9, deliverables: 9, controls: 42, evidence: 3, risks: 4, workflows: 2 },
  requestStatuses: { queued: 4, in_review: 1, delivered: 3, cancelled: 1 },
  accounts,
};

/** The sample-data endpoints in memory; each call is recorded. */
function serve(options: { failLoad?: boolean } = {}) {
  const calls: string[] = [];
  let state = NOT_LOADED;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const url = new URL(input, 'http://localhost');
      calls.push(`${method} ${url.pathname}`);
      if (url.pathname !== '/api/v1/admin/sample-data')
        return Response.json({ error: { code: 'NOT_FOUND', message: 'x' } }, { status: 404 });
      if (method === 'GET') return Response.json(state);
      if (method === 'POST') {
        if (options.failLoad) return Response.json({ error: { code: 'CONFLICT', message: 'An account is in the way.' } }, { status: 409 });
        state = LOADED;
        return Response.json({ ...LOADED, created: true, password: 'Nw-once-only-password-123' }, { status: 201 });
      }
      state = NOT_LOADED;
      return Response.json({ removed: true, tables: [{ table: 'task_requests', rows: 9 }], accounts: 4 });
    }),
  );
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe('the sample data panel', () => {
  it('loads the sample, shows what it holds and the password once, and removes it after a confirmation naming what goes', async () => {
    const calls = serve();
    renderSignedIn(<SampleDataPanel />, fakeAuth());
    await screen.findByText('Not loaded');
    await userEvent.click(screen.getByRole('button', { name: /Load sample data/ }));
    expect(await screen.findByTestId('sample-password')).toHaveProperty('textContent', 'Nw-once-only-password-123');
    const contents = screen.getByLabelText('What the sample holds');
    expect(within(contents).getByText('Task requests').nextSibling?.textContent).toBe('9');
    screen.getByText(/Queued 4 · In review 1/);
    expect(screen.getByLabelText('Sample accounts').textContent).toContain(SAMPLE_ACCOUNTS.client_manager.email);

    await userEvent.click(screen.getByRole('button', { name: /Remove sample data/ }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain(`Remove ${SAMPLE_COMPANY.companyName}?`);
    expect(dialog.textContent).toContain('9 task requests');
    expect(dialog.textContent).toContain(SAMPLE_ACCOUNTS.auditor.email);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove the sample data' }));
    await waitFor(() => expect(calls).toContain('DELETE /api/v1/admin/sample-data'));
    await screen.findByText('Not loaded');
    expect(screen.queryByTestId('sample-password')).toBeNull();
  });

  it('says when the password is no longer shown, and shows a failed load', async () => {
    serve({ failLoad: true });
    renderSignedIn(<SampleDataPanel />, fakeAuth());
    await userEvent.click(await screen.findByRole('button', { name: /Load sample data/ }));
    expect((await screen.findByRole('alert')).textContent).toContain('An account is in the way.');
  });
});
