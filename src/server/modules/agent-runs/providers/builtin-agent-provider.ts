import type { WorkKind } from '../../../../shared/schemas/task-requests.ts';
import type { AgentProvider } from './agent-provider.ts';
import { groundDraft } from './agent-grounding.ts';
import { classifyBuiltin } from './builtin-classifier.ts';
import { composeEvidenceChecklist } from './compose-evidence-checklist.ts';
import { composeGapAssessment } from './compose-gap-assessment.ts';
import { composePolicyDraft } from './compose-policy-draft.ts';
import { composeQuestionnaireAnswers } from './compose-questionnaire-answers.ts';
import { composeRiskRegister } from './compose-risk-register.ts';
import { composeVendorReview } from './compose-vendor-review.ts';
import { type Composer, assembleDraft } from './draft-document.ts';

/** One composer per kind of work. */
export const COMPOSERS: Record<WorkKind, Composer> = {
  policy_draft: composePolicyDraft,
  gap_assessment: composeGapAssessment,
  risk_register: composeRiskRegister,
  evidence_checklist: composeEvidenceChecklist,
  vendor_review: composeVendorReview,
  questionnaire_answers: composeQuestionnaireAnswers,
};

/**
 * The default agent provider: offline and deterministic. It classifies with `classifyBuiltin` and
 * drafts with the composer of the request's kind of work, grounded in the framework requirements and
 * the knowledge base (agent-grounding.ts).
 */
export function createBuiltinAgentProvider(): AgentProvider {
  return {
    name: 'builtin',
    classify: async (input) => classifyBuiltin(input),
    async draft(db, input) {
      const grounding = await groundDraft(db, input);
      return assembleDraft(grounding, COMPOSERS[input.request.workKind](grounding), input.previous);
    },
  };
}
