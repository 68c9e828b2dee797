import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './organizations.ts';

/**
 * SAML single sign-on per organization (docs/auth.md "SAML SSO", issue 37 item 4). Tenant tables
 * (row-level security, their migration), written by the sso module only; the auth service reads
 * them to send a sign-in to the right identity provider and to check what comes back.
 */

/** The organization's identity provider, as its metadata describes it. One per organization. */
export const ssoSettings = pgTable('sso_settings', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  /** Where the metadata was fetched from, when the administrator gave a URL. */
  metadataUrl: text('metadata_url'),
  /** The metadata document itself (fetched or pasted), kept as given. */
  metadataXml: text('metadata_xml').notNull(),
  /** What we read from it: the IdP's entityID, its HTTP-Redirect sign-in address and signing certificates. */
  idpEntityId: text('idp_entity_id').notNull(),
  idpSsoUrl: text('idp_sso_url').notNull(),
  idpCertificates: jsonb('idp_certificates').$type<string[]>().notNull(),
  /** Off: the settings are kept but nobody is sent to the identity provider. */
  enabled: boolean('enabled').notNull().default(true),
  /** On: password and magic-link sign-in are refused for the organization's domains (SSO only). */
  required: boolean('required').notNull().default(false),
  /**
   * On: a response the identity provider sends unasked (IdP-initiated, no relay state of ours) is accepted,
   * after the same checks as any other. Off by default: such a response cannot be bound to a sign-in begun here.
   */
  allowIdpInitiated: boolean('allow_idp_initiated').notNull().default(false),
  updatedBy: uuid('updated_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The e-mail domains whose addresses sign in through the organization's identity provider. A domain belongs to one organization. */
export const ssoDomains = pgTable(
  'sso_domains',
  {
    domain: text('domain').notNull(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => ssoSettings.organizationId, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('sso_domains_domain_key').on(sql`lower(${table.domain})`), index('sso_domains_org_idx').on(table.organizationId)],
);
