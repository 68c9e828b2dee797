import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import {
  AUDIT_TYPES,
  CATALOGUE_FRAMEWORK_IDS,
  MAPPING_RELATIONS,
  REQUIREMENT_BASELINES,
} from '../../../shared/schemas/programme-statuses.ts';

/**
 * The catalogue's data files (docs/programme.md "The catalogue"): one JSON file per framework under
 * `data/catalogue/frameworks/`, and the common control set in `data/catalogue/controls.json`. They are
 * read and checked here, and seeded into the database at start (catalogue-seed.ts).
 */

export const CATALOGUE_DIR = path.resolve(import.meta.dirname, '../../../../data/catalogue');

const text = (max: number) => z.string().trim().min(1).max(max);

export const controlIdSchema = z.string().regex(/^[A-Z]{2,4}-\d{2}$/, 'A control id looks like IAM-03');

export const catalogueControlSchema = z.strictObject({
  id: controlIdSchema,
  /** The domain the control belongs to (Governance, Access control…), as the registers group them. */
  domain: text(60),
  title: text(120),
  /** What the control is, in our words: what an implemented control looks like. */
  description: text(1000),
  /** How long evidence of this control stays fresh, in days (30, 90, 180, 365…). */
  freshnessDays: z.number().int().min(1).max(1095),
  /** The evidence an auditor expects, in a sentence. */
  evidenceHint: text(400),
});
export type CatalogueControl = z.infer<typeof catalogueControlSchema>;

export const controlSetSchema = z.strictObject({
  version: text(40),
  licence: text(600),
  controls: z.array(catalogueControlSchema).min(1),
});

export const mappingSchema = z.strictObject({
  control: controlIdSchema,
  relation: z.enum(MAPPING_RELATIONS),
});

export const catalogueRequirementSchema = z.strictObject({
  /** The standard's own identifier, exactly (CC6.1, A.8.11, PR.AA-01, 164.308(a)(1)(ii)(A), Art. 32). */
  ref: text(60),
  /** The ref of the group this requirement sits in, or null at the top. */
  parent: text(60).nullable(),
  title: text(200),
  /** In our words where the standard's text is copyrighted; the official text where it is public. */
  summary: text(2000),
  /** Leaves carry mappings (or notAddressable); a group may carry none. */
  mappings: z.array(mappingSchema).default([]),
  /** Why no control can address it (a legal definition, a scope statement…). */
  notAddressable: text(400).optional(),
  /** The published baselines or groups the requirement belongs to (NIST's low/moderate/high/privacy, CIS's IG1–IG3). */
  baselines: z.array(z.enum(REQUIREMENT_BASELINES)).min(1).optional(),
});
/**
 * Where a framework's file comes from, for whoever checks it: notes on what could not be checked against
 * the published text, and for a derived file (NIST SP 800-53 from OSCAL) the source's commit and digests.
 */
export const catalogueSourceSchema = z.strictObject({
  notes: text(2000),
  repository: text(120).optional(),
  commit: z
    .string()
    .regex(/^[0-9a-f]{40}$/)
    .optional(),
  catalogueVersion: text(40).optional(),
  catalogueLastModified: text(60).optional(),
  files: z
    .array(z.strictObject({ path: text(300), sha256: z.string().regex(/^[0-9a-f]{64}$/), bytes: z.number().int().min(0) }))
    .optional(),
  counts: z.record(z.string(), z.number().int().min(0)).optional(),
});

export type CatalogueRequirement = z.infer<typeof catalogueRequirementSchema>;

