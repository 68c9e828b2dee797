import type { Readable } from 'node:stream';
import { and, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type sendVendorQuestionnaireInputSchema,
  templateForTier,
  templateQuestions,
  type VendorQuestionnaire,
  type VendorQuestionnaireList,
} from '../../../shared/schemas/vendor-questionnaires.ts';
import type { VendorTier } from '../../../shared/schemas/vendors.ts';
import { AppError } from '../../app-error.ts';
import { organizations } from '../../db/schema/organizations.ts';
import { vendorQuestionnaireFiles, vendorQuestionnaires } from '../../db/schema/vendor-questionnaires.ts';
import { recordAudit } from '../../platform/audit/record-audit.ts';
import type { FileStore } from '../../platform/files/file-store.ts';
import type { Jobs } from '../../platform/jobs/job-types.ts';
import { enqueueEmail } from '../../platform/mail/mail.service.ts';
import type { Tenant } from '../../platform/tenancy/tenant.ts';
import { writeVendorChange } from '../vendors/vendor-records.ts';
import { reachableVendor } from '../vendors/vendors.service.ts';
import { hashQuestionnaireToken, newQuestionnaireToken } from './vendor-questionnaire-link.ts';
import { questionnaireViews } from './vendor-questionnaire-views.ts';

/**
 * The client's side of vendor questionnaires (docs/vendor-questionnaires.md): send one to a vendor
 * contact, read what came back. Tenancy by the tenant guard on the vendor: another organization's is 404.
 */

type SendInput = z.output<typeof sendVendorQuestionnaireInputSchema>;
const dayMs = 86_400_000;
const longDate = (date: Date) => `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

export interface SendDeps {
  jobs: Jobs;
  /** The site's public origin, for the link in the e-mail. */
  siteOrigin: string;
  userId: string;
  now?: Date;
}

/**
 * Sends a questionnaire: the questions as of now (the tier's set by default), a token whose hash is kept,
 * the e-mail with the link (queued in the same transaction), the trail entry; a proposed vendor goes
 * into review through the register's own change.
 */
export async function sendVendorQuestionnaire(
  tenant: Tenant,
  vendorId: string,
  input: SendInput,
  deps: SendDeps,
): Promise<VendorQuestionnaire> {
  const now = deps.now ?? new Date();
  return tenant.transaction(async (tx) => {
    const vendor = await reachableVendor(tx, tenant, vendorId, true);
    if (vendor.status === 'offboarded' || vendor.status === 'rejected') {
      throw new AppError('CONFLICT', `This vendor is ${vendor.status}: change its status before sending a questionnaire.`);
    }
    const template = input.template ?? templateForTier(vendor.tier as VendorTier);
    const questions = template === 'custom' ? (input.questions ?? []) : [...templateQuestions(template)];
    const token = newQuestionnaireToken();
    const expiresAt = new Date(now.getTime() + input.expiresInDays * dayMs);
    const [row] = await tx
      .insert(vendorQuestionnaires)
      .values({
        organizationId: vendor.organizationId,
        vendorId: vendor.id,
        template,
        questions,
        contactName: input.contactName,
        contactEmail: input.contactEmail,
        message: input.message,
        tokenHash: hashQuestionnaireToken(token),
        expiresAt,
        sentBy: deps.userId,
        sentAt: now,
      })
      .returning();
    if (!row) throw new Error('sendVendorQuestionnaire: insert returned nothing');
    const [organization] = await tx
      .select({ name: organizations.name })
      .from(organizations)
      .where(eq(organizations.id, vendor.organizationId));
    const link = new URL(`/vendor-questionnaire/${token}`, deps.siteOrigin).toString();
    await enqueueEmail(tx, deps.jobs, {
      kind: 'vendor.questionnaire',
      to: input.contactEmail,
      subject: `Security questionnaire from ${organization?.name ?? 'a customer'} for ${vendor.name}`,
      text: [
        `Hello${input.contactName ? ` ${input.contactName}` : ''},`,
        '',
        `${organization?.name ?? 'Your customer'} asks ${vendor.name} to answer a security questionnaire (${questions.length} questions).`,
        ...(input.message ? ['', input.message] : []),
        '',
        `Answer it online, no account needed, until ${longDate(expiresAt)}:`,
        link,
        '',
        'You can save and come back; once you submit, the answers are final. The link is for you alone.',
      ].join('\n'),
    });
    // One operation, one entry (docs/audit.md): the vendor's move into review is named in the send's entry.
    const intoReview = vendor.status === 'proposed';
    if (intoReview) await writeVendorChange(tx, vendor, { status: 'in_review' }, now);
    await recordAudit(tx, {
      ...tenant.origin,
      organizationId: vendor.organizationId,
      action: 'vendor_questionnaire.send',
      entityType: 'vendor_questionnaire',
      entityId: row.id,
      after: {
        vendorId: vendor.id,
        template,
        questions: questions.length,
        contactEmail: input.contactEmail,
        expiresAt: expiresAt.toISOString(),
        ...(intoReview ? { vendorStatus: { before: 'proposed', after: 'in_review' } } : {}),
      },
    });
    const [view] = await questionnaireViews(tx, [row], now);
    if (!view) throw new Error('sendVendorQuestionnaire: no view');
    return view;
  });
}

/** A vendor's questionnaires, newest first, with answers, score and the drafted assessment. */
export async function listVendorQuestionnaires(tenant: Tenant, vendorId: string, now = new Date()): Promise<VendorQuestionnaireList> {
  return tenant.transaction(async (tx) => {
    const vendor = await reachableVendor(tx, tenant, vendorId);
    const rows = await tx
      .select()
      .from(vendorQuestionnaires)
      .where(eq(vendorQuestionnaires.vendorId, vendor.id))
      .orderBy(desc(vendorQuestionnaires.sentAt));
    return { questionnaires: await questionnaireViews(tx, rows, now) };
  });
}

export interface QuestionnaireDownload {
  fileName: string;
  mediaType: string;
  sizeBytes: number;
  body: Readable;
}

/** A file the vendor attached, for the organization's users (404 across organizations). */
export async function downloadVendorQuestionnaireFile(
  tenant: Tenant,
  store: FileStore,
  questionnaireId: string,
  fileId: string,
): Promise<QuestionnaireDownload> {
  const file = await tenant.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(vendorQuestionnaireFiles)
      .where(
        and(
          eq(vendorQuestionnaireFiles.id, fileId),
          eq(vendorQuestionnaireFiles.questionnaireId, questionnaireId),
          tenant.where(vendorQuestionnaireFiles.organizationId),
        ),
      );
    tenant.assert(row?.organizationId, 'No such file.');
    if (!row) throw new AppError('NOT_FOUND', 'No such file.');
    return row;
  });
  const body = await store.stream(file.sha256);
  if (!body) throw new Error(`Vendor questionnaire file ${file.id}: ${file.sha256} is missing from the file store`);
  return { fileName: file.fileName, mediaType: file.mediaType, sizeBytes: file.sizeBytes, body };
}
