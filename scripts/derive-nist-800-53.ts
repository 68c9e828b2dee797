/**
 * Derives the catalogue's NIST SP 800-53 Rev. 5 file (data/catalogue/frameworks/nist-800-53.json) from
 * NIST's own OSCAL content (the usnistgov/oscal-content repository), so that its ids, titles, families,
 * withdrawn controls and baseline membership are NIST's and nobody types them:
 *
 *   npx node scripts/derive-nist-800-53.ts <oscal-content git dir> <commit> [--check]
 *
 * It reads the catalogue and the LOW, MODERATE, HIGH and PRIVACY baseline profiles at that commit with
 * `git show`, records the commit and each file's SHA-256 in the derived file (the ~3 MB source is not
 * committed), copies the small MODERATE profile to data/catalogue/sources/ for the tests to recount,
 * and maps each control to the common controls: a typed default per family plus the key controls
 * (scripts/nist-800-53-mappings.ts). `--check` writes nothing and fails when the committed file differs.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { format, resolveConfig } from 'prettier';
import { FAMILY_MAPPINGS, KEY_CONTROL_MAPPINGS, policyMappings } from './nist-800-53-mappings.ts';

const root = path.resolve(import.meta.dirname, '..');
const OUT = path.join(root, 'data/catalogue/frameworks/nist-800-53.json');
const PROFILE_OUT = path.join(root, 'data/catalogue/sources/nist-800-53-rev5-moderate-profile.json');
const DIR = 'nist.gov/SP800-53/rev5/json';
const FILES = {
  catalog: `${DIR}/NIST_SP-800-53_rev5_catalog.json`,
  low: `${DIR}/NIST_SP-800-53_rev5_LOW-baseline_profile.json`,
  moderate: `${DIR}/NIST_SP-800-53_rev5_MODERATE-baseline_profile.json`,
  high: `${DIR}/NIST_SP-800-53_rev5_HIGH-baseline_profile.json`,
  privacy: `${DIR}/NIST_SP-800-53_rev5_PRIVACY-baseline_profile.json`,
} as const;
type Baseline = Exclude<keyof typeof FILES, 'catalog'>;
const BASELINES: readonly Baseline[] = ['low', 'moderate', 'high', 'privacy'];
/** Summaries are NIST's statement, condensed: at most this many characters. */
const SUMMARY_MAX = 420;

interface OscalProp {
  name: string;
  value: string;
}
interface OscalParam {
  id: string;
  label?: string;
  select?: { 'how-many'?: string; choice?: string[] };
}
interface OscalPart {
  id?: string;
  name: string;
  props?: OscalProp[];
  prose?: string;
  parts?: OscalPart[];
}
interface OscalControl {
  id: string;
  title: string;
  params?: OscalParam[];
  props?: OscalProp[];
  links?: { href: string; rel?: string }[];
  parts?: OscalPart[];
  controls?: OscalControl[];
}
interface OscalCatalog {
  catalog: {
    metadata: { title: string; version: string; 'last-modified': string };
    groups: { id: string; title: string; controls: OscalControl[] }[];
  };
}
interface OscalProfile {
  profile: { metadata: { title: string; version: string }; imports: { 'include-controls'?: { 'with-ids': string[] }[] }[] };
}

const [gitDir = '', commit = '', ...flags] = process.argv.slice(2);
if (!gitDir || !/^[0-9a-f]{40}$/.test(commit)) {
  console.error('Usage: npx node scripts/derive-nist-800-53.ts <oscal-content git dir> <40-hex commit> [--check]');
  process.exit(2);
}
const check = flags.includes('--check');

function show(file: string): Buffer {
  return execFileSync('git', ['-C', gitDir, 'show', `${commit}:${file}`], { maxBuffer: 64 * 1024 * 1024 });
}
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

