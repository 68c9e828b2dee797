import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accessFor, fakeAuth } from '../../../../../tests/fake-auth.ts';
import { renderSignedIn } from '../../../../../tests/render-signed-in.tsx';
import type { SupportRequestDetail } from '../../../../shared/schemas/support.ts';
import { NewSupportRequestDialog } from './new-support-request-dialog.tsx';

const created: SupportRequestDetail = {
  id: '5a7e2c1d-3b4f-4e6a-9c8d-0f1e2d3c4b5a',
  organizationId: '1e2d3c4b-5a69-4788-9a0b-1c2d3e4f5a6b',
  organizationName: 'Acme Health',
  subject: 'Cannot export the risk register',
  category: 'technical_problem',
  priority: 'urgent',
  status: 'open',
  requesterName: 'Ada',
  createdAt: '2026-11-27T08:00:00.000Z',
  lastMessageAt: '2026-11-27T08:00:00.000Z',
  firstResponseAt: null,
  sla: { state: 'due', dueAt: '2026-11-27T12:00:00.000Z', remainingMs: 4 * 3_600_000 },
  messages: [],
};

function serve(): { url: string; method: string; body: unknown }[] {
  const calls: { url: string; method: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      calls.push({
        url: String(input),
        method: init.method ?? 'GET',
        body: init.body ? (JSON.parse(String(init.body)) as unknown) : undefined,
      });
      return Response.json(created, { status: 201 });
    }),
  );
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe('NewSupportRequestDialog', () => {
  it('refuses an empty or too-short request next to each field and sends nothing', async () => {
    const calls = serve();
    const onCreated = vi.fn();
    renderSignedIn(<NewSupportRequestDialog onCreated={onCreated} />, fakeAuth({ access: accessFor('client') }));
    await userEvent.click(screen.getByRole('button', { name: 'New support request' }));
    const dialog = await screen.findByRole('dialog', { name: 'New support request' });
    expect(dialog.contains(document.activeElement)).toBe(true);

    await userEvent.click(screen.getByRole('button', { name: 'Send request' }));
    expect((await screen.findByText('Give the request a subject (at least 3 characters)')).textContent).toBeTruthy();
    expect(screen.getByText('Describe what you need (at least 10 characters)').textContent).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /Subject/ }).getAttribute('aria-invalid')).toBe('true');
    await userEvent.type(screen.getByRole('textbox', { name: /Message/ }), 'Too short');
    await userEvent.click(screen.getByRole('button', { name: 'Send request' }));
    expect((await screen.findByText('Describe what you need (at least 10 characters)')).textContent).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
    expect(onCreated).not.toHaveBeenCalled();
  });

  it('sends subject, category, priority and message, then closes; Escape closes it too', async () => {
    const calls = serve();
    const onCreated = vi.fn();
    renderSignedIn(<NewSupportRequestDialog onCreated={onCreated} />, fakeAuth({ access: accessFor('client') }));
    await userEvent.click(screen.getByRole('button', { name: 'New support request' }));
    await screen.findByRole('dialog');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await userEvent.click(screen.getByRole('button', { name: 'New support request' }));
    await userEvent.type(await screen.findByRole('textbox', { name: /Subject/ }), 'Cannot export the risk register');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'technical_problem');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Priority' }), 'urgent');
    await userEvent.type(screen.getByRole('textbox', { name: /Message/ }), 'The CSV export spins forever.');
    await userEvent.click(screen.getByRole('button', { name: 'Send request' }));

    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(created));
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.url).toContain('/api/v1/support-requests');
    expect(post?.body).toEqual({
      subject: 'Cannot export the risk register',
      category: 'technical_problem',
      priority: 'urgent',
      message: 'The CSV export spins forever.',
      attachmentIds: [],
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
