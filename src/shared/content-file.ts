import matter from 'gray-matter';
import { CONTENT_FOLDERS, type ContentDocument, type ContentKind, type FrontMatter, frontMatterSchema } from './schemas/content.ts';

/**
 * Turns the Markdown files of content/ into validated documents. Pure: the caller reads the
 * files (the server at start, the web build in its loaders) and passes their text in.
 */

export interface ContentSource {
  /** Relative to the content folder, with forward slashes: `support/billing.md`. */
  file: string;
  source: string;
}

export class ContentError extends Error {
  override name = 'ContentError';
}

const ARTICLE_BASE: Partial<Record<ContentKind, string>> = {
  documentation: '/documentation',
  'knowledge-base': '/knowledge-base',
  support: '/support',
  framework: '/compliance',
  press: '/press',
};

function urlPathOf(data: FrontMatter): string {
  if ('url' in data && data.url) return data.url;
  return `${ARTICLE_BASE[data.type] ?? ''}/${data.slug}`;
}

function describeIssues(file: string, issues: readonly { path: readonly PropertyKey[]; message: string }[]): string {
  const lines = issues.map((issue) => `  ${issue.path.map(String).join('.') || '(front matter)'}: ${issue.message}`);
  return `content/${file}: invalid front matter\n${lines.join('\n')}`;
}

export function parseContentFile({ file, source }: ContentSource): ContentDocument {
  const [folder, name] = file.split('/');
  if (!folder || !name?.endsWith('.md') || file.split('/').length !== 2) {
    throw new ContentError(`content/${file}: expected <folder>/<slug>.md`);
  }
  let parsed: matter.GrayMatterFile<string>;
  try {
    // An empty options object bypasses gray-matter's cache, which would share one result between equal sources.
    parsed = matter(source, {});
  } catch (error) {
    throw new ContentError(`content/${file}: front matter is not valid YAML (${(error as Error).message})`);
  }
  const result = frontMatterSchema.safeParse(parsed.data);
  if (!result.success) throw new ContentError(describeIssues(file, result.error.issues));
  const data = result.data;
  if (CONTENT_FOLDERS[data.type] !== folder) {
    throw new ContentError(`content/${file}: type '${data.type}' belongs in content/${CONTENT_FOLDERS[data.type]}/`);
  }
  if (`${data.slug}.md` !== name) {
    throw new ContentError(`content/${file}: slug '${data.slug}' must match the file name`);
  }
  const body = parsed.content.trim();
  if (body.length < 80) throw new ContentError(`content/${file}: the body is empty or too short to publish`);
  // The page's title is its one h1; the body starts at h2.
  if (/^# /m.test(body.replaceAll(/```[\s\S]*?```/g, ''))) {
    throw new ContentError(`content/${file}: use ## headings in the body (the title is the page's h1)`);
  }
  return { kind: data.type, slug: data.slug, file, data, body, urlPath: urlPathOf(data) } as ContentDocument;
}

/** Parses every file and checks what only the whole set can show: unique slugs and unique site paths. */
export function parseContentFiles(sources: readonly ContentSource[]): ContentDocument[] {
  const documents: ContentDocument[] = [];
  const problems: string[] = [];
  for (const source of [...sources].sort((a, b) => a.file.localeCompare(b.file))) {
    try {
      documents.push(parseContentFile(source));
    } catch (error) {
      if (!(error instanceof ContentError)) throw error;
      problems.push(error.message);
    }
  }
  // Every broken file at once, so one run shows everything to fix.
  if (problems.length > 0) throw new ContentError(problems.join('\n'));
  const seen = new Map<string, string>();
  for (const document of documents) {
    for (const key of [`${document.kind}:${document.slug}`, `url:${document.urlPath}`]) {
      const previous = seen.get(key);
      if (previous) throw new ContentError(`content/${document.file}: duplicates ${key} of content/${previous}`);
      seen.set(key, document.file);
    }
  }
  const frameworks = new Set(documents.filter((document) => document.kind === 'framework').map((document) => document.slug));
  for (const { file, data } of documents) {
    const named: string[] = [];
    if ('framework' in data && data.framework) named.push(data.framework);
    if ('frameworks' in data && data.frameworks) named.push(...data.frameworks);
    const unknown = named.find((slug) => !frameworks.has(slug));
    if (unknown) throw new ContentError(`content/${file}: names framework '${unknown}', which has no file in content/frameworks/`);
  }
  return documents;
}

export function isKind<K extends ContentKind>(kind: K) {
  return (document: ContentDocument): document is ContentDocument<K> => document.kind === kind;
}
