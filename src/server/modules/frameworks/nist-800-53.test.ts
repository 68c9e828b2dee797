import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CATALOGUE_DIR, loadCatalogue } from './catalogue-files.ts';

/**
 * NIST SP 800-53 Rev. 5 as scripts/derive-nist-800-53.ts derived it from NIST's OSCAL: the counts of
 * controls and enhancements the OSCAL catalogue held (recorded with its commit and SHA-256), and the
 * moderate baseline recounted from NIST's own profile, committed beside the catalogue.
 */

interface Profile {
  profile: { imports: { 'include-controls'?: { 'with-ids': string[] }[] }[] };
}

const framework = loadCatalogue().frameworks.find((entry) => entry.id === 'nist-800-53');
const profileFile = path.join(CATALOGUE_DIR, 'sources/nist-800-53-rev5-moderate-profile.json');
const profileBytes = readFileSync(profileFile);
const profile = JSON.parse(profileBytes.toString('utf8')) as Profile;
/** NIST's OSCAL ids (ac-2, ac-2.1) as NIST displays them and our file holds them (AC-2, AC-2(1)). */
const displayId = (id: string) =>
  id.replace(
    /^([a-z]{2}-\d+)(?:\.(\d+))?$/,
    (_m, base: string, enhancement?: string) => `${base.toUpperCase()}${enhancement ? `(${enhancement})` : ''}`,
  );

describe('NIST SP 800-53 Rev. 5 from OSCAL', () => {
  const requirements = framework?.requirements ?? [];
  const controls = requirements.filter((requirement) => /^[A-Z]{2}-\d+$/.test(requirement.ref));
  const enhancements = requirements.filter((requirement) => /^[A-Z]{2}-\d+\(\d+\)$/.test(requirement.ref));

  it('holds every control and enhancement of the OSCAL catalogue it names, by commit and digest', () => {
    const source = framework?.source;
    expect(source?.repository).toBe('usnistgov/oscal-content');
    expect(source?.commit).toMatch(/^[0-9a-f]{40}$/);
    expect(source?.files?.find((file) => file.path.endsWith('_catalog.json'))?.sha256).toMatch(/^[0-9a-f]{64}$/);
    // OSCAL catalogue 5.0.1: 20 families, 322 controls and 867 enhancements, withdrawn ones included.
    expect(requirements.filter((requirement) => requirement.parent === null)).toHaveLength(20);
    expect(controls).toHaveLength(322);
    expect(enhancements).toHaveLength(867);
    expect({ controls: controls.length, enhancements: enhancements.length }).toEqual({
      controls: source?.counts?.controls,
      enhancements: source?.counts?.enhancements,
    });
    const withdrawn = requirements.filter((requirement) => requirement.notAddressable?.startsWith('Withdrawn'));
    expect(withdrawn).toHaveLength(source?.counts?.withdrawn ?? -1);
  });

  it('puts exactly the moderate profile’s include-controls ids in the moderate baseline', () => {
    // The committed profile is the one the file was derived from.
    const recorded = framework?.source?.files?.find((file) => file.path.endsWith('MODERATE-baseline_profile.json'));
    expect(createHash('sha256').update(profileBytes).digest('hex')).toBe(recorded?.sha256);
    const ids = profile.profile.imports.flatMap((entry) => (entry['include-controls'] ?? []).flatMap((include) => include['with-ids']));
    expect(ids).toHaveLength(287);
    const moderate = requirements
      .filter((requirement) => requirement.baselines?.includes('moderate'))
      .map((requirement) => requirement.ref);
    expect(moderate.sort()).toEqual(ids.map(displayId).sort());
  });

  it('maps every control in force to common controls, typed, with the key controls mapped on their own', () => {
    const inForce = [...controls, ...enhancements].filter((requirement) => !requirement.notAddressable);
    expect(inForce.every((requirement) => requirement.mappings.length > 0)).toBe(true);
    const relations = (ref: string) => requirements.find((requirement) => requirement.ref === ref)?.mappings;
    expect(relations('SC-28')).toContainEqual({ control: 'CRY-02', relation: 'equal' });
    expect(relations('IA-2(1)')).toContainEqual({ control: 'IAM-05', relation: 'superset' });
    expect(relations('AC-2(1)')).toEqual([{ control: 'IAM-01', relation: 'intersect' }]);
  });
});
