import { describe, expect, it } from 'vitest';
import { CATALOGUE_FRAMEWORK_IDS, TIER2_FRAMEWORK_IDS } from '../../../shared/schemas/programme-statuses.ts';
import { catalogueProblems, leafRequirements, loadCatalogue } from './catalogue-files.ts';

describe('the catalogue data files', () => {
  const catalogue = loadCatalogue();

  it('are valid, and every requirement is covered by a control or marked not addressable', () => {
    expect(catalogueProblems(catalogue)).toEqual([]);
  });

  it('hold every tier-1 and tier-2 framework, each with a licence position and mappings', () => {
    expect(catalogue.frameworks.map((framework) => framework.id)).toEqual([...CATALOGUE_FRAMEWORK_IDS]);
    expect(catalogue.frameworks.length).toBeGreaterThanOrEqual(14);
    for (const framework of catalogue.frameworks) {
      expect(framework.licence.statement.length).toBeGreaterThan(20);
      const mapped = framework.requirements.filter((requirement) => requirement.mappings.length > 0);
      // A good share of each framework's leaves map to common controls (not only marked not addressable).
      expect(mapped.length, framework.id).toBeGreaterThan(leafRequirements(framework).length / 3);
    }
  });

  it('say where the tier-2 files come from, and what could not be checked against the published text', () => {
    for (const id of TIER2_FRAMEWORK_IDS) {
      const framework = catalogue.frameworks.find((entry) => entry.id === id);
      expect(framework?.source?.notes.length, id).toBeGreaterThan(80);
    }
  });

  it('hold the hierarchy in full where the standard fixes its size', () => {
    const count = (id: string, pattern: RegExp) =>
      catalogue.frameworks.find((framework) => framework.id === id)?.requirements.filter((r) => pattern.test(r.ref)).length;
    expect(count('iso27001', /^A\.\d+\.\d+$/)).toBe(93);
    expect(count('nist-csf', /^[A-Z]{2}$/)).toBe(6);
    expect(count('nist-csf', /^[A-Z]{2}\.[A-Z]{2}$/)).toBe(22);
    expect(count('nist-csf', /^[A-Z]{2}\.[A-Z]{2}-\d{2}$/)).toBe(106);
    // ISO 42001's Annex A nests A.6 one level deeper (A.6.1.2, A.6.2.8), so count the Annex A leaves instead.
    const iso42001 = catalogue.frameworks.find((framework) => framework.id === 'iso42001');
    expect(iso42001 && leafRequirements(iso42001).filter((r) => r.ref.startsWith('A.')).length).toBe(38);
    // ISO 27701:2019: 31 controls for PII controllers (Annex A), 18 for processors (Annex B).
    expect(count('iso27701', /^A\.7\.\d+\.\d+$/)).toBe(31);
    expect(count('iso27701', /^B\.8\.\d+\.\d+$/)).toBe(18);
    // NIS2 Art. 21(2) lists ten measures, (a) to (j); Art. 23(4) five reporting stages, (a) to (e).
    expect(count('nis2', /^Art\. 21\(2\)\([a-z]\)$/)).toBe(10);
    expect(count('nis2', /^Art\. 23\(4\)\([a-z]\)$/)).toBe(5);
    // CIS Controls v8.1: 18 controls, 153 safeguards; IG1 56 of them, IG2 130 (cumulative), IG3 all.
    expect(count('cis', /^\d{1,2}$/)).toBe(18);
    expect(count('cis', /^\d{1,2}\.\d{1,2}$/)).toBe(153);
    const cis = catalogue.frameworks.find((framework) => framework.id === 'cis');
    const inGroup = (group: 'IG1' | 'IG2' | 'IG3') => cis?.requirements.filter((r) => r.baselines?.includes(group)).length;
    expect([inGroup('IG1'), inGroup('IG2'), inGroup('IG3')]).toEqual([56, 130, 153]);
  });

  it('keeps the common control set between 100 and 150 controls, every one of them used', () => {
    expect(catalogue.controls.length).toBeGreaterThanOrEqual(100);
    expect(catalogue.controls.length).toBeLessThanOrEqual(150);
    const leaves = catalogue.frameworks.flatMap(leafRequirements);
    expect(leaves.length).toBeGreaterThan(500);
  });
});