export const catalogueFrameworkSchema = z.strictObject({
  id: z.enum(CATALOGUE_FRAMEWORK_IDS),
  name: text(60),
  fullName: text(200),
  version: text(60),
  publisher: text(120),
  /** Where it applies, as access scopes name regions (EU, US, US-CA, Global). */
  region: text(20),
  auditTypes: z.array(z.enum(AUDIT_TYPES)).default([]),
  licence: z.strictObject({
    /** official: the public text is quoted; paraphrased: titles and summaries are our own words. */
    textSource: z.enum(['official', 'paraphrased']),
    statement: text(800),
  }),
  source: catalogueSourceSchema.optional(),
  requirements: z.array(catalogueRequirementSchema).min(1),
});
export type CatalogueFramework = z.infer<typeof catalogueFrameworkSchema>;

export interface Catalogue {
  version: string;
  controls: CatalogueControl[];
  frameworks: CatalogueFramework[];
}

function readJson(file: string): unknown {
  return JSON.parse(readFileSync(file, 'utf8')) as unknown;
}

/** Reads and validates every data file; throws naming the file and the field that is wrong. */
export function loadCatalogue(dir = CATALOGUE_DIR): Catalogue {
  const parse = <T>(schema: z.ZodType<T>, file: string): T => {
    const result = schema.safeParse(readJson(file));
    if (!result.success) throw new Error(`${path.relative(dir, file)}: ${z.prettifyError(result.error)}`);
    return result.data;
  };
  const controlSet = parse(controlSetSchema, path.join(dir, 'controls.json'));
  const folder = path.join(dir, 'frameworks');
  // A data directory without framework files yet (the control set written first) is a catalogue of none.
  const frameworks = (existsSync(folder) ? readdirSync(folder) : [])
    .filter((name) => name.endsWith('.json'))
    .map((name) => parse(catalogueFrameworkSchema, path.join(folder, name)))
    .sort((a, b) => CATALOGUE_FRAMEWORK_IDS.indexOf(a.id) - CATALOGUE_FRAMEWORK_IDS.indexOf(b.id));
  return { version: controlSet.version, controls: controlSet.controls, frameworks };
}

/** A requirement is a leaf when no other requirement names it as parent. */
export function leafRequirements(framework: CatalogueFramework): CatalogueRequirement[] {
  const parents = new Set(framework.requirements.map((requirement) => requirement.parent));
  return framework.requirements.filter((requirement) => !parents.has(requirement.ref));
}

/** Everything wrong with the catalogue as a whole, in sentences; empty when it is sound. */
export function catalogueProblems(catalogue: Catalogue): string[] {
  const problems: string[] = [];
  const controlIds = new Set<string>();
  for (const control of catalogue.controls) {
    if (controlIds.has(control.id)) problems.push(`Control ${control.id} is listed twice`);
    controlIds.add(control.id);
  }
  const used = new Set<string>();
  for (const framework of catalogue.frameworks) {
    const refs = new Set<string>();
    for (const requirement of framework.requirements) {
      const where = `${framework.id} ${requirement.ref}`;
      if (refs.has(requirement.ref)) problems.push(`${where} is listed twice`);
      refs.add(requirement.ref);
      for (const mapping of requirement.mappings) {
        used.add(mapping.control);
        if (!controlIds.has(mapping.control)) problems.push(`${where} maps to unknown control ${mapping.control}`);
      }
      if (requirement.notAddressable && requirement.mappings.length > 0) {
        problems.push(`${where} is marked not addressable but maps to controls`);
      }
      const controls = requirement.mappings.map((mapping) => mapping.control);
      if (new Set(controls).size !== controls.length) problems.push(`${where} maps the same control twice`);
    }
    for (const requirement of framework.requirements) {
      if (requirement.parent !== null && !refs.has(requirement.parent)) {
        problems.push(`${framework.id} ${requirement.ref} names a parent ${requirement.parent} that is not listed`);
      }
    }
    for (const leaf of leafRequirements(framework)) {
      if (leaf.mappings.length === 0 && !leaf.notAddressable) {
        problems.push(`${framework.id} ${leaf.ref} is neither mapped to a control nor marked not addressable`);
      }
    }
  }
  for (const id of controlIds) if (!used.has(id)) problems.push(`Control ${id} is mapped to no requirement`);
  return problems;
}
