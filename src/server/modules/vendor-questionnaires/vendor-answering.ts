import { and, count, eq } from 'drizzle-orm';
import {
  type PublicVendorQuestionnaire,
  scoreVendorAnswers,
  type VendorAnswer,
  type VendorQuestionnaireFile,
  VENDOR_QUESTIONNAIRE_MAX_FILES,
  YES_NO_ANSWERS,
} from '../../../shared/schemas/vendor-questionnaires.ts';
import type { AttachmentMediaType } from '../../../shared/schemas/deliverables.ts';
import { AppError } from '../../app-error.ts';
import type { Db, DbTransaction } from '../../db/client.ts';
import { organizations } from '../../db/schema/organizations.ts';
import { vendorQuestionnaireFiles, vendorQuestionnaires } from '../../db/schema/vendor-questionnaires.ts';
import { vendors } from '../../db/schema/vendors.ts';
import { type AuditOrigin, recordAudit } from '../../platform/audit/record-audit.ts';
import { emitDomainEvent } from '../../platform/events/domain-events.ts';
import type { FileStore } from '../../platform/files/file-store.ts';
import { bytesMatchMediaType } from '../../platform/files/sniff-media-type.ts';
import type { Jobs } from '../../platform/jobs/job-types.ts';
import { withTenant } from '../../platform/tenancy/tenant.ts';
import { openVendorAssessment } from './vendor-assessment.ts';
import { LINK_SUBMITTED, openQuestionnaireLink, type QuestionnaireRow } from './vendor-questionnaire-link.ts';
import { fileView, questionnaireFiles } from './vendor-questionnaire-views.ts';

/**
 * The vendor's side (docs/vendor-questionnaires.md): no account, the link's token is the only key. Read
 * and written as the system for the one questionnaire the token opens; every change is on the
 * organization's trail with no signed-in actor.
 */

const SYSTEM = { kind: 'all', userId: null } as const;

async function vendorOf(tx: DbTransaction, row: QuestionnaireRow) {
  const [vendor] = await tx.select().from(vendors).where(eq(vendors.id, row.vendorId));
  if (!vendor) throw new AppError('NOT_FOUND', 'No such questionnaire.');
  return vendor;
}

export async function getVendorQuestionnaireByToken(db: Db, token: string, now = new Date()): Promise<PublicVendorQuestionnaire> {
  return withTenant(db, SYSTEM, async (tx) => {
    const row = await openQuestionnaireLink(tx, token, now);
    const vendor = await vendorOf(tx, row);
    const [organization] = await tx
      .select({ name: organizations.name })
      .from(organizations)
      .where(eq(organizations.id, row.organizationId));
    const files = await questionnaireFiles(tx, [row.id]);
    return {
      organizationName: organization?.name ?? '',
      vendorName: vendor.name,
      contactName: row.contactName,
      message: row.message,
      questions: row.questions,
      answers: row.answers,
      files: files.get(row.id) ?? [],
      expiresAt: row.expiresAt.toISOString(),
      savedAt: row.savedAt ? row.savedAt.toISOString() : null,
    };
  });
}

/** Only answers to this questionnaire's questions, yes/no ones with a known value: 400 on anything else. */
function checkedAnswers(row: QuestionnaireRow, answers: Record<string, VendorAnswer>): Record<string, VendorAnswer> {
  const issues: { path: string; message: string }[] = [];
  for (const [id, answer] of Object.entries(answers)) {
    const question = row.questions.find((candidate) => candidate.id === id);
    if (!question) issues.push({ path: `answers.${id}`, message: 'Not a question of this questionnaire' });
    else if (question.kind === 'yes_no' && answer.value !== '' && !(YES_NO_ANSWERS as readonly string[]).includes(answer.value))
      issues.push({ path: `answers.${id}`, message: `One of ${YES_NO_ANSWERS.join(', ')}` });
  }
  if (issues.length > 0) throw new AppError('VALIDATION_FAILED', 'The request is not valid.', issues);
  return answers;
}

/** Saves answers so far (merged over what was saved); the link stays usable until submitted or expired. */
export async function saveVendorAnswers(
  db: Db,
  token: string,
  answers: Record<string, VendorAnswer>,
  deps: { origin: AuditOrigin; now?: Date },
): Promise<PublicVendorQuestionnaire> {
  const now = deps.now ?? new Date();
  await withTenant(db, SYSTEM, async (tx) => {
    const row = await openQuestionnaireLink(tx, token, now, true);
    const merged = { ...row.answers, ...checkedAnswers(row, answers) };
    await tx.update(vendorQuestionnaires).set({ answers: merged, savedAt: now }).where(eq(vendorQuestionnaires.id, row.id));
    await recordAudit(tx, {
      ...deps.origin,
      actor: null,
      organizationId: row.organizationId,
      action: 'vendor_questionnaire.save',
      entityType: 'vendor_questionnaire',
      entityId: row.id,
      after: { answered: Object.keys(merged).length },
    });
  });
  return getVendorQuestionnaireByToken(db, token, now);
}

