import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { SCIM_TOKEN_PATTERN, type CreatedScimToken, type ScimSettings } from '../../../shared/schemas/scim.ts';
import { AppError } from '../../app-error.ts';
import type { Db, DbTransaction } from '../../db/client.ts';
import { scimGroups, scimTokens, scimUsers } from '../../db/schema/scim.ts';
import { recordAudit } from '../../platform/audit/record-audit.ts';
import { actingOrganization } from '../../platform/tenancy/acting-organization.ts';
import { type Tenant, withTenant } from '../../platform/tenancy/tenant.ts';
import { userNames } from '../task-requests/task-request-views.ts';

/**
 * The organization's SCIM bearer token (docs/scim.md): `ccscim_<8 characters>_<secret>`, shown once.
 * One token per organization: rotating replaces it at once (the old one stops working), revoking
 * removes it. Only the SHA-256 of the whole token is stored, with the prefix to find it.
 */

const SYSTEM = { kind: 'all', userId: null } as const;
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
const scimBaseUrl = (origin: string) => new URL('/scim/v2', origin).toString();

type TokenRow = typeof scimTokens.$inferSelect;

async function settingsOf(tx: DbTransaction, organizationId: string, origin: string, row: TokenRow | undefined): Promise<ScimSettings> {
  const [users] = await tx.select({ n: count() }).from(scimUsers).where(eq(scimUsers.organizationId, organizationId));
  const [groups] = await tx.select({ n: count() }).from(scimGroups).where(eq(scimGroups.organizationId, organizationId));
  return {
    organizationId,
    baseUrl: scimBaseUrl(origin),
    token: row
      ? {
          prefix: row.prefix,
          createdAt: row.createdAt.toISOString(),
          createdBy: row.createdBy,
          createdByName: row.createdBy ? ((await userNames(tx, [row.createdBy])).get(row.createdBy) ?? null) : null,
          lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
        }
      : null,
    provisionedUsers: users?.n ?? 0,
    provisionedGroups: groups?.n ?? 0,
  };
}

export async function getScimSettings(tenant: Tenant, named: string | undefined, origin: string): Promise<ScimSettings> {
  const organizationId = await actingOrganization(tenant, named, { field: 'query.organizationId' });
  return tenant.transaction(async (tx) => {
    const [row] = await tx.select().from(scimTokens).where(eq(scimTokens.organizationId, organizationId));
    return settingsOf(tx, organizationId, origin, row);
  });
}

/** Makes the organization's token, or replaces the one it has (the old one stops working in the same commit). */
export async function rotateScimToken(tenant: Tenant, named: string | undefined, origin: string): Promise<CreatedScimToken> {
  const organizationId = await actingOrganization(tenant, named, { field: 'body.organizationId' });
  const prefix = `ccscim_${randomBytes(6)
    .toString('base64url')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '0')
    .slice(0, 8)}`;
  const secret = `${prefix}_${randomBytes(32).toString('base64url')}`;
  return tenant.transaction(async (tx) => {
    const [before] = await tx.select().from(scimTokens).where(eq(scimTokens.organizationId, organizationId)).for('update');
    const values = { prefix, tokenHash: hashOf(secret), createdBy: tenant.scope.userId, createdAt: new Date(), lastUsedAt: null };
    const [row] = await tx
      .insert(scimTokens)
      .values({ organizationId, ...values })
      .onConflictDoUpdate({ target: scimTokens.organizationId, set: values })
      .returning();
    if (!row) throw new Error('rotateScimToken: upsert returned nothing');
    await recordAudit(tx, {
      ...tenant.origin,
      organizationId,
      action: before ? 'scim_token.rotate' : 'scim_token.create',
      entityType: 'scim_token',
      entityId: organizationId,
      before: before ? { prefix: before.prefix } : null,
      after: { prefix },
    });
    return { ...(await settingsOf(tx, organizationId, origin, row)), secret };
  });
}

/** Removes the organization's token: SCIM requests are refused (401) until a new one is made. */
export async function revokeScimToken(tenant: Tenant, named: string | undefined, origin: string): Promise<ScimSettings> {
  const organizationId = await actingOrganization(tenant, named, { field: 'body.organizationId' });
  return tenant.transaction(async (tx) => {
    const [removed] = await tx.delete(scimTokens).where(eq(scimTokens.organizationId, organizationId)).returning();
    if (!removed) throw new AppError('NOT_FOUND', 'This organization has no SCIM token.');
    await recordAudit(tx, {
      ...tenant.origin,
      organizationId,
      action: 'scim_token.revoke',
      entityType: 'scim_token',
      entityId: organizationId,
      before: { prefix: removed.prefix },
    });
    return settingsOf(tx, organizationId, origin, undefined);
  });
}

export interface ScimIdentity {
  organizationId: string;
  /** Who made the token: the tenant scope's user, as an API key acts for its maker. */
  createdBy: string | null;
}

/** The organization a bearer token provisions, when it is the current one; null otherwise. Marks it used (at most once a minute). */
export async function authenticateScimToken(db: Db, token: string, now = new Date()): Promise<ScimIdentity | null> {
  const match = SCIM_TOKEN_PATTERN.exec(token);
  if (!match) return null;
  return withTenant(db, SYSTEM, async (tx) => {
    const [row] = await tx
      .select()
      .from(scimTokens)
      .where(eq(scimTokens.prefix, `ccscim_${match[1]}`));
    if (!row) return null;
    const expected = Buffer.from(row.tokenHash, 'hex');
    const actual = Buffer.from(hashOf(token), 'hex');
    if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null;
    if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > 60_000) {
      await tx.update(scimTokens).set({ lastUsedAt: now }).where(eq(scimTokens.organizationId, row.organizationId));
    }
    return { organizationId: row.organizationId, createdBy: row.createdBy };
  });
}
