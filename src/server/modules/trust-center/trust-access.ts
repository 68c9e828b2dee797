import { createHash, randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { and, desc, eq } from 'drizzle-orm';
import type {
  DecideTrustAccessInput,
  RequestTrustAccessInput,
  TrustAccessReceipt,
  TrustAccessRequest,
} from '../../../shared/schemas/trust-center.ts';
import { AppError } from '../../app-error.ts';
import type { Db, DbTransaction } from '../../db/client.ts';
import { trustAccessRequests, trustCenters, trustDocuments } from '../../db/schema/trust-center.ts';
import { type AuditOrigin, recordAudit } from '../../platform/audit/record-audit.ts';
import type { FileStore } from '../../platform/files/file-store.ts';
import type { Jobs } from '../../platform/jobs/job-types.ts';
import { enqueueEmail } from '../../platform/mail/mail.service.ts';
import { actingOrganization } from '../../platform/tenancy/acting-organization.ts';
import { type Tenant, withTenant } from '../../platform/tenancy/tenant.ts';
import { enabledTrustCenter, type TrustCenterRow } from './trust-public.ts';

/**
 * Access to restricted documents (docs/trust-center.md): a prospect asks for one document and clicks
 * through the NDA; the organization approves (or the requester's e-mail domain is on its list and the
 * request is approved at once); the grant is a random token e-mailed to the requester, kept only as its
 * SHA-256, valid for that one document until it expires. Every step is on the organization's trail.
 */

const SYSTEM = { kind: 'all', userId: null } as const;
type AccessRow = typeof trustAccessRequests.$inferSelect;
type DocumentRow = typeof trustDocuments.$inferSelect;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const dayMs = 86_400_000;
const longDate = (date: Date) => `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

export interface GrantDeps {
  jobs: Jobs;
  /** The site's public origin, for the link in the e-mail. */
  siteOrigin: string;
  now?: Date;
}

/**
 * Approves a pending request in the caller's transaction: the token, its expiry, the e-mail (queued in
 * the same transaction) and the trail entry. Two deciders at once: the second finds it decided (409).
 */
async function grantAccess(
  tx: DbTransaction,
  request: AccessRow,
  center: TrustCenterRow,
  document: DocumentRow,
  context: { origin: AuditOrigin; auto: boolean } & GrantDeps,
): Promise<AccessRow> {
  const now = context.now ?? new Date();
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + center.accessDays * dayMs);
  const [granted] = await tx
    .update(trustAccessRequests)
    .set({
      status: 'approved',
      autoApproved: context.auto,
      decidedBy: context.origin.actor,
      decidedAt: now,
      tokenHash: hashToken(token),
      expiresAt,
    })
    .where(and(eq(trustAccessRequests.id, request.id), eq(trustAccessRequests.status, 'pending')))
    .returning();
  if (!granted) throw new AppError('CONFLICT', 'This request was decided meanwhile.');
  const url = new URL(`/api/v1/trust-centers/${center.slug}/documents/${document.id}/download`, context.siteOrigin);
  url.searchParams.set('token', token);
  const link = url.toString();
  await enqueueEmail(tx, context.jobs, {
    kind: 'trust.access-granted',
    to: granted.email,
    subject: `Your access to ${document.title}`,
    text: [
      'Hello,',
      '',
      `You may download "${document.title}" until ${longDate(expiresAt)}:`,
      link,
      '',
      'The link is for you alone and for this one document, under the non-disclosure agreement you accepted.',
    ].join('\n'),
  });
  await recordAudit(tx, {
    ...context.origin,
    organizationId: granted.organizationId,
    action: 'trust_access.grant',
    entityType: 'trust_access_request',
    entityId: granted.id,
    before: { status: 'pending' },
    after: {
      status: 'approved',
      autoApproved: context.auto,
      documentId: document.id,
      email: granted.email,
      expiresAt: expiresAt.toISOString(),
    },
  });
  return granted;
}

const emailDomain = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

/** A prospect's request: recorded with the NDA as shown; approved at once when the domain is listed. */
export async function requestTrustAccess(
  db: Db,
  slug: string,
  input: RequestTrustAccessInput,
  deps: GrantDeps & { origin: AuditOrigin },
): Promise<TrustAccessReceipt> {
  const origin = { ...deps.origin, actor: null };
  const now = deps.now ?? new Date();
  return withTenant(db, SYSTEM, async (tx) => {
    const center = await enabledTrustCenter(tx, slug);
    const [document] = await tx
      .select()
      .from(trustDocuments)
      .where(and(eq(trustDocuments.id, input.documentId), eq(trustDocuments.organizationId, center.organizationId)));
    if (!document) throw new AppError('NOT_FOUND', 'No such document on this trust center.');
    if (document.visibility === 'public') {
      throw new AppError('VALIDATION_FAILED', 'This document is public: download it directly.', [
        { path: 'documentId', message: 'Public documents need no request' },
      ]);
    }
    const [request] = await tx
      .insert(trustAccessRequests)
      .values({
        organizationId: center.organizationId,
        documentId: document.id,
        name: input.name,
        email: input.email,
        company: input.company,
        ndaText: center.ndaText,
        ndaAcceptedAt: now,
        ipAddress: origin.ip,
        createdAt: now,
      })
      .returning();
    if (!request) throw new Error('requestTrustAccess: insert returned nothing');
    await recordAudit(tx, {
      ...origin,
      organizationId: center.organizationId,
      action: 'trust_access.request',
      entityType: 'trust_access_request',
      entityId: request.id,
      after: { documentId: document.id, name: input.name, email: input.email, company: input.company, ndaAccepted: true },
    });
    const auto = center.autoApproveDomains.includes(emailDomain(input.email));
    if (!auto) return { id: request.id, status: 'pending', autoApproved: false };
    await grantAccess(tx, request, center, document, { ...deps, origin, auto: true, now });
    return { id: request.id, status: 'approved', autoApproved: true };
  });
}

function accessView(row: AccessRow, documentTitle: string): TrustAccessRequest {
  return {
    id: row.id,
    documentId: row.documentId,
    documentTitle,
    name: row.name,
    email: row.email,
    company: row.company,
    status: row.status,
    autoApproved: row.autoApproved,
    requestedAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt ? row.decidedAt.toISOString() : null,
    expiresAt: row.expiresAt ? row.expiresAt.toISOString() : null,
  };
}

export async function listTrustAccessRequests(tenant: Tenant, named: string | undefined): Promise<TrustAccessRequest[]> {
  const organizationId = await actingOrganization(tenant, named);
  const rows = await tenant.transaction((tx) =>
    tx
      .select({ request: trustAccessRequests, title: trustDocuments.title })
      .from(trustAccessRequests)
      .innerJoin(trustDocuments, eq(trustDocuments.id, trustAccessRequests.documentId))
      .where(eq(trustAccessRequests.organizationId, organizationId))
      .orderBy(desc(trustAccessRequests.createdAt))
      .limit(500),
  );
  return rows.map((row) => accessView(row.request, row.title));
}

/** The organization's decision on a pending request: approve (grant and e-mail) or deny. */
export async function decideTrustAccess(
  tenant: Tenant,
  id: string,
  input: DecideTrustAccessInput,
  deps: GrantDeps,
): Promise<TrustAccessRequest> {
  return tenant.transaction(async (tx) => {
    const [found] = await tx
      .select({ request: trustAccessRequests, document: trustDocuments })
      .from(trustAccessRequests)
      .innerJoin(trustDocuments, eq(trustDocuments.id, trustAccessRequests.documentId))
      .where(and(eq(trustAccessRequests.id, id), tenant.where(trustAccessRequests.organizationId)));
    tenant.assert(found?.request.organizationId, 'No such access request.');
    if (!found) throw new AppError('NOT_FOUND', 'No such access request.');
    const { request, document } = found;
    if (request.status !== 'pending') throw new AppError('CONFLICT', `This request was already ${request.status}.`);
    if (input.decision === 'approved') {
      const [center] = await tx.select().from(trustCenters).where(eq(trustCenters.organizationId, request.organizationId));
      if (!center) throw new AppError('CONFLICT', 'Set up the trust center first.');
      return accessView(await grantAccess(tx, request, center, document, { ...deps, origin: tenant.origin, auto: false }), document.title);
    }
    const [denied] = await tx
      .update(trustAccessRequests)
      .set({ status: 'denied', decidedBy: tenant.scope.userId, decidedAt: deps.now ?? new Date() })
      .where(and(eq(trustAccessRequests.id, id), eq(trustAccessRequests.status, 'pending')))
      .returning();
    if (!denied) throw new AppError('CONFLICT', 'This request was decided meanwhile.');
    await recordAudit(tx, {
      ...tenant.origin,
      organizationId: denied.organizationId,
      action: 'trust_access.deny',
      entityType: 'trust_access_request',
      entityId: denied.id,
      before: { status: 'pending' },
      after: { status: 'denied' },
    });
    return accessView(denied, document.title);
  });
}

export interface TrustDownload {
  fileName: string;
  mediaType: string;
  sizeBytes: number;
  body: Readable;
}

/** Checks a grant's token for one document: unknown 403, another document's 403, expired 410. */
function checkGrant(grant: AccessRow | undefined, document: DocumentRow, now: Date): AccessRow {
  if (!grant || grant.status !== 'approved' || !grant.expiresAt)
    throw new AppError('FORBIDDEN', 'This link does not grant access. Ask for access on the trust center.');
  if (grant.documentId !== document.id) throw new AppError('FORBIDDEN', 'This link grants access to another document only.');
  if (grant.expiresAt.getTime() <= now.getTime())
    throw new AppError('GRANT_EXPIRED', 'This link has expired. Ask for access again on the trust center.');
  return grant;
}

/** A document of an enabled trust center: public ones for anyone, restricted ones with a valid grant. Each download is on the trail. */
export async function downloadTrustDocument(
  db: Db,
  store: FileStore,
  input: { slug: string; documentId: string; token?: string },
  deps: { origin: AuditOrigin; now?: Date },
): Promise<TrustDownload> {
  const now = deps.now ?? new Date();
  const document = await withTenant(db, SYSTEM, async (tx) => {
    const center = await enabledTrustCenter(tx, input.slug);
    const [row] = await tx
      .select()
      .from(trustDocuments)
      .where(and(eq(trustDocuments.id, input.documentId), eq(trustDocuments.organizationId, center.organizationId)));
    if (!row) throw new AppError('NOT_FOUND', 'No such document on this trust center.');
    let grant: AccessRow | null = null;
    if (row.visibility === 'restricted') {
      if (!input.token) throw new AppError('FORBIDDEN', 'This document is restricted: ask for access on the trust center.');
      const [found] = await tx
        .select()
        .from(trustAccessRequests)
        .where(
          and(eq(trustAccessRequests.tokenHash, hashToken(input.token)), eq(trustAccessRequests.organizationId, center.organizationId)),
        );
      grant = checkGrant(found, row, now);
    }
    await recordAudit(tx, {
      ...deps.origin,
      actor: null,
      organizationId: row.organizationId,
      action: 'trust_document.download',
      entityType: 'trust_document',
      entityId: row.id,
      after: { visibility: row.visibility, accessRequestId: grant?.id ?? null, email: grant?.email ?? null },
    });
    return row;
  });
  const body = await store.stream(document.sha256);
  if (!body) throw new Error(`Trust document ${document.id}: its file ${document.sha256} is missing from the file store`);
  return { fileName: document.fileName, mediaType: document.mediaType, sizeBytes: document.sizeBytes, body };
}
