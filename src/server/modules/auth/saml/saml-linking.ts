import { and, eq } from 'drizzle-orm';
import { authIdentities, authUsers } from '../../../db/schema/auth.ts';
import { GoTrueError } from '../gotrue-errors.ts';
import { type Tx, findUserByEmail, syncProviders } from '../users/user-store.ts';

/** GoTrue names an SSO identity's provider `sso:<provider id>`; ours is the organization's id. */
export function samlProviderName(organizationId: string): string {
  return `sso:${organizationId}`;
}

export interface SamlSubject {
  organizationId: string;
  /** The assertion's NameID: the identity's id at the provider. */
  nameId: string;
  email: string;
  attributes: Record<string, unknown>;
}

/**
 * Finds or creates the user of a verified assertion (GoTrue's SAML account linking): an existing
 * identity signs its user in; otherwise the address (already checked to be one of the
 * organization's domains, so the identity provider speaks for it) links to the user who holds it,
 * and an account whose address was never confirmed loses its unproven password first, as with a
 * verified Google address (pre-account takeover); otherwise a confirmed user is created.
 */
export async function linkSamlIdentity(tx: Tx, subject: SamlSubject): Promise<{ userId: string; created: boolean }> {
  const provider = samlProviderName(subject.organizationId);
  const data = { sub: subject.nameId, email: subject.email, email_verified: true, custom_claims: subject.attributes };
  const now = new Date();
  const [existing] = await tx
    .select()
    .from(authIdentities)
    .where(and(eq(authIdentities.provider, provider), eq(authIdentities.providerId, subject.nameId)));
  if (existing) {
    await tx
      .update(authIdentities)
      .set({ identityData: data, email: subject.email, lastSignInAt: now, updatedAt: now })
      .where(eq(authIdentities.id, existing.id));
    return { userId: existing.userId, created: false };
  }
  const identity = { provider, providerId: subject.nameId, identityData: data, email: subject.email, lastSignInAt: now };
  const user = await findUserByEmail(tx, subject.email);
  if (user) {
    if (user.bannedUntil && user.bannedUntil.getTime() > Date.now()) throw new GoTrueError(403, 'user_banned', 'User is banned');
    if (!user.emailConfirmedAt) {
      await tx.delete(authIdentities).where(and(eq(authIdentities.userId, user.id), eq(authIdentities.provider, 'email')));
      await tx.update(authUsers).set({ encryptedPassword: null, emailConfirmedAt: now, updatedAt: now }).where(eq(authUsers.id, user.id));
    }
    await tx.insert(authIdentities).values({ userId: user.id, ...identity });
    await syncProviders(tx, user.id);
    return { userId: user.id, created: false };
  }
  const [created] = await tx
    .insert(authUsers)
    .values({ email: subject.email, emailConfirmedAt: now, appMetadata: { provider, providers: [provider] }, userMetadata: {} })
    .returning({ id: authUsers.id });
  if (!created) throw new Error('linkSamlIdentity: insert returned nothing');
  await tx.insert(authIdentities).values({ userId: created.id, ...identity });
  return { userId: created.id, created: true };
}
