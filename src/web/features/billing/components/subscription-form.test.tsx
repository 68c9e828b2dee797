import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeAuth } from '../../../../../tests/fake-auth.ts';
import { renderSignedIn } from '../../../../../tests/render-signed-in.tsx';
import { SubscriptionForm } from './subscription-form.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('the subscription form', () => {
  it('asks for the terms on send, names the problem on the checkbox, and sends nothing', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderSignedIn(<SubscriptionForm initialPlan="growth" userId="u-1" userEmail="ada@example.com" />, fakeAuth({}));
    screen.getByRole('form', { name: 'Start your subscription' });
    const notes = screen.getByLabelText('Anything we should know before the kick-off?');
    expect(notes.tagName).toBe('TEXTAREA');
    const terms = screen.getByRole('checkbox', { name: /I accept the terms of service/ });
    expect(terms.getAttribute('aria-invalid')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Start subscription' }));
    await waitFor(() => expect(screen.getByText('Accept the terms of service to continue').id).toBe('accept-terms-error'));
    expect(terms.getAttribute('aria-invalid')).toBe('true');
    expect(terms.getAttribute('aria-describedby')).toBe('accept-terms-error');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
