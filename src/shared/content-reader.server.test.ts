import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from './constants.ts';
import { PAGE_ROUTES } from './routes.ts';
import { isReservedExampleHost } from './rules/reserved-hosts.ts';
import type { ContentDocument } from './schemas/content.ts';
import { CONTENT_DIR, loadContent } from './content-reader.server.ts';

const documents = loadContent();
const ofKind = (kind: ContentDocument['kind']) => documents.filter((document) => document.kind === kind);

describe('the content/ folder', () => {
  it('has at least 30 articles across documentation, knowledge base and support', () => {
    const articles = documents.filter((document) => ['documentation', 'knowledge-base', 'support'].includes(document.kind));
    expect(articles.length).toBeGreaterThanOrEqual(30);
    for (const kind of ['documentation', 'knowledge-base', 'support'] as const) expect(ofKind(kind).length).toBeGreaterThanOrEqual(8);
  });

  it('covers the topics the site promises: getting started, each framework, evidence, tasks, reviews, security, billing, MFA', () => {
    const slugs = new Set(documents.map((document) => `${document.kind}/${document.slug}`));
    for (const slug of [
      'documentation/getting-started',
      'documentation/creating-a-task-request',
      'documentation/how-human-review-works',
      'documentation/adding-evidence',
      'support/reporting-a-security-issue',
      'support/billing-and-invoices',
      'support/setting-up-multi-factor-authentication',
      'support/managing-your-profile',
    ]) {
      expect(slugs, slug).toContain(slug);
    }
    const frameworksWithArticles = new Set(
      ofKind('knowledge-base').map((document) => ('framework' in document.data ? document.data.framework : undefined)),
    );
    for (const framework of ofKind('framework')) expect(frameworksWithArticles, framework.slug).toContain(framework.slug);
  });

  it('catalogues the fourteen frameworks with the requirement references the advisor cites', () => {
    const frameworks = ofKind('framework');
    expect(frameworks.map((framework) => framework.data.type === 'framework' && framework.data.name).sort()).toEqual(
      [
        'CCPA/CPRA',
        'CIS Controls',
        'DORA',
        'EU AI Act',
        'GDPR',
        'HIPAA',
        'ISO 27001',
        'ISO 27701',
        'ISO 42001',
        'NIS2',
        'NIST CSF',
        'NIST SP 800-53',
        'PCI DSS',
        'SOC 2',
      ].sort(),
    );
    const refs = frameworks
      .flatMap((framework) => (framework.data.type === 'framework' ? framework.data.requirements : []))
      .map((requirement) => requirement.ref);
    for (const ref of ['CC6.1', 'Annex A 5.15', 'Art. 32', '§164.312(a)(1)', 'Req. 8.4.2', 'PR.AA', '§1798.100', 'A.6.2.6']) {
      expect(refs, ref).toContain(ref);
    }
  });

  it('has at least six dated press items, each our own release at /press/<slug> or a real publication', () => {
    const press = ofKind('press');
    expect(press.length).toBeGreaterThanOrEqual(6);
    for (const article of press) {
      expect(article.data.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      if (article.urlPath.startsWith('/')) {
        expect(article.urlPath).toBe(`/press/${article.slug}`);
      } else {
        expect(article.urlPath).toMatch(/^https:\/\//);
        expect(article.data.type === 'press' && article.data.publication?.length).toBeGreaterThan(2);
      }
    }
  });

  it('links no press item to a reserved example domain (RFC 2606/6761), which leads nowhere', () => {
    const external = ofKind('press').filter((article) => !article.urlPath.startsWith('/'));
    const placeholders = external.filter((article) => isReservedExampleHost(new URL(article.urlPath).hostname));
    expect(placeholders.map((article) => `${article.file}: ${article.urlPath}`)).toEqual([]);
  });

  it('has a page for every route the content module renders, and a FAQ with at least 20 questions', () => {
    const urls = new Set(documents.map((document) => document.urlPath));
    for (const path of [
      '/automated-compliance',
      '/risk-analytics',
      '/enterprise-risk',
      '/enterprise-audit',
      '/advanced-analytics',
      '/about',
      '/compliance',
      '/compliance-blueprint',
      '/agent',
      '/data-security',
      '/compliancecore/success',
      '/privacy-policy',
      '/cookie-policy',
      '/terms',
      '/faq',
      '/documentation',
      '/knowledge-base',
      '/support',
    ]) {
      expect(urls, path).toContain(path);
    }
    const faq = ofKind('faq')[0];
    expect(faq?.body.match(/^### /gm)?.length).toBeGreaterThanOrEqual(20);
  });

  it('links only to pages that exist', () => {
    const known = new Set([...PAGE_ROUTES.map((route) => route.path), ...documents.map((document) => document.urlPath)]);
    const broken = documents.flatMap((document) => {
      const text = `${document.body}\n${JSON.stringify(document.data)}`;
      return [...text.matchAll(/\]\((\/[^)\s]*)\)|"to":"(\/[^"]*)"/g)]
        .map((match) => match[1] ?? match[2] ?? '')
        .filter((target) => !known.has(target.split('#')[0] || '/'))
        .map((target) => `${document.file} -> ${target}`);
    });
    expect(broken).toEqual([]);
  });

  it('lists every browser storage key the app sets in the cookie policy', () => {
    const policy = documents.find((document) => document.urlPath === '/cookie-policy');
    const keys = [...Object.values(STORAGE_KEYS), `${STORAGE_KEYS.authSession}-code-verifier`];
    for (const key of keys) expect(policy?.body, key).toContain(`| \`${key}\` |`);
    for (const category of ['Essential', 'Functional', 'Analytics', 'Marketing']) expect(policy?.body).toContain(`| ${category} |`);
  });

  it('dates every legal page', () => {
    for (const legal of ofKind('legal')) {
      expect(legal.data.type === 'legal' && legal.data.updated).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(legal.body.match(/^## /gm)?.length).toBeGreaterThanOrEqual(6);
    }
  });
});

describe('loadContent on a broken folder', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  function brokenCopy(): string {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-content-'));
    fs.cpSync(CONTENT_DIR, dir, { recursive: true });
    return dir;
  }

  it('fails loudly with the path of a file whose front matter is invalid', () => {
    const copy = brokenCopy();
    const file = path.join(copy, 'support', 'billing-and-invoices.md');
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace(/^excerpt: .*$/m, 'excerpt: Too short.'));
    expect(() => loadContent(copy)).toThrow(
      /content\/support\/billing-and-invoices\.md: invalid front matter\n {2}excerpt: needs at least 40 characters/,
    );
  });

  it('refuses unknown folders and files that are not Markdown', () => {
    const copy = brokenCopy();
    fs.writeFileSync(path.join(copy, 'support', 'notes.txt'), 'stray');
    expect(() => loadContent(copy)).toThrow('content/support/notes.txt: not a Markdown file');
    fs.rmSync(path.join(copy, 'support', 'notes.txt'));
    fs.mkdirSync(path.join(copy, 'blog'));
    expect(() => loadContent(copy)).toThrow(/content\/blog: unexpected entry/);
  });
});