/** A file the vendor attaches: stored by content, checked against its type, 20 at most per questionnaire. */
export async function attachVendorQuestionnaireFile(
  db: Db,
  store: FileStore,
  token: string,
  upload: { fileName: string; mediaType: AttachmentMediaType; bytes: Buffer },
  deps: { origin: AuditOrigin; now?: Date },
): Promise<VendorQuestionnaireFile> {
  const now = deps.now ?? new Date();
  if (upload.bytes.length === 0) throw new AppError('BAD_REQUEST', 'The file is empty.');
  if (!bytesMatchMediaType(upload.bytes, upload.mediaType)) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', `The file's contents are not ${upload.mediaType}: send it with its real type.`);
  }
  // The link is checked before the bytes are kept, and again (locked) when the row is written.
  await withTenant(db, SYSTEM, (tx) => openQuestionnaireLink(tx, token, now));
  const stored = await store.put(upload.bytes);
  return withTenant(db, SYSTEM, async (tx) => {
    const row = await openQuestionnaireLink(tx, token, now, true);
    const [{ value: held } = { value: 0 }] = await tx
      .select({ value: count() })
      .from(vendorQuestionnaireFiles)
      .where(and(eq(vendorQuestionnaireFiles.questionnaireId, row.id)));
    if (held >= VENDOR_QUESTIONNAIRE_MAX_FILES)
      throw new AppError('CONFLICT', `At most ${VENDOR_QUESTIONNAIRE_MAX_FILES} files per questionnaire.`);
    const [file] = await tx
      .insert(vendorQuestionnaireFiles)
      .values({
        organizationId: row.organizationId,
        questionnaireId: row.id,
        fileName: upload.fileName,
        mediaType: upload.mediaType,
        sizeBytes: stored.size,
        sha256: stored.sha256,
        createdAt: now,
      })
      .returning();
    if (!file) throw new Error('attachVendorQuestionnaireFile: insert returned nothing');
    await recordAudit(tx, {
      ...deps.origin,
      actor: null,
      organizationId: row.organizationId,
      action: 'vendor_questionnaire.attach',
      entityType: 'vendor_questionnaire',
      entityId: row.id,
      after: { fileId: file.id, fileName: file.fileName, sha256: file.sha256, sizeBytes: file.sizeBytes },
    });
    return fileView(file);
  });
}

/**
 * The vendor submits, once: the final answers saved, the score, the trail entry, the vendor-review
 * request for the agent and `vendor.questionnaire_submitted`, all in one transaction. Two submits at
 * once: the row lock orders them and the second finds it submitted (409 QUESTIONNAIRE_SUBMITTED).
 */
export async function submitVendorQuestionnaire(
  db: Db,
  jobs: Jobs,
  token: string,
  answers: Record<string, VendorAnswer>,
  deps: { origin: AuditOrigin; now?: Date },
): Promise<{ submittedAt: string }> {
  const now = deps.now ?? new Date();
  return withTenant(db, SYSTEM, async (tx) => {
    const row = await openQuestionnaireLink(tx, token, now, true);
    const merged = { ...row.answers, ...checkedAnswers(row, answers) };
    const scored = scoreVendorAnswers(row.questions, merged);
    const [submitted] = await tx
      .update(vendorQuestionnaires)
      .set({
        answers: merged,
        status: 'submitted',
        savedAt: now,
        submittedAt: now,
        score: scored.score,
        scoreBand: scored.band,
        criticalGaps: scored.criticalGaps,
      })
      .where(and(eq(vendorQuestionnaires.id, row.id), eq(vendorQuestionnaires.status, 'sent')))
      .returning();
    if (!submitted) throw new AppError('QUESTIONNAIRE_SUBMITTED', LINK_SUBMITTED);
    const vendor = await vendorOf(tx, submitted);
    const files = await questionnaireFiles(tx, [row.id]);
    const origin = { ...deps.origin, actor: null };
    const task = await openVendorAssessment(tx, jobs, {
      vendor,
      questionnaire: submitted,
      scored,
      fileNames: (files.get(row.id) ?? []).map((file) => file.fileName),
      origin,
      now,
    });
    await tx.update(vendorQuestionnaires).set({ taskRequestId: task.id }).where(eq(vendorQuestionnaires.id, row.id));
    await recordAudit(tx, {
      ...origin,
      organizationId: row.organizationId,
      action: 'vendor_questionnaire.submit',
      entityType: 'vendor_questionnaire',
      entityId: row.id,
      before: { status: 'sent' },
      after: {
        status: 'submitted',
        score: scored.score,
        scoreBand: scored.band,
        criticalGaps: scored.criticalGaps,
        taskRequestId: task.id,
      },
    });
    await emitDomainEvent(tx, jobs, {
      type: 'vendor.questionnaire_submitted',
      organizationId: row.organizationId,
      entityId: vendor.id,
      data: {
        questionnaireId: row.id,
        ref: vendor.ref,
        name: vendor.name.slice(0, 200),
        tier: vendor.tier,
        score: scored.score,
        scoreBand: scored.band,
        taskRequestId: task.id,
      },
    });
    return { submittedAt: now.toISOString() };
  });
}
