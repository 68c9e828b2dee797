import { describe, expect, it } from 'vitest';
import { ContentError, parseContentFile, parseContentFiles } from './content-file.ts';

const body = '## Section\n\nA body long enough to publish: it explains something useful to the reader in a sentence or two.';

function file(front: string, path = 'documentation/example.md', text = body) {
  return { file: path, source: `---\n${front}\n---\n${text}\n` };
}

const article = [
  'type: documentation',
  'slug: example',
  'title: An example article',
  'excerpt: A short summary of what the article explains, long enough to be useful.',
  'category: Getting started',
  'updated: 2026-11-01',
].join('\n');

describe('parseContentFile', () => {
  it('parses a valid article, fills defaults and derives its site path', () => {
    const document = parseContentFile(file(article));
    expect(document).toMatchObject({ kind: 'documentation', slug: 'example', urlPath: '/documentation/example' });
    expect(document.data).toMatchObject({ updated: '2026-11-01', order: 100, published: true, keywords: [] });
    expect(document.body.startsWith('## Section')).toBe(true);
  });

  it('names the file and every invalid field when the front matter is wrong', () => {
    const broken = file(article.replace('title: An example article', 'title: ""').replace('updated: 2026-11-01', 'updated: soon'));
    expect(() => parseContentFile(broken)).toThrow(ContentError);
    expect(() => parseContentFile(broken)).toThrow(/content\/documentation\/example\.md: invalid front matter[\s\S]*title[\s\S]*updated/);
  });

  it('rejects unknown fields, so a typo is not silently ignored', () => {
    expect(() => parseContentFile(file(`${article}\ncatgory: Billing`))).toThrow(/catgory/);
  });

  it('rejects a file in the wrong folder or whose name is not its slug', () => {
    expect(() => parseContentFile(file(article, 'support/example.md'))).toThrow(
      "content/support/example.md: type 'documentation' belongs in content/documentation/",
    );
    expect(() => parseContentFile(file(article, 'documentation/other.md'))).toThrow("slug 'example' must match the file name");
  });

  it('rejects an h1 in the body and a body too short to publish', () => {
    expect(() => parseContentFile(file(article, undefined, `# Title again\n\n${body}`))).toThrow(/use ## headings/);
    expect(() => parseContentFile(file(article, undefined, 'Too short.'))).toThrow(/too short/);
  });

  it('reports invalid YAML with the file path', () => {
    expect(() => parseContentFile(file('title: [unclosed'))).toThrow(/content\/documentation\/example\.md: front matter is not valid YAML/);
  });

  it('requires an https outlet URL and a date for press articles', () => {
    const press = [
      'type: press',
      'slug: example',
      'title: Coverage',
      'excerpt: What the outlet wrote about the company, summarised for the press block.',
      'publication: The Ledger',
      'url: http://ledger.example/article',
    ].join('\n');
    expect(() => parseContentFile(file(press, 'press/example.md'))).toThrow(/url[\s\S]*date|date[\s\S]*url/);
  });

  it('publishes a press release without url at /press/<slug>, and refuses coverage on a reserved example domain', () => {
    const release = [
      'type: press',
      'slug: example',
      'title: Our news',
      'date: 2026-01-05',
      'excerpt: What we announced, summarised in one sentence for the press block.',
    ];
    expect(parseContentFile(file(release.join('\n'), 'press/example.md')).urlPath).toBe('/press/example');
    for (const url of ['https://ledger.example/a', 'https://news.example.com/a', 'https://site.test/a', 'https://x.invalid/a']) {
      const coverage = [...release, 'publication: The Ledger', `url: ${url}`].join('\n');
      expect(() => parseContentFile(file(coverage, 'press/example.md')), url).toThrow(/url: must be a real publication's address/);
    }
    const unnamed = [...release, 'url: https://www.reuters.com/technology/a'].join('\n');
    expect(() => parseContentFile(file(unnamed, 'press/example.md'))).toThrow(
      /publication: coverage at an outside url names its publication/,
    );
  });
});

describe('parseContentFiles', () => {
  it('reports every broken file at once', () => {
    const sources = [file('type: nonsense', 'documentation/a.md'), file('type: nonsense', 'support/b.md')];
    expect(() => parseContentFiles(sources)).toThrow(/documentation\/a\.md[\s\S]*support\/b\.md/);
  });

  it('rejects two files published at the same site path', () => {
    const page = (slug: string) =>
      file(
        [
          'type: page',
          `slug: ${slug}`,
          'url: /about',
          'title: About',
          'excerpt: Who we are and how we work, in a sentence that is long enough.',
          'eyebrow: About',
          'heading: About us',
          'lede: A lede for the page.',
        ].join('\n'),
        `pages/${slug}.md`,
      );
    expect(() => parseContentFiles([page('about'), page('about-us')])).toThrow(
      'content/pages/about.md: duplicates url:/about of content/pages/about-us.md',
    );
  });

  it('rejects an article naming a framework that has no file', () => {
    expect(() => parseContentFiles([file(`${article}\nframework: soc-2`)])).toThrow(
      "content/documentation/example.md: names framework 'soc-2', which has no file in content/frameworks/",
    );
  });
});
