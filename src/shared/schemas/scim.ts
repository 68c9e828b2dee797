import { z } from 'zod';

/**
 * The workspace side of SCIM 2.0 provisioning (docs/scim.md): an organization's bearer token for
 * /scim/v2, made and rotated by its integration admin. The token itself is shown once, in the answer
 * that makes it; only its SHA-256 is kept.
 */

export const SCIM_TOKEN_PATTERN = /^ccscim_([a-z0-9]{8})_([A-Za-z0-9_-]{32,})$/;

export const scimQuerySchema = z.object({ organizationId: z.uuid('Not an organization id').optional() });
export const scimTokenInputSchema = z.object({ organizationId: z.uuid('Not an organization id').optional() });

export const scimSettingsSchema = z.object({
  organizationId: z.uuid(),
  /** What the identity provider is given as the SCIM base URL (tenant URL in Entra, base URL in Okta). */
  baseUrl: z.string(),
  token: z
    .object({
      prefix: z.string(),
      createdAt: z.string(),
      createdBy: z.uuid().nullable(),
      /** Who made it, as the workspace names them (null: the user is gone). */
      createdByName: z.string().nullable(),
      lastUsedAt: z.string().nullable(),
    })
    .nullable(),
  /** How many people and groups SCIM has provisioned so far. */
  provisionedUsers: z.number().int(),
  provisionedGroups: z.number().int(),
});
export type ScimSettings = z.infer<typeof scimSettingsSchema>;

export const createdScimTokenSchema = scimSettingsSchema.extend({ secret: z.string() });
export type CreatedScimToken = z.infer<typeof createdScimTokenSchema>;
