import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { authIdentities, authMfaFactors, authUsers } from '../../../db/schema/auth.ts';

export type UserRow = typeof authUsers.$inferSelect;
export type IdentityRow = typeof authIdentities.$inferSelect;
export type FactorRow = typeof authMfaFactors.$inferSelect;
/** Any drizzle handle: the database or a transaction. */
export type Tx = Pick<Db, 'select' | 'insert' | 'update' | 'delete'>;

export interface UserBundle {
  user: UserRow;
  identities: IdentityRow[];
  factors: FactorRow[];
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function findUserByEmail(db: Tx, email: string): Promise<UserRow | undefined> {
  const [user] = await db
    .select()
    .from(authUsers)
    .where(eq(authUsers.email, normalizeEmail(email)));
  return user;
}

export async function loadUserBundle(db: Tx, userId: string): Promise<UserBundle | undefined> {
  const [user] = await db.select().from(authUsers).where(eq(authUsers.id, userId));
  if (!user) return undefined;
  const identities = await db.select().from(authIdentities).where(eq(authIdentities.userId, userId)).orderBy(asc(authIdentities.createdAt));
  const factors = await db.select().from(authMfaFactors).where(eq(authMfaFactors.userId, userId)).orderBy(asc(authMfaFactors.createdAt));
  return { user, identities, factors };
}

export interface CreateUserInput {
  email: string;
  passwordHash: string | null;
  userMetadata?: Record<string, unknown>;
  confirmed: boolean;
  provider?: string;
  appMetadata?: Record<string, unknown>;
}

export interface FoundOrCreatedUser {
  user: UserRow;
  /** False when the address already had an account, also one a concurrent request created a moment ago. */
  created: boolean;
}

/**
 * The user with this address, or a new one with one `email` identity, as GoTrue's sign-up creates it
 * (auth-wire.md §2.1). Race-safe: two requests that both find no account both insert; the second
 * insert waits for the first transaction and then does nothing (ON CONFLICT on users_email_key), and
 * the account the first one made is read back (a new statement sees it under READ COMMITTED), so the
 * caller takes its "already exists" path instead of failing with a unique violation. The row is
 * locked (FOR UPDATE) until the caller's transaction ends, so concurrent requests for one address
 * do the rest of their work (roles, memberships, links) one after the other, never interleaved.
 */
export async function findOrCreateEmailUser(tx: Tx, input: CreateUserInput): Promise<FoundOrCreatedUser> {
  const email = normalizeEmail(input.email);
  const lockedByEmail = async () => {
    const [row] = await tx.select().from(authUsers).where(eq(authUsers.email, email)).for('update');
    return row;
  };
  const existing = await lockedByEmail();
  if (existing) return { user: existing, created: false };
  const now = new Date();
  const [user] = await tx
    .insert(authUsers)
    .values({
      email,
      encryptedPassword: input.passwordHash,
      emailConfirmedAt: input.confirmed ? now : null,
      appMetadata: { ...input.appMetadata, provider: 'email', providers: ['email'] },
      userMetadata: input.userMetadata ?? {},
    })
    .onConflictDoNothing({ target: authUsers.email })
    .returning();
  if (!user) {
    const winner = await lockedByEmail();
    if (!winner) throw new Error('findOrCreateEmailUser: the address was taken, then vanished');
    return { user: winner, created: false };
  }
  await tx.insert(authIdentities).values({
    userId: user.id,
    providerId: user.id,
    provider: 'email',
    email,
    identityData: { ...input.userMetadata, sub: user.id, email, email_verified: input.confirmed, phone_verified: false },
  });
  return { user, created: true };
}

/** Sets `email_verified` on the user's `email` identities once the address is confirmed (and their address, when it changed). */
export async function markEmailVerified(tx: Tx, userId: string, newEmail?: string): Promise<void> {
  const identities = await tx
    .select()
    .from(authIdentities)
    .where(and(eq(authIdentities.userId, userId), eq(authIdentities.provider, 'email')));
  for (const identity of identities) {
    const changed = newEmail === undefined ? {} : { email: newEmail };
    await tx
      .update(authIdentities)
      .set({ ...changed, identityData: { ...identity.identityData, ...changed, email_verified: true }, updatedAt: new Date() })
      .where(eq(authIdentities.id, identity.id));
  }
}

/** Recomputes `app_metadata.provider(s)` from the identities (after link or unlink). */
export async function syncProviders(tx: Tx, userId: string): Promise<void> {
  const bundle = await loadUserBundle(tx, userId);
  if (!bundle) return;
  const providers = [...new Set(bundle.identities.map((identity) => identity.provider))];
  const current = bundle.user.appMetadata;
  const provider = providers.includes(String(current.provider)) ? current.provider : providers[0];
  await tx
    .update(authUsers)
    .set({ appMetadata: { ...current, provider, providers }, updatedAt: new Date() })
    .where(eq(authUsers.id, userId));
}

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : undefined);