const raw = Object.fromEntries(Object.entries(FILES).map(([key, file]) => [key, show(file)])) as Record<keyof typeof FILES, Buffer>;
const catalog = (JSON.parse(raw.catalog.toString('utf8')) as OscalCatalog).catalog;
const profiles = Object.fromEntries(
  BASELINES.map((baseline) => [baseline, JSON.parse(raw[baseline].toString('utf8')) as OscalProfile]),
) as Record<Baseline, OscalProfile>;

/** The control ids a profile includes, as NIST lists them (ac-2, ac-2.1). */
export function profileIds(profile: OscalProfile): string[] {
  return profile.profile.imports.flatMap((entry) => (entry['include-controls'] ?? []).flatMap((include) => include['with-ids']));
}
const membership = new Map<string, Baseline[]>();
for (const baseline of BASELINES) {
  for (const id of profileIds(profiles[baseline])) membership.set(id, [...(membership.get(id) ?? []), baseline]);
}

const prop = (control: OscalControl, name: string) => control.props?.find((entry) => entry.name === name)?.value;

function paramText(param: OscalParam | undefined): string {
  if (!param) return '[Assignment]';
  if (param.select?.choice) return `[Selection: ${param.select.choice.join('; ')}]`;
  return `[Assignment: ${param.label ?? 'organization-defined value'}]`;
}

function proseOf(part: OscalPart, params: Map<string, OscalParam>): string {
  const label = part.props?.find((entry) => entry.name === 'label')?.value;
  const own = (part.prose ?? '').replaceAll(/\{\{\s*insert:\s*param,\s*([\w.-]+)\s*\}\}/g, (_m, id: string) => paramText(params.get(id)));
  const children = (part.parts ?? []).filter((child) => child.name === 'item').map((child) => proseOf(child, params));
  return [label, own, ...children].filter((text) => text && text.length > 0).join(' ');
}

function summaryOf(control: OscalControl, withdrawnInto: string[]): string {
  if (withdrawnInto.length > 0) return `Withdrawn by NIST; incorporated into ${withdrawnInto.join(', ')}.`;
  const params = new Map((control.params ?? []).map((param) => [param.id, param]));
  const statement = control.parts?.find((part) => part.name === 'statement');
  const text = statement ? proseOf(statement, params).replaceAll(/\s+/g, ' ').trim() : control.title;
  return text.length <= SUMMARY_MAX ? text : `${text.slice(0, SUMMARY_MAX - 1).replace(/\s+\S*$/, '')}…`;
}

/** NIST's display form of an OSCAL id: ac-2 → AC-2, ac-2.1 → AC-2(1). */
export function displayId(id: string): string {
  const match = /^([a-z]{2}-\d+)(?:\.(\d+))?(?:_smt\.?(\w*))?$/.exec(id);
  if (!match) return id.toUpperCase();
  const [, base = id, enhancement, item] = match;
  return `${base.toUpperCase()}${enhancement ? `(${enhancement})` : ''}${item ? ` item ${item}` : ''}`;
}

interface Requirement {
  ref: string;
  parent: string | null;
  title: string;
  summary: string;
  mappings: { control: string; relation: 'equal' | 'subset' | 'superset' | 'intersect' }[];
  notAddressable?: string;
  baselines?: Baseline[];
}

