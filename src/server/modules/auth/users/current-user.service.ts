import { and, eq, ne } from 'drizzle-orm';
import { authIdentities, authSessions, authUsers } from '../../../db/schema/auth.ts';
import { isValidEmail } from '../../../../shared/rules/email.ts';
import { checkedPasswordHash } from './passwords.ts';
import type { AuthDeps } from '../context.ts';
import { checkEmailInterval, sendEmailLink } from '../email/send-email-link.ts';
import { GoTrueError, errors } from '../gotrue-errors.ts';
import type { RequestUser } from '../request-user.ts';
import type { LinkTarget } from '../email/send-email-link.ts';
import { passwordChangeNeedsNonce, spendReauthenticationNonce } from './reauthentication.ts';
import { findUserByEmail, loadUserBundle, normalizeEmail, syncProviders, userJson } from './user-store.ts';

export interface UpdateUserInput {
  email?: string;
  password?: string;
  data?: Record<string, unknown>;
  /** From `reauthenticate()`, when AUTH_SECURE_PASSWORD_CHANGE asks for one. */
  nonce?: string;
}

function hasVerifiedFactor(current: RequestUser): boolean {
  return current.factors.some((factor) => factor.status === 'verified');
}

/**
 * PUT /user (auth-wire.md §2.13): merges `data` into user_metadata (a null value removes a key),
 * changes the password (other sessions end), and starts an e-mail change confirmed by a link
 * sent to the new address. With MFA on, password and e-mail changes need an aal2 session; with
 * AUTH_SECURE_PASSWORD_CHANGE, a password change by a session older than a day needs a nonce.
 */
export async function updateUser(
  deps: AuthDeps,
  current: RequestUser,
  input: UpdateUserInput,
  target: LinkTarget,
): Promise<Record<string, unknown>> {
  const sensitive = input.password !== undefined || (input.email !== undefined && normalizeEmail(input.email) !== current.user.email);
  if (sensitive && hasVerifiedFactor(current) && current.session.aal !== 'aal2') {
    throw errors.insufficientAal('AAL2 session is required to update email or password when MFA is enabled.');
  }
  const passwordHash = input.password === undefined ? undefined : await checkedPasswordHash(input.password);
  const needsNonce = passwordHash !== undefined && passwordChangeNeedsNonce(deps, current);
  if (needsNonce && !input.nonce) throw new GoTrueError(400, 'reauthentication_needed', 'Password update requires reauthentication');
  const newEmail = input.email === undefined ? undefined : normalizeEmail(input.email);
  if (newEmail !== undefined && !isValidEmail(newEmail)) throw errors.invalidEmail();
  let changingEmail = false;
  await deps.db.transaction(async (tx) => {
    const changes: Partial<typeof authUsers.$inferInsert> = { updatedAt: new Date() };
    if (input.data) {
      const metadata = { ...current.user.userMetadata };
      for (const [key, value] of Object.entries(input.data)) {
        if (value === null) delete metadata[key];
        else metadata[key] = value;
      }
      changes.userMetadata = metadata;
    }
    if (passwordHash) {
      if (needsNonce) await spendReauthenticationNonce(tx, deps, current, input.nonce);
      changes.encryptedPassword = passwordHash;
      await tx.delete(authSessions).where(and(eq(authSessions.userId, current.user.id), ne(authSessions.id, current.session.id)));
    }
    await tx.update(authUsers).set(changes).where(eq(authUsers.id, current.user.id));
    if (newEmail && newEmail !== current.user.email) {
      const taken = await findUserByEmail(tx, newEmail);
      if (taken) throw new GoTrueError(422, 'email_exists', 'A user with this email address has already been registered');
      checkEmailInterval(deps, current.user, 'email_change');
      await sendEmailLink(tx, deps, { user: current.user, type: 'email_change', to: newEmail, ...target });
      changingEmail = true;
    }
  });
  const bundle = await loadUserBundle(deps.db, current.user.id);
  if (!bundle) throw errors.userNotFound();
  return { ...userJson(bundle), new_email: changingEmail ? newEmail : undefined };
}

/** POST /logout (auth-wire.md §2.9): global (default), local, or others. */
export async function signOut(deps: AuthDeps, current: RequestUser, scope: string): Promise<void> {
  const mine = eq(authSessions.userId, current.user.id);
  if (scope === 'global') await deps.db.delete(authSessions).where(mine);
  else if (scope === 'local') await deps.db.delete(authSessions).where(eq(authSessions.id, current.session.id));
  else if (scope === 'others') await deps.db.delete(authSessions).where(and(mine, ne(authSessions.id, current.session.id)));
  else throw errors.validation(`Unsupported logout scope "${scope}"`);
}

/** DELETE /user/identities/{identity_id} (auth-wire.md §2.11): never the last identity. */
export async function unlinkIdentity(deps: AuthDeps, current: RequestUser, identityId: string): Promise<void> {
  if (current.identities.length <= 1) {
    throw new GoTrueError(422, 'single_identity_not_deletable', 'User must have at least 1 identity after unlinking');
  }
  const identity = current.identities.find((row) => row.id === identityId);
  if (!identity) throw new GoTrueError(422, 'identity_not_found', "Identity doesn't exist");
  await deps.db.transaction(async (tx) => {
    await tx.delete(authIdentities).where(eq(authIdentities.id, identity.id));
    if (identity.provider === 'email') {
      // Without its e-mail identity the password can no longer be used to sign in.
      await tx.update(authUsers).set({ encryptedPassword: null }).where(eq(authUsers.id, current.user.id));
    }
    const remaining = current.identities.filter((row) => row.id !== identity.id);
    const primaryEmail = remaining.find((row) => row.email)?.email ?? null;
    if (primaryEmail && primaryEmail !== current.user.email && !remaining.some((row) => row.email === current.user.email)) {
      const taken = await findUserByEmail(tx, primaryEmail);
      if (taken && taken.id !== current.user.id) {
        throw new GoTrueError(422, 'email_conflict_identity_not_deletable', 'Unable to unlink identity due to email conflict');
      }
      await tx.update(authUsers).set({ email: primaryEmail, updatedAt: new Date() }).where(eq(authUsers.id, current.user.id));
    }
    await syncProviders(tx, current.user.id);
  });
}
