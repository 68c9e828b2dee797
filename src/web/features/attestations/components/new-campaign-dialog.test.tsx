import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeAuth } from '../../../../../tests/fake-auth.ts';
import { renderSignedIn } from '../../../../../tests/render-signed-in.tsx';
import { NewCampaignDialog } from './new-campaign-dialog.tsx';

const ORG = '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b';
const POLICY = { id: '7b0d3f51-5c1e-4a61-9a35-0c1f3b3c2a21', label: 'POL-001 Information security policy (v2)' };
const CHAMPIONS = { id: '9a1b2c3d-4e5f-4a6b-9c7d-8e9f0a1b2c3d', name: 'Security champions', activeMembers: 2 };
const FINANCE = { id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d', name: 'Finance', activeMembers: 1 };

interface Call {
  method: string;
  path: string;
  body: unknown;
}

/** The campaign API: a POST is refused with `refusal` when given, else answered as created. */
function serve(refusal?: { code: string; message: string }): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const path = new URL(input, 'http://localhost').pathname;
      calls.push({ method, path, body: init.body ? (JSON.parse(String(init.body)) as unknown) : undefined });
      if (refusal) return Response.json({ error: refusal }, { status: 400 });
      return Response.json({ error: { code: 'NOT_FOUND', message: 'Not in this test.' } }, { status: 404 });
    }),
  );
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

/** Tab until `element` has the focus (at most `limit` presses): the keyboard's way there. */
async function tabTo(user: ReturnType<typeof userEvent.setup>, element: HTMLElement, limit = 20): Promise<void> {
  for (let press = 0; press < limit && document.activeElement !== element; press += 1) await user.tab();
  expect(document.activeElement).toBe(element);
}

describe('the new campaign dialog', () => {
  it('targets the identity provider’s groups, chosen by keyboard alone', async () => {
    // user-event walks a radio group with CSS.escape, which jsdom lacks (browsers have it).
    vi.stubGlobal('CSS', { escape: (value: string) => value.replace(/[^\w-]/g, (character) => `\\${character}`) });
    const calls = serve({ code: 'ATTESTATION_GROUP_NOT_FOUND', message: 'A chosen group is not one of this organization’s groups.' });
    const user = userEvent.setup();
    renderSignedIn(
      <NewCampaignDialog organizationId={ORG} policies={[POLICY]} departments={['Engineering']} groups={[CHAMPIONS, FINANCE]} />,
      fakeAuth(),
    );
    const open = screen.getByRole('button', { name: 'New campaign' });
    await tabTo(user, open);
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'New attestation campaign' });

    await tabTo(user, within(dialog).getByLabelText(POLICY.label));
    await user.keyboard(' ');
    // The radio group: one Tab stop, arrows move the choice.
    const everyone = within(dialog).getByLabelText('Everyone active on the roster');
    await tabTo(user, everyone);
    expect((everyone as HTMLInputElement).checked).toBe(true);
    expect(within(dialog).queryByRole('group', { name: 'Groups' })).toBeNull();
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect((within(dialog).getByLabelText('By group') as HTMLInputElement).checked).toBe(true);

    const groups = within(dialog).getByRole('group', { name: 'Groups' });
    const champions = within(groups).getByLabelText('Security champions');
    expect(champions.getAttribute('aria-describedby')).not.toBeNull();
    expect(document.getElementById(champions.getAttribute('aria-describedby') ?? '')?.textContent).toBe('2 active people');
    // Nothing ticked yet: the campaign cannot start.
    const start = within(dialog).getByRole('button', { name: 'Start campaign' });
    expect((start as HTMLButtonElement).disabled).toBe(true);
    await tabTo(user, champions);
    await user.keyboard(' ');
    await tabTo(user, start);
    await user.keyboard('{Enter}');

    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1));
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/api/v1/attestation-campaigns',
      body: { organizationId: ORG, policyIds: [POLICY.id], audience: { kind: 'groups', groupIds: [CHAMPIONS.id] } },
    });
    // The server's refusal stays in the open dialog, next to the choices.
    await within(dialog).findByText('A chosen group is not one of this organization’s groups.');
  });

  it('says where groups come from when the identity provider has pushed none', async () => {
    serve();
    const user = userEvent.setup();
    renderSignedIn(<NewCampaignDialog organizationId={ORG} policies={[POLICY]} departments={[]} />, fakeAuth());
    await user.click(screen.getByRole('button', { name: 'New campaign' }));
    const dialog = await screen.findByRole('dialog', { name: 'New attestation campaign' });
    expect(within(dialog).queryByLabelText('By group')).toBeNull();
    expect(within(dialog).queryByLabelText('By department')).toBeNull();
    within(dialog).getByText(/Groups appear here once your identity provider/);
  });
});
