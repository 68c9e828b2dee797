import { describe, expect, it } from 'vitest';
import { CATALOGUE_FRAMEWORK_IDS } from '../../../shared/schemas/programme-statuses.ts';
import { catalogueProblems, leafRequirements, loadCatalogue } from './catalogue-files.ts';

describe('the catalogue data files', () => {
  const catalogue = loadCatalogue();

  it('are valid, and every requirement is covered by a control or marked not addressable', () => {
    expect(catalogueProblems(catalogue)).toEqual([]);
  });

  it('hold every tier-1 framework, each with a licence position', () => {
    expect(catalogue.frameworks.map((framework) => framework.id)).toEqual([...CATALOGUE_FRAMEWORK_IDS]);
    for (const framework of catalogue.frameworks) expect(framework.licence.statement.length).toBeGreaterThan(20);
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
  });

  it('keeps the common control set between 100 and 150 controls, every one of them used', () => {
    expect(catalogue.controls.length).toBeGreaterThanOrEqual(100);
    expect(catalogue.controls.length).toBeLessThanOrEqual(150);
    const leaves = catalogue.frameworks.flatMap(leafRequirements);
    expect(leaves.length).toBeGreaterThan(500);
  });
});
