import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { ApiKey, ApiKeyScopes, CreateApiKeyInput } from '../../../shared/schemas/integrations.ts';
import { createApiKeyInputSchema } from '../../../shared/schemas/integrations.ts';
import { AppError } from '../../app-error.ts';
import type { Db } from '../../db/client.ts';
import { apiKeys } from '../../db/schema/integrations.ts';
import { recordAudit } from '../../platform/audit/record-audit.ts';
import { withTenant, type Tenant } from '../../platform/tenancy/tenant.ts';
import { actingOrganization } from '../../platform/tenancy/acting-organization.ts';

/**
 * API keys (docs/integrations.md): `cck_<8 characters>_<secret>`, shown once. Only the SHA-256 of the
 * whole key is stored, with the prefix to find it. A key acts as the person who made it, narrowed to its
 * organization and the permissions its scopes name; revoked or expired, it authenticates nothing.
 */

export const API_KEY_PATTERN = /^cck_([a-z0-9]{8})_([A-Za-z0-9_-]{32,})$/;
const system = { kind: 'all', userId: null } as const;

const hashOf = (key: string) => createHash('sha256').update(key).digest('hex');

function toApiKey(row: typeof apiKeys.$inferSelect): ApiKey {
  return {
    id: row.id,
    organizationId: row.organizationId,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes,
    createdBy: row.createdBy,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function createApiKey(tenant: Tenant, input: CreateApiKeyInput): Promise<ApiKey & { key: string }> {
  const parsed = createApiKeyInputSchema.parse(input);
  const userId = tenant.scope.userId;
  if (!userId) throw new AppError('FORBIDDEN', 'An API key belongs to a person.');
  const organizationId = await actingOrganization(tenant, parsed.organizationId);
  const prefix = `cck_${randomBytes(6)
    .toString('base64url')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '0')
    .slice(0, 8)}`;
  const key = `${prefix}_${randomBytes(32).toString('base64url')}`;
  const expiresAt = parsed.expiresInDays ? new Date(Date.now() + parsed.expiresInDays * 86_400_000) : null;
  return tenant.transaction(async (tx) => {
    const [row] = await tx
      .insert(apiKeys)
      .values({ organizationId, name: parsed.name, prefix, keyHash: hashOf(key), scopes: parsed.scopes, createdBy: userId, expiresAt })
      .returning();
    if (!row) throw new Error('createApiKey: insert returned nothing');
    await recordAudit(tx, {
      ...tenant.origin,
      organizationId,
      action: 'api_key.create',
      entityType: 'api_key',
      entityId: row.id,
      after: { name: row.name, prefix, scopes: row.scopes, expiresAt },
    });
    return { ...toApiKey(row), key };
  });
}

export async function listApiKeys(tenant: Tenant, organizationId?: string): Promise<ApiKey[]> {
  const organization = await actingOrganization(tenant, organizationId);
  return tenant.transaction(async (tx) => {
    const rows = await tx.select().from(apiKeys).where(eq(apiKeys.organizationId, organization)).orderBy(desc(apiKeys.createdAt));
    return rows.map(toApiKey);
  });
}

export async function revokeApiKey(tenant: Tenant, id: string): Promise<ApiKey> {
  return tenant.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(apiKeys)
      .where(and(eq(apiKeys.id, id), tenant.where(apiKeys.organizationId)));
    tenant.assert(row?.organizationId, 'No such API key.');
    const alreadyRevoked = () => new AppError('CONFLICT', 'This API key is already revoked.');
    if (row.revokedAt) throw alreadyRevoked();
    // Conditional: of revocations racing past the check above, the first one wins and writes the trail entry.
    const [revoked] = await tx
      .update(apiKeys)
      .set({ revokedAt: new Date() })
      .where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
      .returning();
    if (!revoked) throw alreadyRevoked();
    await recordAudit(tx, {
      ...tenant.origin,
      organizationId: row.organizationId,
      action: 'api_key.revoke',
      entityType: 'api_key',
      entityId: id,
      before: { revokedAt: null },
      after: { revokedAt: revoked.revokedAt },
    });
    return toApiKey(revoked);
  });
}

export interface ApiKeyIdentity {
  id: string;
  /** The name its maker gave it: what the audit trail shows beside the maker (docs/audit.md). */
  name: string;
  organizationId: string;
  userId: string;
  scopes: ApiKeyScopes;
}

/** The key's identity when it is valid now (right secret, not revoked, not expired); null otherwise. Marks it used (at most once a minute). */
export async function authenticateApiKey(db: Db, key: string, now = new Date()): Promise<ApiKeyIdentity | null> {
  const match = API_KEY_PATTERN.exec(key);
  if (!match) return null;
  const prefix = `cck_${match[1]}`;
  return withTenant(db, system, async (tx) => {
    const [row] = await tx
      .select()
      .from(apiKeys)
      .where(and(eq(apiKeys.prefix, prefix), isNull(apiKeys.revokedAt)));
    if (!row) return null;
    const expected = Buffer.from(row.keyHash, 'hex');
    const actual = Buffer.from(hashOf(key), 'hex');
    if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null;
    if (row.expiresAt && row.expiresAt <= now) return null;
    if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > 60_000) {
      await tx.update(apiKeys).set({ lastUsedAt: now }).where(eq(apiKeys.id, row.id));
    }
    return { id: row.id, name: row.name, organizationId: row.organizationId, userId: row.createdBy, scopes: row.scopes };
  });
}
