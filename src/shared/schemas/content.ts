import { z } from 'zod';
import { isReservedExampleUrl } from '../rules/reserved-hosts.ts';

/**
 * Front matter of the Markdown files in content/ (the one source of the site's words).
 * Each folder holds one kind; the `type` in a file's front matter must match its folder, so a
 * file dropped in the wrong place fails the build and the server start instead of vanishing.
 */

/** Sections rendered as a sidebar plus one page per article: /<section>/<slug>. */
export const ARTICLE_SECTIONS = ['documentation', 'knowledge-base', 'support'] as const;
export type ArticleSection = (typeof ARTICLE_SECTIONS)[number];

export const CONTENT_KINDS = [...ARTICLE_SECTIONS, 'framework', 'press', 'legal', 'page', 'faq'] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];

/** The folder under content/ that holds each kind. */
export const CONTENT_FOLDERS: Record<ContentKind, string> = {
  documentation: 'documentation',
  'knowledge-base': 'knowledge-base',
  support: 'support',
  framework: 'frameworks',
  press: 'press',
  legal: 'legal',
  page: 'pages',
  faq: 'pages',
};

/** Icons a page may name; the web app maps each to a lucide icon. */
export const CONTENT_ICONS = [
  'bot',
  'user-check',
  'shield',
  'lock',
  'file-check',
  'clipboard',
  'chart',
  'activity',
  'alert',
  'eye',
  'layers',
  'workflow',
  'clock',
  'users',
  'key',
  'server',
  'search',
  'scale',
  'book',
  'target',
] as const;
export type ContentIcon = (typeof CONTENT_ICONS)[number];

