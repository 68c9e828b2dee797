import { z } from 'zod';
import { DEPARTMENTS, WORK_KINDS } from '../../src/shared/schemas/task-requests.ts';
import { FRAMEWORK_IDS } from '../../src/server/modules/advisor/advisor-frameworks.ts';

/**
 * One evaluation brief (bench/eval/briefs/*.json): a request as a client would write it, and what a
 * faithful draft must do with it, as data. The checks (checks.ts) read these expectations as
 * properties of the draft, never as wordings.
 */

const text = (max: number) => z.string().trim().min(1).max(max);
/** A citation as the advisor writes it: "SOC 2 CC6.1", "ISO 27001 A.8.5", "GDPR Art. 30". */
const citation = text(60);

export const VOICES = ['terse', 'rambling', 'bullets', 'questions', 'formal', 'attachment'] as const;

export const evalBriefSchema = z.strictObject({
  id: z.string().regex(/^[a-z]+-\d{2}$/),
  /** The kind of work a reader would say this is: the classifier must agree. */
  kind: z.enum(WORK_KINDS),
  voice: z.enum(VOICES),
  title: text(200),
  description: text(6000),
  department: z.enum(DEPARTMENTS),
  /** What the client ticked in the wizard (names or ids); often empty, the words then decide. */
  frameworks: z.array(text(40)).default([]),
  /** Text of the files attached to the request (what the reader must also read). */
  attachments: z.array(z.strictObject({ fileName: text(200), mediaType: text(100), text: text(20_000) })).default([]),
  organization: z
    .strictObject({ name: text(120), size: z.string().nullable().default(null), country: z.string().nullable().default(null) })
    .default({ name: 'Evalco Ltd', size: '51-200', country: 'United Kingdom' }),
  expect: z
    .strictObject({
      /** Named things (systems, vendors, tools, places, figures) the draft must carry. */
      facts: z.array(text(80)).default([]),
      /** The vendor the request is about: in the title and the body. */
      vendor: text(80).optional(),
      /** References the brief asks for: each must be cited. */
      cite: z.array(citation).default([]),
      /** Gaps the client states: each must be in the plan and ranked high (any one of `refs` counts). */
      gaps: z.array(z.strictObject({ said: text(200), refs: z.array(citation).min(1) })).default([]),
      /** Strengths the client states: never planned first. */
      strengths: z.array(z.strictObject({ said: text(200), refs: z.array(citation).min(1) })).default([]),
      /** Frameworks the brief puts out of scope: never cited. */
      outOfScope: z.array(z.enum(FRAMEWORK_IDS)).default([]),
      /** Questions the brief asks: each gets its own answer, holding the facts the brief gave for it. */
      questions: z.array(z.strictObject({ ask: text(300), facts: z.array(text(80)).default([]) })).default([]),
      /** A reviewer rejects the first draft with these notes; the redraft must apply them. */
      redraft: z
        .strictObject({
          notes: text(2000),
          /** References the redraft must now cite. */
          cite: z.array(citation).default([]),
          /** Things the redraft must now mention. */
          mention: z.array(text(80)).default([]),
          /** Frameworks the redraft must no longer cite. */
          drop: z.array(z.enum(FRAMEWORK_IDS)).default([]),
          /** The redraft must be shorter (or longer) than the first draft. */
          length: z.enum(['shorter', 'longer']).optional(),
        })
        .optional(),
    })
    .default({ facts: [], cite: [], gaps: [], strengths: [], outOfScope: [], questions: [] }),
});
export type EvalBrief = z.infer<typeof evalBriefSchema>;

export const evalBriefFileSchema = z.array(evalBriefSchema).min(1);
