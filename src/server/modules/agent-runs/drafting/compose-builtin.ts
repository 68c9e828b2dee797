import type { Grounding } from '../providers/agent-grounding.ts';
import type { DraftInput, DraftResult } from '../providers/agent-provider.ts';
import { composeEvidenceChecklist } from '../providers/compose-evidence-checklist.ts';
import { composeGapAssessment } from '../providers/compose-gap-assessment.ts';
import { composePolicyDraft } from '../providers/compose-policy-draft.ts';
import { composeQuestionnaireAnswers } from '../providers/compose-questionnaire-answers.ts';
import { composeRiskRegister } from '../providers/compose-risk-register.ts';
import { composeVendorReview } from '../providers/compose-vendor-review.ts';
import { type Composer, assembleDraft, sourcesSection } from '../providers/draft-document.ts';
import type { WorkKind } from '../../../../shared/schemas/task-requests.ts';
import { applyReviewNotes } from '../notes/apply-notes.ts';

/** One composer per kind of work. */
export const COMPOSERS: Record<WorkKind, Composer> = {
  policy_draft: composePolicyDraft,
  gap_assessment: composeGapAssessment,
  risk_register: composeRiskRegister,
  evidence_checklist: composeEvidenceChecklist,
  vendor_review: composeVendorReview,
  questionnaire_answers: composeQuestionnaireAnswers,
};

export type ComposeInput = Pick<DraftInput, 'previous' | 'reviewNotes'> & { workKind: WorkKind };

/**
 * The builtin agent's CPU work once the grounding is read: the composer of the kind of work, then a
 * redraft through the reviewer's notes. Pure (no database, no I/O): the drafting thread runs it.
 */
export function composeBuiltinDraft(grounding: Grounding, input: ComposeInput): DraftResult {
  const composed = assembleDraft(grounding, COMPOSERS[input.workKind](grounding), input.previous);
  return applyReviewNotes({ draft: composed, grounding, previous: input.previous, reviewNotes: input.reviewNotes, sourcesSection }).draft;
}
