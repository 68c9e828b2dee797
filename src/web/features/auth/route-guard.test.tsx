import { render, renderHook, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ROLES, type Role } from '../../../shared/permissions.ts';
import { PAGE_ACCESS, pageAccessRequirement } from '../../../shared/page-access.ts';
import { FAKE_USER_ID, accessFor, fakeAuth } from '../../../../tests/fake-auth.ts';
import { AuthContext, type AuthContextValue, useAuth } from './auth.tsx';
import { RouteGuard } from './route-guard.tsx';

const USER_ID = FAKE_USER_ID;

function fakeJwt(aal: 'aal1' | 'aal2'): string {
  const encode = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
  return `${encode({ alg: 'ES256' })}.${encode({ sub: USER_ID, aal })}.signature`;
}

function authState(overrides: Partial<AuthContextValue> & { role?: Role | null }): AuthContextValue {
  const { role, ...rest } = overrides;
  return fakeAuth({
    accessToken: fakeJwt('aal1'),
    isSigningOut: false,
    access: role ? accessFor(role, USER_ID) : null,
    accessStatus: role ? 'ready' : 'idle',
    providers: { google: false },
    ...rest,
  });
}

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

function renderGuarded(path: string, auth: AuthContextValue) {
  const denials: { path: string; reason: string }[] = [];
  const onDenied = async (input: { path: string; reason: string }) => void denials.push({ path: input.path, reason: input.reason });
  render(
    <AuthContext.Provider value={auth}>
      <MemoryRouter initialEntries={[`${path}?tab=x`]}>
        <Routes>
          <Route path="/auth" element={<Where />} />
          {Object.keys(PAGE_ACCESS).map((guarded) => (
            <Route
              key={guarded}
              path={guarded}
              element={
                <RouteGuard requirement={pageAccessRequirement(guarded)} onDenied={onDenied}>
                  <p>Content of {guarded}</p>
                  <Where />
                </RouteGuard>
              }
            />
          ))}
        </Routes>
      </MemoryRouter>
    </AuthContext.Provider>,
  );
  return denials;
}

/** Written out by hand from product.md §2 and §6, not computed with the code under test. */
const ALLOWED: Record<string, readonly Role[]> = {
  '/dashboard-compliancecore': ROLES,
  '/profile': ROLES,
  '/task-requests': ROLES,
  '/program-execution': ROLES,
  '/admin': ['administrator'],
  '/auditor-portal': ['administrator', 'project_manager', 'consultant', 'auditor'],
  '/reviews': ['administrator', 'project_manager', 'consultant', 'analyst'],
  '/quality-scores': ROLES,
  '/agents': ['administrator', 'project_manager', 'consultant', 'analyst'],
  // The organization's client manager and the staff who serve it; never an auditor (docs/trust-center.md).
  '/trust-center': ['administrator', 'project_manager', 'consultant', 'client_manager'],
};
/** Why a page turns a role away: a role rank, unless the page asks for a permission. */
const DENIAL_REASON: Record<string, string> = { '/reviews': 'permission', '/agents': 'permission' };

describe('the web route guard: role × route matrix', () => {
  it('covers every guarded route', () => {
    expect(Object.keys(ALLOWED).sort()).toEqual(Object.keys(PAGE_ACCESS).sort());
  });

  for (const path of Object.keys(ALLOWED)) {
    for (const role of ROLES) {
      const allowed = ALLOWED[path]!.includes(role);
      it(`${role} ${allowed ? 'opens' : 'is turned away from'} ${path}`, async () => {
        const denials = renderGuarded(path, authState({ role }));
        if (allowed) {
          await screen.findByText(`Content of ${path}`);
          expect(screen.getByTestId('where').textContent).toBe(`${path}?tab=x`);
          expect(denials).toEqual([]);
        } else {
          await screen.findByText('Content of /dashboard-compliancecore');
          expect(screen.getByTestId('where').textContent).toBe('/dashboard-compliancecore');
          const reason = path === '/trust-center' && role === 'auditor' ? 'permission' : (DENIAL_REASON[path] ?? 'role');
          expect(denials).toEqual([{ path, reason }]);
        }
      });
    }

    it(`sends a signed-out visitor from ${path} to /auth with the way back`, async () => {
      renderGuarded(path, authState({ session: null, user: null }));
      const where = await screen.findByTestId('where');
      expect(where.textContent).toBe(`/auth?redirect=${encodeURIComponent(`${path}?tab=x`)}`);
    });
  }
});

describe('the web route guard: loading and failure', () => {
  it('shows the Loading spinner until the session is known', () => {
    renderGuarded('/profile', authState({ isLoading: true }));
    expect(screen.getByRole('status').textContent).toBe('Loading');
    expect(screen.queryByText('Content of /profile')).toBeNull();
  });

  it('shows the Loading spinner while roles load on a role-guarded route, not on a session-only one', async () => {
    renderGuarded('/admin', authState({ role: null, accessStatus: 'loading' }));
    expect(screen.getByRole('status').textContent).toBe('Loading');
  });

  it('lets a session-only route through while roles load', async () => {
    renderGuarded('/profile', authState({ role: null, accessStatus: 'loading' }));
    await screen.findByText('Content of /profile');
  });

  it('treats a failed role fetch as no role: role-guarded routes send the user to the dashboard', async () => {
    const denials = renderGuarded('/auditor-portal', authState({ role: null, accessStatus: 'error' }));
    await screen.findByText('Content of /dashboard-compliancecore');
    expect(denials).toEqual([{ path: '/auditor-portal', reason: 'role' }]);
  });

  it('sends a user whose second factor is due to /auth', async () => {
    renderGuarded('/profile', authState({ role: 'client', needsMfa: true }));
    expect((await screen.findByTestId('where')).textContent).toBe('/auth?redirect=%2Fprofile%3Ftab%3Dx');
  });

  it('throws the exact message when useAuth is used outside its provider', () => {
    expect(() => renderHook(() => useAuth())).toThrow('useAuth must be used within an AuthProvider');
  });
});
