import { count, desc, eq } from 'drizzle-orm';
import { authIdentities, authSessions, authUsers } from '../../../db/schema/auth.ts';
import type { DbTransaction } from '../../../db/client.ts';
import type { AuthDeps } from '../context.ts';
import { sendEmailLink } from '../email/send-email-link.ts';
import { GoTrueError, errors } from '../gotrue-errors.ts';
import { isValidEmail } from '../../../../shared/rules/email.ts';
import { checkedPasswordHash } from '../users/passwords.ts';
import type { LinkTarget } from '../email/send-email-link.ts';
import { type UserBundle, findOrCreateEmailUser, findUserByEmail, loadUserBundle, normalizeEmail } from '../users/user-store.ts';

export interface AdminUserAttributes {
  email?: string;
  password?: string;
  email_confirm?: boolean;
  user_metadata?: Record<string, unknown>;
  app_metadata?: Record<string, unknown>;
  /** Go duration-ish: `24h`, `30m`, `none` lifts a ban. */
  ban_duration?: string;
}

function banUntil(duration: string): Date | null {
  if (duration === 'none') return null;
  const match = /^(\d+)(h|m|s)$/.exec(duration);
  if (!match) throw errors.validation('invalid format for ban duration: use a number followed by h, m or s, or none');
  const unit = { h: 3_600_000, m: 60_000, s: 1000 }[match[2] as 'h' | 'm' | 's'];
  return new Date(Date.now() + Number(match[1]) * unit);
}

/** POST /admin/users: an e-mail user, confirmed when `email_confirm` is true. */
export async function adminCreateUser(deps: AuthDeps, input: AdminUserAttributes): Promise<UserBundle> {
  if (!input.email || !isValidEmail(normalizeEmail(input.email))) throw errors.invalidEmail();
  const passwordHash = input.password ? await checkedPasswordHash(input.password) : null;
  const email = input.email;
  const userId = await deps.db.transaction(async (tx) => {
    const { user, created } = await findOrCreateEmailUser(tx, {
      email,
      passwordHash,
      confirmed: input.email_confirm === true,
      userMetadata: input.user_metadata,
      appMetadata: input.app_metadata,
    });
    if (!created) return undefined;
    if (input.ban_duration)
      await tx
        .update(authUsers)
        .set({ bannedUntil: banUntil(input.ban_duration) })
        .where(eq(authUsers.id, user.id));
    return user.id;
  });
  if (!userId) throw new GoTrueError(422, 'email_exists', 'A user with this email address has already been registered');
  const bundle = await loadUserBundle(deps.db, userId);
  if (!bundle) throw new Error('adminCreateUser: user vanished');
  return bundle;
}

export interface InviteInput {
  email?: string;
  data?: Record<string, unknown>;
}

/**
 * POST /invite (auth-js `admin.inviteUserByEmail`): a user without a password, and an e-mail whose
 * link confirms the address and signs them in — all in one transaction, so a failure leaves no
 * half-invited account and sends no mail. Inviting again an address that has not accepted yet
 * sends a fresh link; an address that already has an account is refused (422 email_exists).
 */
export async function adminInviteUser(
  deps: AuthDeps,
  input: InviteInput,
  target: LinkTarget,
  /** Runs in the same transaction, before the mail is queued: what the app keeps about the new user. */
  alsoInTransaction?: (tx: DbTransaction, userId: string) => Promise<void>,
  /** The mail's opening line: who invited the person, to what (modules/access/invitation-words.ts). */
  mail: { intro?: string } = {},
): Promise<UserBundle> {
  const email = normalizeEmail(input.email ?? '');
  if (!isValidEmail(email)) throw errors.invalidEmail();
  const userId = await deps.db.transaction(async (tx) => {
    // An address invited twice at once: the second invitation finds the first one's account and sends a fresh link.
    const { user } = await findOrCreateEmailUser(tx, { email, passwordHash: null, confirmed: false, userMetadata: input.data });
    if (user.emailConfirmedAt) return undefined;
    await alsoInTransaction?.(tx, user.id);
    await tx.update(authUsers).set({ invitedAt: new Date() }).where(eq(authUsers.id, user.id));
    await sendEmailLink(tx, deps, {
      user,
      type: 'invite',
      to: email,
      redirectTo: target.redirectTo,
      authBase: target.authBase,
      intro: mail.intro,
    });
    return user.id;
  });
  if (!userId) throw new GoTrueError(422, 'email_exists', 'A user with this email address has already been registered');
  const bundle = await loadUserBundle(deps.db, userId);
  if (!bundle) throw new Error('adminInviteUser: user vanished');
  return bundle;
}

