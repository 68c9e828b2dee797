import { render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../../../shared/constants.ts';
import { fakeAuth } from '../../../../../tests/fake-auth.ts';
import { AuthContext, type AuthContextValue } from '../../auth/auth.tsx';
import { ConsentProvider } from '../consent.tsx';
import { ConsentEvidenceSync } from './consent-evidence-sync.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('ConsentEvidenceSync', () => {
  it('records a choice made on an earlier visit, before signing in, once the user is signed in', async () => {
    const earlier = { essential: true, functional: true, analytics: false, marketing: false, timestamp: '2026-01-15T10:00:00.000Z' };
    localStorage.setItem(STORAGE_KEYS.cookieConsent, JSON.stringify(earlier));
    const fetchMock = vi.fn<typeof fetch>(async () =>
      Response.json({ id: 'c1', ...earlier, created_at: '2026-11-24T06:00:00.000Z' }, { status: 201 }),
    );
    vi.stubGlobal('fetch', fetchMock);

    const tree = (value: AuthContextValue | null) => (
      <AuthContext.Provider value={value}>
        <ConsentProvider>
          <ConsentEvidenceSync />
        </ConsentProvider>
      </AuthContext.Provider>
    );
    const signedOut = fakeAuth({ user: null, session: null });
    const { rerender } = render(tree(signedOut));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetchMock).not.toHaveBeenCalled();

    rerender(tree(fakeAuth({ accessToken: 'token-1' })));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toBe('/api/v1/consents');
    expect(JSON.parse(String(init?.body))).toEqual(earlier);
    expect(new Headers(init?.headers).get('authorization')).toBe('Bearer token-1');

    // Nothing new to record: no second request for the same record.
    rerender(tree(fakeAuth({ accessToken: 'token-1' })));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
