import { z } from 'zod';
import { CATALOGUE_FRAMEWORK_IDS } from './programme-statuses.ts';

/**
 * What an agent read in a task request (docs/delivery.md "What the agent reads"): the title, the
 * brief and the attachments turned into typed facts. Every composer works from them, the OpenAI
 * prompt carries them, and the reviewer is shown them beside the draft so a miss is visible.
 * Each fact says where it was read (`source`: "title", "brief" or an attachment's file name).
 */

export const BRIEF_THING_KINDS = ['identity_provider', 'cloud', 'vendor', 'tool', 'system'] as const;
export type BriefThingKind = (typeof BRIEF_THING_KINDS)[number];

export const BRIEF_SOURCE_KINDS = ['title', 'brief', 'attachment'] as const;

const source = z.string().max(200);
const text = z.string().max(1_000);

/** A named system, vendor or tool ("Okta", "AWS", "Jira", "Acme Payroll"). */
export const briefThingSchema = z.object({ name: z.string().max(120), kind: z.enum(BRIEF_THING_KINDS), source });
export type BriefThing = z.infer<typeof briefThingSchema>;

/** An explicit reference the request makes, a range expanded into each requirement it spans. */
export const briefReferenceSchema = z.object({
  /** As written: "A.8.1–8.5", "Requirement 10", "Art. 32". */
  written: z.string().max(120),
  /** How drafts cite it: "ISO 27001 A.8.1". */
  citation: z.string().max(160),
  framework: z.enum(CATALOGUE_FRAMEWORK_IDS),
  /** The catalogue holds it; an unknown reference is reported, never cited. */
  known: z.boolean(),
  /** The requirement's title in the catalogue, null when unknown. */
  title: z.string().max(300).nullable(),
  source,
});
export type BriefReference = z.infer<typeof briefReferenceSchema>;

/** A stated gap or strength: the sentence, the control topic it is about, the catalogue controls of that topic. */
export const briefStatementSchema = z.object({
  text,
  /** "multi-factor authentication", "backups and restore testing". */
  topic: z.string().max(120),
  /** Catalogue control ids (IAM-05); requirements follow from their typed mappings. */
  controls: z.array(z.string().max(12)).max(20),
  source,
});
export type BriefStatement = z.infer<typeof briefStatementSchema>;

export const briefOutOfScopeSchema = z.object({ framework: z.enum(CATALOGUE_FRAMEWORK_IDS), text, source });
export type BriefOutOfScope = z.infer<typeof briefOutOfScopeSchema>;

export const briefQuestionSchema = z.object({ text, source });
export type BriefQuestion = z.infer<typeof briefQuestionSchema>;

/** A number with what it counts ("40 employees", "99.9 %", "EUR 2 million"). */
export const briefFigureSchema = z.object({ text: z.string().max(200), value: z.number(), unit: z.string().max(40).nullable(), source });
export type BriefFigure = z.infer<typeof briefFigureSchema>;

/** A time period or deadline ("a 6-month Type II window", "by March 2027", "quarterly"). */
export const briefPeriodSchema = z.object({ text: z.string().max(200), source });
export type BriefPeriod = z.infer<typeof briefPeriodSchema>;

export const briefLocationSchema = z.object({ name: z.string().max(120), source });
export type BriefLocation = z.infer<typeof briefLocationSchema>;

/** What was read, and what could not be (an unsupported or unreadable attachment says why). */
export const briefSourceSchema = z.object({
  name: z.string().max(200),
  kind: z.enum(BRIEF_SOURCE_KINDS),
  characters: z.number().int().min(0),
  problem: z.string().max(300).nullable(),
});
export type BriefSource = z.infer<typeof briefSourceSchema>;

export const briefFactsSchema = z.object({
  /** Frameworks the request puts in scope (named, and not declared out of scope). */
  frameworks: z.array(z.enum(CATALOGUE_FRAMEWORK_IDS)),
  outOfScope: z.array(briefOutOfScopeSchema),
  /** The vendor the request is about (a vendor review), null when none is named. */
  vendor: z.string().max(120).nullable(),
  things: z.array(briefThingSchema),
  references: z.array(briefReferenceSchema),
  gaps: z.array(briefStatementSchema),
  strengths: z.array(briefStatementSchema),
  questions: z.array(briefQuestionSchema),
  figures: z.array(briefFigureSchema),
  periods: z.array(briefPeriodSchema),
  /** Kinds of data at stake: "personal data", "health information", "payment card data" … */
  dataTypes: z.array(z.string().max(60)),
  locations: z.array(briefLocationSchema),
  /** How many people the organisation (or the scope) has, when the request says. */
  peopleCount: z.number().int().min(0).nullable(),
  sources: z.array(briefSourceSchema),
});
export type BriefFacts = z.infer<typeof briefFactsSchema>;

/** Facts of nothing (a request read before this reader existed). */
export const EMPTY_BRIEF_FACTS: BriefFacts = {
  frameworks: [],
  outOfScope: [],
  vendor: null,
  things: [],
  references: [],
  gaps: [],
  strengths: [],
  questions: [],
  figures: [],
  periods: [],
  dataTypes: [],
  locations: [],
  peopleCount: null,
  sources: [],
};
