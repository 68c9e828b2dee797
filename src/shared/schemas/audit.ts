import { z } from 'zod';

/** The audit trail (docs/audit.md): what the Audit Trail Viewer lists, filters, exports and verifies. */

export const AUDIT_LIST_LIMIT_MAX = 200;
const isoDate = z.iso.date('A date as YYYY-MM-DD');

export const auditTrailQuerySchema = z.object({
  /** The organization whose chain to read; omitted: the caller's only organization (or the engagement's). */
  organizationId: z.uuid('Not an organization id').optional(),
  /** Read through an audit engagement (auditors): its organization and period only. */
  engagementId: z.uuid('Not an engagement id').optional(),
  actorId: z.uuid('Not a user id').optional(),
  entityType: z.string().trim().max(60).optional(),
  entityId: z.string().trim().max(200).optional(),
  /** A prefix: `evidence` matches `evidence.update`. */
  action: z.string().trim().max(80).optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
  limit: z.coerce.number().int().min(1).max(AUDIT_LIST_LIMIT_MAX).default(50),
  /** The `seq` to continue below (newest first). */
  cursor: z.coerce.number().int().min(1).optional(),
});
export type AuditTrailQuery = z.output<typeof auditTrailQuerySchema>;

export const auditEventSchema = z.object({
  id: z.uuid(),
  organizationId: z.uuid().nullable(),
  seq: z.number().int(),
  occurredAt: z.string(),
  actor: z.object({ id: z.uuid(), name: z.string(), email: z.string() }).nullable(),
  /** The API key the actor acted through (an integration, an AI assistant over MCP); null when none. */
  apiKey: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  prevHash: z.string(),
  hash: z.string(),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;

export const auditTrailSchema = z.object({
  organizationId: z.uuid(),
  events: z.array(auditEventSchema),
  nextCursor: z.number().int().nullable(),
});
export type AuditTrail = z.infer<typeof auditTrailSchema>;

export const CHAIN_BREAK_REASONS = ['hash_mismatch', 'prev_hash_mismatch', 'sequence_gap', 'head_mismatch'] as const;

export const chainVerificationSchema = z.object({
  chain: z.string(),
  ok: z.boolean(),
  count: z.number().int(),
  headHash: z.string(),
  brokenAt: z.object({ seq: z.number().int(), id: z.uuid().nullable(), reason: z.enum(CHAIN_BREAK_REASONS) }).nullable(),
  verifiedAt: z.string(),
});
export type ChainVerification = z.infer<typeof chainVerificationSchema>;

export const verifyAuditTrailQuerySchema = z.object({
  organizationId: z.uuid('Not an organization id').optional(),
  engagementId: z.uuid('Not an engagement id').optional(),
});

/** The export takes the list's filters, without paging (at most AUDIT_EXPORT_MAX rows). */
export const AUDIT_EXPORT_MAX = 10_000;
export const exportAuditTrailQuerySchema = auditTrailQuerySchema.omit({ limit: true, cursor: true });
