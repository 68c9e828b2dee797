import type { AuthDeps } from '../context.ts';
import { GoTrueError } from '../gotrue-errors.ts';
import { factorNotFound, removeFactor } from '../mfa/mfa.service.ts';
import { factorJson, loadUserBundle } from '../users/user-store.ts';

/**
 * GoTrue's admin MFA API (auth-js `admin.mfa`): a support desk can see a user's factors and remove
 * one the user lost, without the aal2 the user's own unenrol needs.
 */

async function factorsOf(deps: AuthDeps, userId: string) {
  const bundle = await loadUserBundle(deps.db, userId);
  if (!bundle) throw new GoTrueError(404, 'user_not_found', 'User not found');
  return bundle.factors;
}

/** GET /admin/users/{id}/factors: every factor, verified or not, as a bare array. */
export async function adminListFactors(deps: AuthDeps, userId: string): Promise<Record<string, unknown>[]> {
  return (await factorsOf(deps, userId)).map(factorJson);
}

/** DELETE /admin/users/{id}/factors/{factorId}: answers the deleted factor, as GoTrue does. */
export async function adminDeleteFactor(deps: AuthDeps, userId: string, factorId: string): Promise<Record<string, unknown>> {
  const factor = (await factorsOf(deps, userId)).find((row) => row.id === factorId);
  if (!factor) throw factorNotFound();
  await deps.db.transaction(async (tx) => removeFactor(tx, factor.id));
  return factorJson(factor);
}
