import { z } from 'zod';

/**
 * Security questionnaires answered from the answer library (docs/questionnaires.md, issue 36 items 1–2):
 * the library (what the workspace knows, plus answers reviewers approved), uploaded questionnaires
 * (XLSX, CSV, DOCX), their questions with drafted answers, the review, and the export.
 */

export const QUESTIONNAIRE_FORMATS = ['xlsx', 'csv', 'docx'] as const;
export type QuestionnaireFormat = (typeof QUESTIONNAIRE_FORMATS)[number];
export const QUESTIONNAIRE_STATUSES = ['uploaded', 'answering', 'answered', 'failed'] as const;
export type QuestionnaireStatus = (typeof QUESTIONNAIRE_STATUSES)[number];
/** unanswered: nothing in the library matched (a person answers); draft: answered by the answerer; accepted: a reviewer accepted or wrote it. */
export const QUESTION_STATUSES = ['unanswered', 'draft', 'accepted'] as const;
export type QuestionStatus = (typeof QUESTION_STATUSES)[number];
export const SHORT_ANSWERS = ['yes', 'no', 'partial', 'not_applicable'] as const;
export type ShortAnswer = (typeof SHORT_ANSWERS)[number];
export const SHORT_ANSWER_LABELS: Record<ShortAnswer, string> = { yes: 'Yes', no: 'No', partial: 'Partial', not_applicable: 'N/A' };
export const CITATION_KINDS = ['control', 'policy', 'evidence', 'framework', 'vendor', 'approved'] as const;
export type CitationKind = (typeof CITATION_KINDS)[number];
export const EXPORT_FORMATS = ['original', 'pdf'] as const;

/** Answers at or above this confidence may be accepted in bulk. */
export const HIGH_CONFIDENCE = 80;
/** An upload is at most this big, and holds at most this many questions. */
export const QUESTIONNAIRE_MAX_BYTES = 10 * 1024 * 1024;
export const QUESTIONNAIRE_MAX_QUESTIONS = 5_000;

const isoDateTime = z.iso.datetime({ offset: true });
const questionnaireId = z.uuid('No such questionnaire');
const organizationId = z.uuid('Not an organization id').optional();

export const citationSchema = z.object({
  kind: z.enum(CITATION_KINDS),
  /** The cited thing's id: a control id (IAM-05), a deliverable, evidence or approved answer's uuid, a framework id. */
  id: z.string(),
  label: z.string(),
});
export type Citation = z.infer<typeof citationSchema>;

export const answerLibraryQuerySchema = z.object({
  organizationId,
  q: z.string().trim().max(200).optional(),
});

export const libraryAnswerSchema = z.object({
  /** `control:IAM-05`, `policy:<uuid>`, `evidence:<uuid>`, `framework:soc2`, `vendor:register`, `vendor:sub-processors`, `approved:<uuid>`. */
  id: z.string(),
  kind: z.enum(CITATION_KINDS),
  topic: z.string(),
  shortAnswer: z.enum(SHORT_ANSWERS).nullable(),
  answer: z.string(),
  sources: z.array(citationSchema),
  owner: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  lastReviewedAt: isoDateTime.nullable(),
  /** A source changed or went stale since the answer was last reviewed: a person looks at it again. */
  needsReview: z.boolean(),
  reviewReason: z.string().nullable(),
});
export type LibraryAnswer = z.infer<typeof libraryAnswerSchema>;

export const answerLibrarySchema = z.object({
  organizationId: z.uuid(),
  answers: z.array(libraryAnswerSchema),
});
export type AnswerLibrary = z.infer<typeof answerLibrarySchema>;

/** Where a sheet's questions and answers are (1-based column numbers, header row 0 when there is none). */
export const sheetMappingSchema = z.object({
  sheet: z.string().min(1).max(200),
  included: z.boolean(),
  headerRow: z.number().int().min(0).max(100_000),
  questionColumn: z.number().int().min(1).max(16_384).nullable(),
  /** Where the sentence goes. */
  answerColumn: z.number().int().min(1).max(16_384).nullable(),
  /** Where a short yes/no/partial goes, when the sheet has a column of its own for it. */
  shortAnswerColumn: z.number().int().min(1).max(16_384).nullable(),
});
export type SheetMapping = z.infer<typeof sheetMappingSchema>;

