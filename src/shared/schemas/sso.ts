import { z } from 'zod';

/**
 * SAML single sign-on per organization (docs/auth.md "SAML SSO"): the organization's administrator
 * registers its identity provider's metadata (a URL we fetch, or the XML) and the e-mail domains
 * that sign in through it; SSO can then be required for those domains.
 */

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** An e-mail domain as users type it after the `@`: two or more labels, lower-cased. */
export function isEmailDomain(value: string): boolean {
  const labels = value.split('.');
  return value.length <= 253 && labels.length >= 2 && labels.every((label) => LABEL.test(label));
}

export const ssoDomainSchema = z.string().trim().toLowerCase().refine(isEmailDomain, 'Not an e-mail domain (example.com)');

/** The part of an address after its `@`, lower-cased; empty when there is none. */
export function emailDomain(email: string): string {
  const at = email.lastIndexOf('@');
  return at < 0
    ? ''
    : email
        .slice(at + 1)
        .trim()
        .toLowerCase();
}

export const ssoQuerySchema = z.object({ organizationId: z.uuid('Not an organization id').optional() });

export const updateSsoSettingsInputSchema = z
  .object({
    organizationId: z.uuid('Not an organization id').optional(),
    /** Either where the identity provider publishes its metadata (https) … */
    metadataUrl: z
      .url({ protocol: /^https?$/, error: 'Not an http(s) address' })
      .max(2000)
      .optional(),
    /** … or the metadata document itself. */
    metadataXml: z.string().trim().min(1).max(200_000).optional(),
    domains: z.array(ssoDomainSchema).min(1, 'Name at least one e-mail domain').max(20),
    enabled: z.boolean().default(true),
    required: z.boolean().default(false),
    /** Accept sign-ins started at the identity provider (unsolicited responses): off unless turned on. */
    allowIdpInitiated: z.boolean().default(false),
  })
  .refine((input) => Boolean(input.metadataUrl) !== Boolean(input.metadataXml), {
    message: 'Give the metadata URL or the metadata XML, not both',
    path: ['metadataXml'],
  });
export type UpdateSsoSettingsInput = z.input<typeof updateSsoSettingsInputSchema>;

export const ssoSettingsSchema = z.object({
  organizationId: z.uuid(),
  /** What the identity provider is given about us (its "service provider" settings). */
  serviceProvider: z.object({
    entityId: z.string(),
    acsUrl: z.string(),
    metadataUrl: z.string(),
  }),
  identityProvider: z
    .object({
      entityId: z.string(),
      ssoUrl: z.string(),
      metadataUrl: z.string().nullable(),
      /** How many signing certificates the metadata holds. */
      certificateCount: z.number().int(),
      domains: z.array(z.string()),
      enabled: z.boolean(),
      required: z.boolean(),
      allowIdpInitiated: z.boolean(),
      updatedAt: z.string(),
    })
    .nullable(),
});
export type SsoSettings = z.infer<typeof ssoSettingsSchema>;
