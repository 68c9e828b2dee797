import { act, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeAuth } from '../../../../../tests/fake-auth.ts';
import { AuthContext } from '../auth.tsx';
import { AuthScreen } from './auth-screen.tsx';

/**
 * /auth is prerendered without a query string (react-router.config.ts), then hydrated at the address the
 * visitor opened: an invitation link (`?token_hash=…&type=invite`), `?mode=sign-up`, an error redirect. The
 * first client render must match the prerendered HTML (React error #418 otherwise, and the page rebuilt
 * under the visitor's first click); what the query string asks for is shown right after hydration.
 */
function page(url: string): ReactNode {
  const auth = fakeAuth({ session: null, user: null, isLoading: true });
  return (
    <AuthContext.Provider value={auth}>
      <MemoryRouter initialEntries={[url]}>
        <AuthScreen />
      </MemoryRouter>
    </AuthContext.Provider>
  );
}

async function hydrateAt(url: string) {
  const container = document.createElement('div');
  container.innerHTML = renderToString(page('/auth'));
  document.body.append(container);
  const recoverable = vi.fn();
  const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  let root: ReturnType<typeof hydrateRoot> | undefined;
  await act(async () => {
    root = hydrateRoot(container, page(url), { onRecoverableError: recoverable });
  });
  const errors = [...recoverable.mock.calls, ...consoleError.mock.calls].map(([error]) => String(error));
  consoleError.mockRestore();
  return { errors, unmount: () => act(() => root?.unmount()) };
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('/auth hydrates over its prerendered HTML', () => {
  it.each([
    ['an invitation link', '/auth?token_hash=0123abcd&type=invite&redirect=%2Fprofile', 'Accept your invitation'],
    ['the sign-up link', '/auth?mode=sign-up', 'Create your account'],
    [
      'a failed e-mail link',
      '/auth?error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired',
      'That link did not work',
    ],
  ])('opened from %s: no hydration mismatch, then the page the link asks for', async (_name, url, shown) => {
    const { errors, unmount } = await hydrateAt(url);
    expect(errors).toEqual([]);
    await screen.findByText(shown);
    await unmount();
  });
});