const requirements: Requirement[] = [];
let controls = 0;
let enhancements = 0;
let withdrawn = 0;
for (const group of catalog.groups) {
  const family = group.id.toUpperCase();
  requirements.push({
    ref: family,
    parent: null,
    title: group.title,
    summary: `The ${group.title} family of NIST SP 800-53 Rev. 5.`,
    mappings: [],
  });
  const add = (control: OscalControl, baseTitle: string | null) => {
    const ref = prop(control, 'label') ?? displayId(control.id);
    const isWithdrawn = prop(control, 'status') === 'withdrawn';
    const into = isWithdrawn
      ? (control.links ?? [])
          .filter((link) => link.rel === 'incorporated-into' || link.rel === 'moved-to')
          .map((link) => displayId(link.href.replace(/^#/, '')))
      : [];
    if (baseTitle === null) controls += 1;
    else enhancements += 1;
    if (isWithdrawn) withdrawn += 1;
    const key = KEY_CONTROL_MAPPINGS[ref];
    const mappings = isWithdrawn ? [] : (key ?? (/^[A-Z]{2}-1$/.test(ref) ? policyMappings(family) : (FAMILY_MAPPINGS[family] ?? [])));
    const baselines = membership.get(control.id);
    requirements.push({
      ref,
      // Enhancements sit beside their control under the family, so the base control stays assessable.
      parent: family,
      title: baseTitle === null ? control.title : `${baseTitle} | ${control.title}`,
      summary: summaryOf(control, isWithdrawn ? (into.length > 0 ? into : ['another control']) : []),
      mappings: mappings.map((mapping) => ({ ...mapping })),
      ...(isWithdrawn ? { notAddressable: `Withdrawn by NIST in Rev. 5${into.length > 0 ? ` (see ${into.join(', ')})` : ''}.` } : {}),
      ...(baselines ? { baselines } : {}),
    });
    for (const enhancement of control.controls ?? []) add(enhancement, control.title);
  };
  for (const control of group.controls) add(control, null);
}

const moderateIds = profileIds(profiles.moderate);
const framework = {
  id: 'nist-800-53',
  name: 'NIST SP 800-53',
  fullName: 'NIST Special Publication 800-53 Revision 5: Security and Privacy Controls for Information Systems and Organizations',
  version: `Rev. 5 (OSCAL catalogue ${catalog.metadata.version})`,
  publisher: 'National Institute of Standards and Technology',
  region: 'US',
  auditTypes: [],
  licence: {
    textSource: 'official',
    statement:
      'Derived by scripts/derive-nist-800-53.ts from NIST’s OSCAL catalogue and baseline profiles (usnistgov/oscal-content), a work of the US Government not subject to copyright in the United States. Ids, titles, families, withdrawals and baseline membership are NIST’s; each summary is the start of NIST’s control statement with its parameters shown as placeholders, cut short, and is not the control text.',
  },
  source: {
    repository: 'usnistgov/oscal-content',
    commit,
    catalogueVersion: catalog.metadata.version,
    catalogueLastModified: catalog.metadata['last-modified'],
    files: Object.entries(FILES).map(([key, file]) => ({
      path: file,
      sha256: sha256(raw[key as keyof typeof FILES]),
      bytes: raw[key as keyof typeof FILES].length,
    })),
    counts: {
      families: catalog.groups.length,
      controls,
      enhancements,
      withdrawn,
      ...Object.fromEntries(BASELINES.map((baseline) => [baseline, profileIds(profiles[baseline]).length])),
    },
    notes:
      'The newest full Rev. 5 catalogue available to us was OSCAL 5.0.1 (this commit). Later releases (5.1.1) add controls such as IA-13; re-run the script on a newer commit to take them. Mappings to the common controls are ours: a typed default per family and explicit mappings for the key controls.',
  },
  requirements,
};

// Written as Prettier would, so `prettier --check` and `--check` agree.
const json = await format(JSON.stringify(framework), { ...(await resolveConfig(OUT)), filepath: OUT });
const profileJson = raw.moderate;
if (check) {
  const same = readFileSync(OUT, 'utf8') === json && readFileSync(PROFILE_OUT).equals(profileJson);
  console.log(same ? 'The derived file matches the OSCAL source.' : 'The derived file differs from what the OSCAL source gives.');
  process.exitCode = same ? 0 : 1;
} else {
  writeFileSync(OUT, json);
  writeFileSync(PROFILE_OUT, profileJson);
  console.log(
    `${path.relative(root, OUT)}: ${catalog.groups.length} families, ${controls} controls, ${enhancements} enhancements (${withdrawn} withdrawn), moderate baseline ${moderateIds.length}`,
  );
}
