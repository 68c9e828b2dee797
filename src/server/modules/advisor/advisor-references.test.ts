import { describe, expect, it } from 'vitest';
import { loadContent } from '../../../shared/content-reader.server.ts';
import { isKind } from '../../../shared/content-file.ts';
import { TIER1_FRAMEWORK_IDS } from '../../../shared/schemas/programme-statuses.ts';
import { isKnownCitation } from '../agent-runs/brief/brief-catalogue.ts';
import { FRAMEWORK_IDS, detectFrameworks, documentFramework } from './advisor-frameworks.ts';
import { citeRequirement, citesReference, extractReferences } from './advisor-references.ts';

describe('framework references', () => {
  it('finds each framework’s references and cites them one way', () => {
    const text =
      'Map CC6.1 and ISO 27001 Annex A 5.15 and A.8.8, GDPR Art. 32, 45 CFR §164.312(b), PCI DSS Requirement 8.4.2, NIST CSF PR.AA-01 and CCPA §1798.100.';
    expect(extractReferences(text)).toEqual([
      'SOC 2 CC6.1',
      'ISO 27001 A.5.15',
      'ISO 27001 A.8.8',
      'GDPR Art. 32',
      'HIPAA §164.312(b)',
      'PCI DSS Req. 8.4.2',
      'NIST CSF PR.AA-01',
      'CCPA §1798.100',
    ]);
  });

  it('finds the tier-2 frameworks’ references: the EU act named nearest wins an article', () => {
    const text =
      'Under NIS2 Art. 21(2)(d) and DORA Article 28, and GDPR Art. 32; EU AI Act Art. 14; ISO 27701 A.7.2.5 and B.8.5.6; NIST 800-53 AC-2 and IA-2(1); CIS Controls 4.1.';
    expect(extractReferences(text)).toEqual([
      'NIS2 Art. 21(2)(d)',
      'DORA Art. 28',
      'GDPR Art. 32',
      'EU AI Act Art. 14',
      'ISO 27701 A.7.2.5',
      'ISO 27701 B.8.5.6',
      'NIST SP 800-53 AC-2',
      'NIST SP 800-53 IA-2(1)',
      'CIS Controls 4.1',
    ]);
    // A common control id is not a NIST control, and a bare NIST code needs the framework named.
    expect(extractReferences('IAM-05 and AC-2 apply.')).toEqual([]);
    expect(citeRequirement('nis2', 'Art. 23(4)(a)')).toBe('NIS2 Art. 23(4)(a)');
    expect(citeRequirement('nist-800-53', 'SC-28')).toBe('NIST SP 800-53 SC-28');
    expect(citeRequirement('cis', '6.3')).toBe('CIS Controls 6.3');
  });

  it('attributes a bare code to the framework of the document it sits in', () => {
    expect(extractReferences('See Art. 33 and Clause 9.2.', 'gdpr')).toEqual(['GDPR Art. 33']);
    expect(extractReferences('See Clause 9.2 and A.6.1.2.', 'iso42001')).toEqual(['ISO 42001 Clause 9.2', 'ISO 42001 A.6.1.2']);
    expect(extractReferences('Requirement 3 and 164.308(a)(1)', 'hipaa')).toEqual(['HIPAA §164.308(a)(1)']);
    expect(extractReferences('See Art. 33.', null)).toEqual([]);
  });

  it('does not take a code named after another framework for this one', () => {
    expect(extractReferences('Like GDPR Art. 32, encrypt cardholder data.', 'pci')).toEqual(['GDPR Art. 32']);
  });

  it('cites a framework page’s own requirement ids', () => {
    expect(citeRequirement('iso27001', 'Annex A 5.15')).toBe('ISO 27001 A.5.15');
    expect(citeRequirement('pci', '8.4')).toBe('PCI DSS Req. 8.4');
    expect(citeRequirement('gdpr', 'Art. 32')).toBe('GDPR Art. 32');
    expect(citeRequirement('hipaa', '§164.308(a)(1)')).toBe('HIPAA §164.308(a)(1)');
    expect(citeRequirement('nist-csf', 'GV.OC-01')).toBe('NIST CSF GV.OC-01');
    expect(citeRequirement('soc2', 'A1.2')).toBe('SOC 2 A1.2');
  });

  it('matches citations the way the evaluation does', () => {
    expect(citesReference('under soc 2  cc6.1, as', 'SOC 2 CC6.1')).toBe(true);
    expect(citesReference('HIPAA §164.308(a)(1)', 'HIPAA §164.308')).toBe(true);
    expect(citesReference('SOC 2 CC6.10', 'SOC 2 CC6.1')).toBe(false);
    expect(citesReference('GDPR Art. 32', 'GDPR Art. 3')).toBe(false);
    expect(citesReference('ends with SOC 2 CC6.1.', 'SOC 2 CC6.1')).toBe(true);
  });
});

describe('framework detection', () => {
  it('names the frameworks a question mentions, in order', () => {
    expect(detectFrameworks('Map our ISO/IEC 27001 controls to SOC2 and the GDPR')).toEqual(['iso27001', 'soc2', 'gdpr']);
    expect(detectFrameworks('Do we need a BAA for PHI?')).toEqual(['hipaa']);
    expect(detectFrameworks('What is our risk appetite?')).toEqual([]);
  });

  it('reads a framework page’s name and any other document’s title', () => {
    expect(documentFramework('SOC 2 readiness and audit support', { kind: 'framework', name: 'SOC 2' })).toBe('soc2');
    expect(documentFramework('Anything', { kind: 'framework', name: 'PCI DSS 4.0.1' })).toBe('pci');
    expect(documentFramework('Preparing for a HIPAA risk analysis', { kind: 'knowledge-base' })).toBe('hipaa');
  });
});

describe('the framework pages (content/frameworks)', () => {
  const documents = loadContent();
  const frameworkPages = documents.filter(isKind('framework'));
  const sitePaths = documents.map((document) => document.urlPath);

  it('gives every catalogue framework its page, named as the advisor names it and citing only what the catalogue holds', () => {
    const byFramework = new Map(
      frameworkPages.map((document) => [documentFramework(document.data.title, { kind: 'framework', name: document.data.name }), document]),
    );
    expect([...byFramework.keys()].sort()).toEqual([...FRAMEWORK_IDS].sort());
    for (const id of FRAMEWORK_IDS) {
      const page = byFramework.get(id);
      if (!page) throw new Error(`no page for ${id}`);
      // Every link to another framework's page leads to one that exists.
      const links = [...page.body.matchAll(/\]\((\/compliance\/[a-z0-9-]+)\)/g)].map((match) => match[1]);
      for (const link of links) expect(sitePaths, `${id} → ${link}`).toContain(link);
      if ((TIER1_FRAMEWORK_IDS as readonly string[]).includes(id)) continue;
      // A tier-2 page links to related frameworks, and cites its requirements by the catalogue's own references.
      expect(links.length, id).toBeGreaterThan(1);
      for (const requirement of page.data.requirements)
        expect(isKnownCitation(citeRequirement(id, requirement.ref)), `${id} ${requirement.ref}`).toBe(true);
    }
  });
});
