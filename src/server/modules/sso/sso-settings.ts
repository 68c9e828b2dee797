import { eq } from 'drizzle-orm';
import type { SsoSettings, UpdateSsoSettingsInput } from '../../../shared/schemas/sso.ts';
import { AppError } from '../../app-error.ts';
import type { DbTransaction } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { ssoDomains, ssoSettings } from '../../db/schema/sso.ts';
import { recordAudit } from '../../platform/audit/record-audit.ts';
import { actingOrganization } from '../../platform/tenancy/acting-organization.ts';
import type { Tenant } from '../../platform/tenancy/tenant.ts';
import { fetchIdpMetadata, parseIdpMetadata } from './idp-metadata.ts';

/**
 * The organization's SAML identity provider and the e-mail domains that sign in through it
 * (docs/auth.md "SAML SSO"). The only writer of sso_settings and sso_domains.
 */

/** Our side, as the identity provider is told it: GoTrue's addresses (auth-wire.md, `/sso/saml/…`). */
export function serviceProviderOf(origin: string): SsoSettings['serviceProvider'] {
  const metadataUrl = new URL('/auth/v1/sso/saml/metadata', origin).toString();
  return { entityId: metadataUrl, acsUrl: new URL('/auth/v1/sso/saml/acs', origin).toString(), metadataUrl };
}

async function settingsOf(tx: DbTransaction, organizationId: string, origin: string): Promise<SsoSettings> {
  const [row] = await tx.select().from(ssoSettings).where(eq(ssoSettings.organizationId, organizationId));
  const domains = row
    ? await tx.select({ domain: ssoDomains.domain }).from(ssoDomains).where(eq(ssoDomains.organizationId, organizationId))
    : [];
  return {
    organizationId,
    serviceProvider: serviceProviderOf(origin),
    identityProvider: row
      ? {
          entityId: row.idpEntityId,
          ssoUrl: row.idpSsoUrl,
          metadataUrl: row.metadataUrl,
          certificateCount: row.idpCertificates.length,
          domains: domains.map((entry) => entry.domain).sort(),
          enabled: row.enabled,
          required: row.required,
          allowIdpInitiated: row.allowIdpInitiated,
          updatedAt: row.updatedAt.toISOString(),
        }
      : null,
  };
}

export async function getSsoSettings(tenant: Tenant, named: string | undefined, origin: string): Promise<SsoSettings> {
  const organizationId = await actingOrganization(tenant, named, { field: 'query.organizationId' });
  return tenant.transaction((tx) => settingsOf(tx, organizationId, origin));
}

/**
 * Registers or replaces the organization's identity provider and domains. The metadata is fetched
 * (for a URL) and read before the transaction; a domain another organization holds is a 409.
 */
export async function updateSsoSettings(tenant: Tenant, input: UpdateSsoSettingsInput, origin: string): Promise<SsoSettings> {
  const organizationId = await actingOrganization(tenant, input.organizationId, { field: 'body.organizationId' });
  const metadataXml = input.metadataUrl ? await fetchIdpMetadata(input.metadataUrl) : (input.metadataXml ?? '');
  const idp = parseIdpMetadata(metadataXml);
  const domains = [...new Set(input.domains.map((domain) => domain.trim().toLowerCase()))];
  try {
    return await tenant.transaction(async (tx) => {
      const before = await settingsOf(tx, organizationId, origin);
      const now = new Date();
      const values = {
        metadataUrl: input.metadataUrl ?? null,
        metadataXml,
        idpEntityId: idp.entityId,
        idpSsoUrl: idp.ssoUrl,
        idpCertificates: idp.certificates,
        enabled: input.enabled ?? true,
        required: input.required ?? false,
        allowIdpInitiated: input.allowIdpInitiated ?? false,
        updatedBy: tenant.scope.userId,
        updatedAt: now,
      };
      await tx
        .insert(ssoSettings)
        .values({ organizationId, ...values })
        .onConflictDoUpdate({ target: ssoSettings.organizationId, set: values });
      await tx.delete(ssoDomains).where(eq(ssoDomains.organizationId, organizationId));
      await tx.insert(ssoDomains).values(domains.map((domain) => ({ domain, organizationId })));
      const after = await settingsOf(tx, organizationId, origin);
      await recordAudit(tx, {
        ...tenant.origin,
        organizationId,
        action: before.identityProvider ? 'sso_settings.update' : 'sso_settings.create',
        entityType: 'sso_settings',
        entityId: organizationId,
        before: before.identityProvider,
        after: after.identityProvider,
      });
      return after;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'sso_domains_domain_key')) {
      throw new AppError('CONFLICT', 'One of these domains already signs in through another organization’s identity provider.', [
        { path: 'body.domains', message: 'Already registered by another organization' },
      ]);
    }
    throw error;
  }
}
