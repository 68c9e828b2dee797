import {
  type QuestionnaireScore,
  SCORE_BAND_LABELS,
  type VendorAnswer,
  type VendorQuestion,
  YES_NO_LABELS,
  type YesNoAnswer,
} from '../../../shared/schemas/vendor-questionnaires.ts';
import { VENDOR_DATA_CATEGORY_LABELS, VENDOR_TIER_LABELS, type VendorTier } from '../../../shared/schemas/vendors.ts';
import type { DbTransaction } from '../../db/client.ts';
import type { AuditOrigin } from '../../platform/audit/record-audit.ts';
import type { Jobs } from '../../platform/jobs/job-types.ts';
import { AGENT_FOR_KIND, classifyBuiltin } from '../agent-runs/providers/builtin-classifier.ts';
import { insertTaskRequest, type TaskRequestRow } from '../task-requests/pipeline.ts';
import { confirmedDocumentBriefLines } from '../vendors/documents/vendor-document-facts.ts';
import type { VendorRow } from '../vendors/vendor-views.ts';
import type { QuestionnaireRow } from './vendor-questionnaire-link.ts';

/**
 * What the vendor-review agent is asked (docs/vendor-questionnaires.md): a task request through the
 * delivery pipeline's own submit, whose brief is the vendor's register fields, the score, the vendor's
 * documents as a reviewer confirmed them (fields, exceptions, CUECs, subservice organizations, each with
 * its page) and every answer in the vendor's words. Its draft lands in the normal review queue like any other.
 */

function answerLine(question: VendorQuestion, answer: VendorAnswer | undefined): string {
  const value = answer?.value ?? '';
  const shown = question.kind === 'yes_no' ? (YES_NO_LABELS[value as YesNoAnswer] ?? 'Not answered') : value || 'Not answered';
  const comment = answer?.comment ? ` (${answer.comment})` : '';
  return `- ${question.area}: ${question.text} — ${shown}${comment}`;
}

export function assessmentBrief(
  vendor: VendorRow,
  questionnaire: QuestionnaireRow,
  scored: QuestionnaireScore,
  fileNames: readonly string[],
  /** The vendor's documents as a person confirmed them (confirmedDocumentBriefLines); none yet is said so. */
  documentLines: readonly string[] = [],
): string {
  const data = vendor.dataCategories.map((category) => VENDOR_DATA_CATEGORY_LABELS[category]).join(', ') || 'not stated';
  const gaps = questionnaire.questions.filter((question) => scored.criticalGaps.includes(question.id));
  return [
    `${vendor.name} (${vendor.ref}, ${VENDOR_TIER_LABELS[vendor.tier as VendorTier]}) answered our security questionnaire.`,
    `Services: ${vendor.services || 'not described'}. Data shared: ${data}. Sub-processor: ${vendor.isSubProcessor ? 'yes' : 'no'}. DPA signed: ${vendor.dpaSignedOn ?? 'no'}.`,
    `Questionnaire score: ${scored.score === null ? 'not scored' : `${scored.score}/100`}${scored.band ? ` (${SCORE_BAND_LABELS[scored.band]})` : ''}.${
      gaps.length > 0 ? ` Critical gaps: ${gaps.map((question) => question.area).join(', ')}.` : ''
    }`,
    '',
    ...(documentLines.length > 0
      ? ['Documents of this vendor, as our reviewer confirmed them:', ...documentLines]
      : ['No report or certificate of this vendor has been confirmed yet.']),
    '',
    `Answers from ${questionnaire.contactName || questionnaire.contactEmail}:`,
    ...questionnaire.questions.map((question) => answerLine(question, questionnaire.answers[question.id])),
    ...(fileNames.length > 0 ? ['', `Files attached by the vendor: ${fileNames.join(', ')}.`] : []),
    '',
    'Draft the vendor security review: rate each area from these answers and the confirmed documents, name the conditions for approval and the follow-up questions.',
  ].join('\n');
}

/** Opens the vendor-review request for a submitted questionnaire, on the sender's behalf, in the caller's transaction. */
export async function openVendorAssessment(
  tx: DbTransaction,
  jobs: Jobs,
  context: {
    vendor: VendorRow;
    questionnaire: QuestionnaireRow;
    scored: QuestionnaireScore;
    fileNames: readonly string[];
    origin: AuditOrigin;
    now: Date;
  },
): Promise<TaskRequestRow> {
  const { vendor, questionnaire, now } = context;
  const input = {
    title: `Vendor security review of ${vendor.name}`.slice(0, 200),
    description: assessmentBrief(
      vendor,
      questionnaire,
      context.scored,
      context.fileNames,
      await confirmedDocumentBriefLines(tx, vendor.organizationId, vendor.id),
    ).slice(0, 5000),
    department: 'risk' as const,
    deadline: null,
    frameworks: [] as string[],
  };
  const classification = classifyBuiltin({ ...input, now });
  // The work is a vendor review whatever words the vendor used: its own agent drafts it.
  return insertTaskRequest(tx, jobs, {
    ...input,
    organizationId: vendor.organizationId,
    requestedBy: questionnaire.sentBy,
    source: 'vendor_questionnaire',
    classification: { ...classification, workKind: 'vendor_review', agentId: AGENT_FOR_KIND.vendor_review },
    submittedAt: now,
    origin: context.origin,
  });
}