const slugSchema = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be kebab-case (a-z, 0-9, hyphens)');
const internalPath = z.string().regex(/^\/[a-z0-9/-]*(#[a-z0-9-]+)?$/, 'must be a site path such as /pricing');
const text = (max: number) => z.string().trim().min(2).max(max);

/** YAML turns `2026-03-14` into a Date; both forms become the plain `YYYY-MM-DD` string. */
const isoDate = z
  .union([z.date(), z.iso.date()])
  .transform((value) => (typeof value === 'string' ? value : value.toISOString().slice(0, 10)));

const common = {
  title: text(120),
  excerpt: z.string().trim().min(40, 'needs at least 40 characters').max(320),
  slug: slugSchema,
  order: z.number().int().min(0).default(100),
  /** First published: press ordering and the row's created_at. */
  date: isoDate.optional(),
  updated: isoDate.optional(),
  published: z.boolean().default(true),
  /** Extra words the search should match (synonyms, acronyms). */
  // YAML reads `27002` as a number; a keyword is always text.
  keywords: z.array(z.union([z.number().transform(String), text(60)])).default([]),
};

const articleSchema = <S extends ArticleSection>(section: S) =>
  z.strictObject({
    ...common,
    type: z.literal(section),
    category: text(60),
    updated: isoDate,
    /** The framework (content/frameworks slug) the article is about: it is listed on that framework's page. */
    framework: slugSchema.optional(),
  });

export const requirementSchema = z.strictObject({
  /** The identifier an auditor would cite, e.g. `CC6.1`, `Annex A 5.15`, `Art. 32`. */
  ref: text(40),
  title: text(120),
  summary: text(400),
});
export type FrameworkRequirement = z.infer<typeof requirementSchema>;

const frameworkSchema = z.strictObject({
  ...common,
  type: z.literal('framework'),
  name: text(40),
  fullName: text(160),
  authority: text(160),
  /** How conformance is shown: certificate, attestation report, self-assessment … */
  assessment: text(320),
  whoNeedsIt: text(500),
  requirements: z.array(requirementSchema).min(5),
});

/**
 * A press item. Without `url` it is our own press release, published at /press/<slug>. With one it is
 * coverage in an outside publication, which must be named and must be a real address: a reserved
 * example domain (RFC 2606/6761) is a placeholder that leads nowhere.
 */
const pressSchema = z
  .strictObject({
    ...common,
    type: z.literal('press'),
    publication: text(80).optional(),
    date: isoDate,
    url: z
      .url({ protocol: /^https$/ })
      .refine((url) => !isReservedExampleUrl(url), "must be a real publication's address, not a reserved example domain")
      .optional(),
    author: text(80).optional(),
  })
  .refine((data) => !data.url || data.publication, { path: ['publication'], message: 'coverage at an outside url names its publication' });

const legalSchema = z.strictObject({
  ...common,
  type: z.literal('legal'),
  url: internalPath,
  updated: isoDate,
  effective: isoDate,
});

const itemSchema = z.strictObject({ title: text(80), text: text(400), icon: z.enum(CONTENT_ICONS).optional() });
const heading = text(100);
const intro = text(400).optional();

export const pageSectionSchema = z.discriminatedUnion('style', [
  z.strictObject({ style: z.literal('cards'), heading, intro, items: z.array(itemSchema).min(2) }),
  z.strictObject({ style: z.literal('list'), heading, intro, items: z.array(itemSchema).min(2) }),
  z.strictObject({
    style: z.literal('steps'),
    heading,
    intro,
    items: z.array(itemSchema.extend({ owner: text(80).optional(), duration: text(40).optional() })).min(2),
  }),
  z.strictObject({
    style: z.literal('split'),
    heading,
    intro,
    columns: z
      .array(z.strictObject({ title: text(60), icon: z.enum(CONTENT_ICONS).optional(), items: z.array(text(240)).min(2) }))
      .length(2),
  }),
]);
export type PageSection = z.infer<typeof pageSectionSchema>;

export const ctaSchema = z.strictObject({
  heading: text(100),
  text: text(300),
  primary: z.strictObject({ label: text(40), to: internalPath }),
  secondary: z.strictObject({ label: text(40), to: internalPath }).optional(),
});
export type PageCta = z.infer<typeof ctaSchema>;

const pageSchema = z.strictObject({
  ...common,
  type: z.literal('page'),
  url: internalPath,
  category: text(60).default('company'),
  eyebrow: text(60),
  heading: text(140),
  lede: text(500),
  stats: z.array(z.strictObject({ value: text(12), label: text(60) })).optional(),
  /** Heading above the Markdown body; without one the body reads as the page's introduction. */
  bodyHeading: heading.optional(),
  sections: z.array(pageSectionSchema).default([]),
  /** Framework slugs (content/frameworks) this page covers. */
  frameworks: z.array(slugSchema).optional(),
  cta: ctaSchema.optional(),
});

/** The FAQ: `## Group` headings, then `### Question` headings each followed by its answer. */
const faqSchema = z.strictObject({
  ...common,
  type: z.literal('faq'),
  url: internalPath,
  eyebrow: text(60),
  heading: text(140),
  lede: text(500),
  updated: isoDate,
});

export const frontMatterSchema = z.discriminatedUnion('type', [
  articleSchema('documentation'),
  articleSchema('knowledge-base'),
  articleSchema('support'),
  frameworkSchema,
  pressSchema,
  legalSchema,
  pageSchema,
  faqSchema,
]);
export type FrontMatter = z.infer<typeof frontMatterSchema>;
export type FrontMatterOf<K extends ContentKind> = Extract<FrontMatter, { type: K }>;

interface DocumentOf<K extends ContentKind> {
  kind: K;
  slug: string;
  /** Path relative to the content folder, e.g. `documentation/creating-a-task-request.md`. */
  file: string;
  data: FrontMatterOf<K>;
  /** The Markdown after the front matter. */
  body: string;
  /** Where the document is read: a site path, or the outlet's URL for press coverage elsewhere. */
  urlPath: string;
}

type AnyDocument = { [P in ContentKind]: DocumentOf<P> }[ContentKind];

/** One content file, parsed. Without a type argument, a union that narrows on `kind`. */
export type ContentDocument<K extends ContentKind = ContentKind> = Extract<AnyDocument, { kind: K }>;