export async function adminUpdateUser(deps: AuthDeps, userId: string, input: AdminUserAttributes): Promise<UserBundle> {
  const bundle = await loadUserBundle(deps.db, userId);
  if (!bundle) throw new GoTrueError(404, 'user_not_found', 'User not found');
  const passwordHash = input.password ? await checkedPasswordHash(input.password) : undefined;
  const changes: Partial<typeof authUsers.$inferInsert> = { updatedAt: new Date() };
  if (input.email) {
    const email = normalizeEmail(input.email);
    if (!isValidEmail(email)) throw errors.invalidEmail();
    const other = await findUserByEmail(deps.db, email);
    if (other && other.id !== userId)
      throw new GoTrueError(422, 'email_exists', 'A user with this email address has already been registered');
    changes.email = email;
  }
  if (passwordHash) changes.encryptedPassword = passwordHash;
  if (input.email_confirm === true && !bundle.user.emailConfirmedAt) changes.emailConfirmedAt = new Date();
  if (input.user_metadata) changes.userMetadata = { ...bundle.user.userMetadata, ...input.user_metadata };
  if (input.app_metadata) changes.appMetadata = { ...bundle.user.appMetadata, ...input.app_metadata };
  if (input.ban_duration) changes.bannedUntil = banUntil(input.ban_duration);
  await deps.db.transaction(async (tx) => {
    await tx.update(authUsers).set(changes).where(eq(authUsers.id, userId));
    if (changes.email) {
      const emailIdentity = bundle.identities.find((identity) => identity.provider === 'email');
      if (emailIdentity) {
        await tx
          .update(authIdentities)
          .set({ email: changes.email, identityData: { ...emailIdentity.identityData, email: changes.email }, updatedAt: new Date() })
          .where(eq(authIdentities.id, emailIdentity.id));
      }
    }
    // A ban or a new password ends every session: whoever held one must prove themselves again.
    if (changes.bannedUntil || passwordHash) await tx.delete(authSessions).where(eq(authSessions.userId, userId));
  });
  const updated = await loadUserBundle(deps.db, userId);
  if (!updated) throw new Error('adminUpdateUser: user vanished');
  return updated;
}

export async function adminListUsers(deps: AuthDeps, page: number, perPage: number): Promise<{ bundles: UserBundle[]; total: number }> {
  const [totalRow] = await deps.db.select({ total: count() }).from(authUsers);
  const rows = await deps.db
    .select({ id: authUsers.id })
    .from(authUsers)
    .orderBy(desc(authUsers.createdAt))
    .limit(perPage)
    .offset((page - 1) * perPage);
  const bundles: UserBundle[] = [];
  for (const row of rows) {
    const bundle = await loadUserBundle(deps.db, row.id);
    if (bundle) bundles.push(bundle);
  }
  return { bundles, total: totalRow?.total ?? 0 };
}

export async function adminDeleteUser(deps: AuthDeps, userId: string): Promise<void> {
  const deleted = await deps.db.delete(authUsers).where(eq(authUsers.id, userId)).returning({ id: authUsers.id });
  if (deleted.length === 0) throw new GoTrueError(404, 'user_not_found', 'User not found');
}
