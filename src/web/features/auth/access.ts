import { type AccessRequirement, type AccessSubject, type Role, checkAccess, needsAccessData } from '../../../shared/permissions.ts';
import type { AccessDenialInput, MeAccess } from '../../../shared/schemas/access.ts';
import { apiFetch } from '../../lib/api-client.ts';
import { type AuthContextValue, useAuth } from './auth.tsx';

/**
 * The web half of the guard (product.md §4, §6): the same `checkAccess` the server runs, fed with what
 * /api/v1/me/access returned. Hiding a button with it is a courtesy; the server decides.
 */

export type AccessDecision =
  | { state: 'loading' }
  | { state: 'signed-out' }
  | { state: 'needs-mfa' }
  | { state: 'allowed' }
  | { state: 'denied'; reason: 'role' | 'capability' | 'permission' };

const NOBODY: AccessSubject = {
  roles: [],
  capabilities: { is_approver: false, is_integration_admin: false, is_data_ai_admin: false },
  permissions: new Set(),
  scopes: [],
};

export function toAccessSubject(access: MeAccess | null): AccessSubject {
  if (!access) return NOBODY;
  return {
    roles: access.roles as Role[],
    capabilities: access.capabilities,
    permissions: new Set(access.permissions),
    scopes: access.scopes,
  };
}

export function decideAccess(
  auth: Pick<AuthContextValue, 'isLoading' | 'isSigningOut' | 'session' | 'needsMfa' | 'access' | 'accessStatus'>,
  requirement: AccessRequirement,
): AccessDecision {
  if (auth.isLoading || (auth.isSigningOut && !auth.session)) return { state: 'loading' };
  if (!auth.session) return { state: 'signed-out' };
  if (auth.needsMfa) return { state: 'needs-mfa' };
  if (!needsAccessData(requirement)) return { state: 'allowed' };
  if (auth.accessStatus === 'loading' || auth.accessStatus === 'idle') return { state: 'loading' };
  // A failed role fetch leaves the user with no role (product.md §8), so role checks fail.
  const decision = checkAccess(toAccessSubject(auth.access), requirement);
  return decision.allowed ? { state: 'allowed' } : { state: 'denied', reason: decision.reason };
}

export function useAccessDecision(requirement: AccessRequirement): AccessDecision {
  return decideAccess(useAuth(), requirement);
}

/** True only once the user is known to meet the requirement; false while loading. */
export function useCan(requirement: AccessRequirement): boolean {
  return useAccessDecision(requirement).state === 'allowed';
}

/** Tells the server the guard turned the user away; it records PRIVILEGE_ESCALATION. */
export async function reportAccessDenial(input: {
  path: string;
  requirement: AccessRequirement;
  reason: AccessDenialInput['reason'];
}): Promise<void> {
  const { anyPermissions, allPermissions } = input.requirement;
  const body: AccessDenialInput = {
    ...input,
    requirement: {
      ...input.requirement,
      anyPermissions: anyPermissions ? [...anyPermissions] : undefined,
      allPermissions: allPermissions ? [...allPermissions] : undefined,
    },
  };
  try {
    await apiFetch('/api/v1/me/access-denials', { method: 'POST', body });
  } catch (error) {
    console.error('Could not record the access denial', error);
  }
}

/**
 * One hook, many checks, for showing links: `links.filter((l) => can(l.requirement))`. A link that
 * needs only a session shows while the session loads; one that needs a role shows once allowed.
 */
export function useAccessPredicate(): (requirement: AccessRequirement) => boolean {
  const auth = useAuth();
  return (requirement) => {
    const { state } = decideAccess(auth, requirement);
    return state === 'allowed' || (state === 'loading' && !needsAccessData(requirement));
  };
}