export function identityJson(identity: IdentityRow): Record<string, unknown> {
  return {
    identity_id: identity.id,
    id: identity.providerId,
    user_id: identity.userId,
    identity_data: Object.keys(identity.identityData).length > 0 ? identity.identityData : undefined,
    provider: identity.provider,
    last_sign_in_at: iso(identity.lastSignInAt),
    created_at: iso(identity.createdAt),
    updated_at: iso(identity.updatedAt),
    email: identity.email ?? undefined,
  };
}

export function factorJson(factor: FactorRow): Record<string, unknown> {
  return {
    id: factor.id,
    friendly_name: factor.friendlyName || undefined,
    factor_type: factor.factorType,
    status: factor.status,
    created_at: iso(factor.createdAt),
    updated_at: iso(factor.updatedAt),
    phone: factor.phone ?? '',
    last_challenged_at: factor.lastChallengedAt ? factor.lastChallengedAt.toISOString() : null,
  };
}

/** The GoTrue User object (auth-wire.md §1.5): empty strings, omitted null timestamps, factors only when present. */
export function userJson({ user, identities, factors }: UserBundle): Record<string, unknown> {
  const confirmed = [user.emailConfirmedAt, user.phoneConfirmedAt].filter((date): date is Date => date !== null);
  const confirmedAt = confirmed.length > 0 ? new Date(Math.min(...confirmed.map((date) => date.getTime()))) : null;
  return {
    id: user.id,
    aud: user.aud,
    role: user.role,
    email: user.email ?? '',
    email_confirmed_at: iso(user.emailConfirmedAt),
    phone: user.phone ?? '',
    phone_confirmed_at: iso(user.phoneConfirmedAt),
    confirmation_sent_at: iso(user.confirmationSentAt),
    recovery_sent_at: iso(user.recoverySentAt),
    invited_at: iso(user.invitedAt),
    confirmed_at: iso(confirmedAt),
    last_sign_in_at: iso(user.lastSignInAt),
    app_metadata: user.appMetadata,
    user_metadata: user.userMetadata,
    identities: identities.map(identityJson),
    factors: factors.length > 0 ? factors.map(factorJson) : undefined,
    created_at: iso(user.createdAt),
    updated_at: iso(user.updatedAt),
    is_anonymous: user.isAnonymous,
    banned_until: iso(user.bannedUntil),
  };
}

/** JSON.stringify drops `undefined`; this does the same for objects sent through Fastify's serializer. */
export function compact<T extends Record<string, unknown>>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

/**
 * Deletes the accounts (their identities, sessions and factors go with them) and answers the ones that
 * were there, with their addresses for the caller's trail entry. The sample data removes its own this
 * way, and an administrator's deletion of a user (access/access-admin.service.ts).
 */
export async function deleteUsers(db: Pick<Db, 'delete'>, userIds: readonly string[]): Promise<{ id: string; email: string | null }[]> {
  if (userIds.length === 0) return [];
  return db
    .delete(authUsers)
    .where(inArray(authUsers.id, [...userIds]))
    .returning({ id: authUsers.id, email: authUsers.email });
}