export const sheetSchema = sheetMappingSchema.extend({
  hidden: z.boolean(),
  rowCount: z.number().int(),
  /** Column number → its header text (or `Column C`), for the correction form. */
  columns: z.array(z.object({ column: z.number().int(), label: z.string() })),
  questionCount: z.number().int(),
});
export type QuestionnaireSheet = z.infer<typeof sheetSchema>;

export const questionSchema = z.object({
  id: z.uuid(),
  sheet: z.string(),
  row: z.number().int(),
  text: z.string(),
  /** The question asks for a yes or no. */
  asksYesNo: z.boolean(),
  shortAnswer: z.enum(SHORT_ANSWERS).nullable(),
  answer: z.string(),
  citations: z.array(citationSchema),
  confidence: z.number().int().min(0).max(100),
  status: z.enum(QUESTION_STATUSES),
  /** A duplicate (or near-duplicate) is answered once, by the question it links to. */
  duplicateOfId: z.uuid().nullable(),
  assignee: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  reviewedAt: isoDateTime.nullable(),
});
export type Question = z.infer<typeof questionSchema>;

export const questionnaireSummarySchema = z.object({
  id: z.uuid(),
  organizationId: z.uuid(),
  name: z.string(),
  fileName: z.string(),
  format: z.enum(QUESTIONNAIRE_FORMATS),
  status: z.enum(QUESTIONNAIRE_STATUSES),
  progress: z.object({ done: z.number().int(), total: z.number().int() }),
  counts: z.object({ answered: z.number().int(), unanswered: z.number().int(), accepted: z.number().int(), duplicates: z.number().int() }),
  error: z.string().nullable(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type QuestionnaireSummary = z.infer<typeof questionnaireSummarySchema>;

export const questionnaireSchema = questionnaireSummarySchema.extend({
  sheets: z.array(sheetSchema),
  warnings: z.array(z.string()),
  questions: z.array(questionSchema),
});
export type Questionnaire = z.infer<typeof questionnaireSchema>;

export const questionnaireListQuerySchema = z.object({ organizationId });
export const questionnaireListSchema = z.object({ organizationId: z.uuid(), questionnaires: z.array(questionnaireSummarySchema) });
export type QuestionnaireList = z.infer<typeof questionnaireListSchema>;

export const questionnaireParamsSchema = z.object({ questionnaireId });

/** The `fields` part of the upload (multipart, JSON). */
export const createQuestionnaireFieldsSchema = z.object({
  organizationId,
  name: z.string().trim().min(2, 'At least 2 characters').max(200, 'At most 200 characters').optional(),
});

/** Answer (again) with the mapping as the reviewer corrected it; no mapping: as detected. */
export const answerQuestionnaireInputSchema = z.object({
  sheets: z.array(sheetMappingSchema).max(200).optional(),
});
export type AnswerQuestionnaireInput = z.infer<typeof answerQuestionnaireInputSchema>;

const questionIds = z.array(z.uuid('Not a question id')).min(1, 'Choose at least one question').max(QUESTIONNAIRE_MAX_QUESTIONS);

export const updateQuestionnaireAnswerInputSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('accept'), questionIds }),
  z.object({ action: z.literal('acceptHighConfidence') }),
  z.object({
    action: z.literal('edit'),
    questionId: z.uuid('Not a question id'),
    shortAnswer: z.enum(SHORT_ANSWERS).nullable(),
    answer: z.string().trim().min(1, 'Write the answer').max(4000, 'At most 4,000 characters'),
  }),
  z.object({ action: z.literal('reassign'), questionId: z.uuid('Not a question id'), assigneeId: z.uuid('Not a user id').nullable() }),
]);
export type UpdateQuestionnaireAnswerInput = z.infer<typeof updateQuestionnaireAnswerInputSchema>;

export const exportQuestionnaireQuerySchema = z.object({ format: z.enum(EXPORT_FORMATS).default('original') });
