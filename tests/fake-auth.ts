import type { Session } from '@supabase/auth-js';
import { ROLE_PERMISSIONS, type Role } from '../src/shared/permissions.ts';
import type { MeAccess } from '../src/shared/schemas/access.ts';
import type { AuthContextValue } from '../src/web/features/auth/auth.tsx';

export const FAKE_USER_ID = '6b1c2f3e-1d5a-4c1e-9f0a-1b2c3d4e5f60';

/** What /api/v1/me/access answers for a user holding one role with its default permissions. */
export function accessFor(role: Role, userId = FAKE_USER_ID): MeAccess {
  return {
    userId,
    email: 'person@example.com',
    userType: role.startsWith('client') ? 'client' : 'staff',
    roles: [role],
    primaryRole: role,
    capabilities: { is_approver: false, is_integration_admin: false, is_data_ai_admin: false },
    permissions: [...ROLE_PERMISSIONS[role]],
    scopes: [],
  };
}

/**
 * The auth context of a signed-in user for web component tests: a session whose access token is
 * `accessToken`, no access data unless given, and every auth call failing (a test that signs in
 * or out through the context says so by overriding it).
 */
export function fakeAuth(overrides: Partial<AuthContextValue> & { accessToken?: string } = {}): AuthContextValue {
  const { accessToken = 'token', ...rest } = overrides;
  const session = {
    access_token: accessToken,
    refresh_token: 'refresh',
    expires_in: 3600,
    token_type: 'bearer',
    user: { id: FAKE_USER_ID, email: 'ada@example.com', aud: 'authenticated', app_metadata: {}, user_metadata: {}, created_at: '' },
  } as Session;
  const notUsed = () => Promise.reject(new Error('not used in this test'));
  return {
    user: session.user,
    session,
    isLoading: false,
    access: null,
    accessStatus: 'idle',
    needsMfa: false,
    subscription: null,
    providers: null,
    client: null,
    signInWithPassword: notUsed,
    signUp: notUsed,
    signInWithMagicLink: notUsed,
    signInWithGoogle: notUsed,
    signInWithSso: notUsed,
    signOut: notUsed,
    reloadUser: notUsed,
    ...rest,
  };
}
