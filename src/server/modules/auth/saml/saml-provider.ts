import { and, eq, sql } from 'drizzle-orm';
import type { CacheProvider, SAML } from '@node-saml/node-saml';
import { once } from '../../../../shared/once.ts';
import type { Db } from '../../../db/client.ts';
import { ssoDomains, ssoSettings } from '../../../db/schema/sso.ts';
import { withTenant } from '../../../platform/tenancy/tenant.ts';

/**
 * An organization's SAML identity provider as the auth service uses it: read from the sso module's
 * tables (sso_settings, sso_domains; the sso module writes them) and turned into a node-saml
 * service provider for one request. Sign-in happens before anyone's tenancy is known, so the read is
 * the system's.
 */

const SYSTEM = { kind: 'all', userId: null } as const;
/** How long an AuthnRequest may take to come back (GoTrue: 5 minutes, saml_relay_states). */
export const RELAY_STATE_LIFETIME_MS = 300_000;
/** Clocks of the identity provider and ours may differ this much. */
const CLOCK_SKEW_MS = 30_000;

export interface SamlProviderConfig {
  organizationId: string;
  idpEntityId: string;
  idpSsoUrl: string;
  certificates: string[];
  domains: string[];
  enabled: boolean;
  required: boolean;
  allowIdpInitiated: boolean;
}

async function loadWhere(db: Db, organizationId: string | undefined, domain: string | undefined): Promise<SamlProviderConfig | null> {
  return withTenant(db, SYSTEM, async (tx) => {
    let id = organizationId;
    if (!id && domain) {
      const [owner] = await tx
        .select({ organizationId: ssoDomains.organizationId })
        .from(ssoDomains)
        .where(sql`lower(${ssoDomains.domain}) = ${domain.toLowerCase()}`);
      id = owner?.organizationId;
    }
    if (!id) return null;
    const [row] = await tx.select().from(ssoSettings).where(eq(ssoSettings.organizationId, id));
    if (!row) return null;
    const domains = await tx.select({ domain: ssoDomains.domain }).from(ssoDomains).where(eq(ssoDomains.organizationId, id));
    return {
      organizationId: row.organizationId,
      idpEntityId: row.idpEntityId,
      idpSsoUrl: row.idpSsoUrl,
      certificates: row.idpCertificates,
      domains: domains.map((entry) => entry.domain.toLowerCase()),
      enabled: row.enabled,
      required: row.required,
      allowIdpInitiated: row.allowIdpInitiated,
    };
  });
}

/**
 * The organizations that accept unsolicited responses from this issuer (its metadata's entityID), enabled
 * and opted in. Usually one: an identity provider's entity id is per tenant or per application.
 */
export async function samlProvidersForUnsolicited(db: Db, issuer: string): Promise<SamlProviderConfig[]> {
  const owners = await withTenant(db, SYSTEM, (tx) =>
    tx
      .select({ organizationId: ssoSettings.organizationId })
      .from(ssoSettings)
      .where(and(eq(ssoSettings.idpEntityId, issuer), eq(ssoSettings.enabled, true), eq(ssoSettings.allowIdpInitiated, true))),
  );
  const found = await Promise.all(owners.map((owner) => loadWhere(db, owner.organizationId, undefined)));
  return found.filter((provider): provider is SamlProviderConfig => provider !== null);
}

export function samlProviderForDomain(db: Db, domain: string): Promise<SamlProviderConfig | null> {
  return loadWhere(db, undefined, domain);
}

export function samlProviderForOrganization(db: Db, organizationId: string): Promise<SamlProviderConfig | null> {
  return loadWhere(db, organizationId, undefined);
}

/** Our side of the exchange, at the addresses GoTrue uses. */
export function serviceProvider(authBase: string): { entityId: string; acsUrl: string } {
  return { entityId: `${authBase}/sso/saml/metadata`, acsUrl: `${authBase}/sso/saml/acs` };
}

function certificatePem(base64: string): string {
  return `-----BEGIN CERTIFICATE-----\n${(base64.match(/.{1,64}/g) ?? []).join('\n')}\n-----END CERTIFICATE-----\n`;
}

/**
 * The request ids node-saml makes and checks (InResponseTo), kept in our relay-state row rather than
 * in process memory, so any server process can finish a sign-in another started.
 */
export class RelayRequestCache implements CacheProvider {
  saved: string | null = null;
  private readonly known: { requestId: string; createdAt: Date } | null;

  constructor(known: { requestId: string; createdAt: Date } | null = null) {
    this.known = known;
  }

  async saveAsync(key: string, value: string) {
    this.saved = key;
    return { value, createdAt: Date.now() };
  }

  async getAsync(key: string) {
    return this.known && this.known.requestId === key ? this.known.createdAt.toISOString() : null;
  }

  async removeAsync(key: string | null) {
    return key;
  }
}

/** node-saml (with xml-crypto, xml-encryption and xml2js), loaded at the first SAML request, not with the server (~21 MB, decision 012). */
const loadNodeSaml = once(() => import('@node-saml/node-saml'));

/**
 * node-saml configured for one organization's identity provider: signed assertions, our audience, InResponseTo
 * always — or, for an unsolicited response, only if present (and then it cannot match: the cache is empty).
 */
export async function samlFor(
  provider: Pick<SamlProviderConfig, 'idpSsoUrl' | 'certificates'>,
  authBase: string,
  cache: RelayRequestCache,
  { unsolicited = false } = {},
): Promise<SAML> {
  const { SAML, ValidateInResponseTo } = await loadNodeSaml();
  const sp = serviceProvider(authBase);
  return new SAML({
    entryPoint: provider.idpSsoUrl,
    issuer: sp.entityId,
    callbackUrl: sp.acsUrl,
    audience: sp.entityId,
    idpCert: provider.certificates.map(certificatePem),
    wantAssertionsSigned: true,
    wantAuthnResponseSigned: false,
    acceptedClockSkewMs: CLOCK_SKEW_MS,
    validateInResponseTo: unsolicited ? ValidateInResponseTo.ifPresent : ValidateInResponseTo.always,
    requestIdExpirationPeriodMs: RELAY_STATE_LIFETIME_MS,
    cacheProvider: cache,
    identifierFormat: null,
    disableRequestedAuthnContext: true,
  });
}
