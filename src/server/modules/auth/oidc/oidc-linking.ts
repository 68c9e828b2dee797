import { and, eq } from 'drizzle-orm';
import { authIdentities, authUsers } from '../../../db/schema/auth.ts';
import { GoTrueError } from '../gotrue-errors.ts';
import { OIDC_PROVIDER } from './oidc.service.ts';
import { type Tx, findUserByEmail, normalizeEmail, syncProviders } from '../users/user-store.ts';

const PROFILE_CLAIMS = ['sub', 'email', 'email_verified', 'name', 'given_name', 'family_name', 'picture', 'locale', 'iss'] as const;

/** The ID-token profile, GoTrue-style: `full_name`/`avatar_url` aliases and `provider_id` (auth-wire.md §1.5). */
export function profileData(claims: Record<string, unknown>): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const key of PROFILE_CLAIMS) if (claims[key] !== undefined) data[key] = claims[key];
  if (typeof claims.email === 'string') data.email = normalizeEmail(claims.email);
  if (claims.name !== undefined) data.full_name = claims.name;
  if (claims.picture !== undefined) data.avatar_url = claims.picture;
  data.provider_id = claims.sub;
  data.phone_verified = false;
  return data;
}

function isVerified(claims: Record<string, unknown>): boolean {
  return claims.email_verified === true || claims.email_verified === 'true';
}

/**
 * Finds or creates the user for an OIDC sign-in (auth-wire.md §5.7, GoTrue's DetermineAccountLinking):
 * an existing identity signs its user in; a verified e-mail links to the user with that address;
 * an unverified e-mail never links or creates anything; and when a verified sign-in claims an
 * address whose account was never confirmed, that account's unproven password and e-mail identity
 * go (pre-account-takeover). A manual link attaches to the signed-in user.
 */
export async function linkOidcIdentity(tx: Tx, claims: Record<string, unknown>, linkingTargetId: string | null): Promise<string> {
  const subject = typeof claims.sub === 'string' ? claims.sub : '';
  if (!subject) throw new GoTrueError(400, 'bad_oauth_callback', 'The provider did not return a subject');
  const data = profileData(claims);
  const email = typeof data.email === 'string' ? data.email : null;
  const now = new Date();
  const [existing] = await tx
    .select()
    .from(authIdentities)
    .where(and(eq(authIdentities.provider, OIDC_PROVIDER), eq(authIdentities.providerId, subject)));

  if (existing) {
    if (linkingTargetId && existing.userId !== linkingTargetId) {
      throw new GoTrueError(422, 'identity_already_exists', 'Identity is already linked to another user');
    }
    await tx
      .update(authIdentities)
      .set({ identityData: data, email, lastSignInAt: now, updatedAt: now })
      .where(eq(authIdentities.id, existing.id));
    return existing.userId;
  }
  if (linkingTargetId) {
    await tx
      .insert(authIdentities)
      .values({ userId: linkingTargetId, provider: OIDC_PROVIDER, providerId: subject, identityData: data, email, lastSignInAt: now });
    await syncProviders(tx, linkingTargetId);
    return linkingTargetId;
  }
  if (!email) throw new GoTrueError(400, 'bad_oauth_callback', 'Error getting user email from external provider');
  if (!isVerified(claims)) {
    throw new GoTrueError(
      422,
      'provider_email_needs_verification',
      `Unverified email with ${OIDC_PROVIDER}. Verify your e-mail address with the provider, then sign in again.`,
    );
  }

  const user = await findUserByEmail(tx, email);
  if (user) {
    if (user.bannedUntil && user.bannedUntil.getTime() > Date.now()) throw new GoTrueError(403, 'user_banned', 'User is banned');
    if (!user.emailConfirmedAt) {
      await tx.delete(authIdentities).where(and(eq(authIdentities.userId, user.id), eq(authIdentities.provider, 'email')));
      await tx.update(authUsers).set({ encryptedPassword: null, emailConfirmedAt: now, updatedAt: now }).where(eq(authUsers.id, user.id));
    }
    await tx
      .insert(authIdentities)
      .values({ userId: user.id, provider: OIDC_PROVIDER, providerId: subject, identityData: data, email, lastSignInAt: now });
    await tx
      .update(authUsers)
      .set({ userMetadata: { ...data, ...user.userMetadata }, updatedAt: now })
      .where(eq(authUsers.id, user.id));
    await syncProviders(tx, user.id);
    return user.id;
  }

  const [created] = await tx
    .insert(authUsers)
    .values({
      email,
      emailConfirmedAt: now,
      appMetadata: { provider: OIDC_PROVIDER, providers: [OIDC_PROVIDER] },
      userMetadata: data,
    })
    .returning({ id: authUsers.id });
  if (!created) throw new Error('linkOidcIdentity: insert returned nothing');
  await tx
    .insert(authIdentities)
    .values({ userId: created.id, provider: OIDC_PROVIDER, providerId: subject, identityData: data, email, lastSignInAt: now });
  return created.id;
}
