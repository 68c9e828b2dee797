import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestDatabase, createTestDatabase } from '../../../../../tests/test-database.ts';
import type { WorkKind } from '../../../../shared/schemas/task-requests.ts';
import { findReferences } from '../../advisor/advisor-references.ts';
import { seedContent } from '../../content/content.service.ts';
import { agentCatalogue, canonicalCitation, entryForCitation, isKnownCitation } from '../brief/brief-catalogue.ts';
import { createBuiltinAgentProvider } from './builtin-agent-provider.ts';
import { draftBrief, section, tableRows } from './draft-test-helpers.ts';

/**
 * Every composer uses the brief's facts. Properties, each checked on more than one wording: stated gaps
 * are gaps, ranked high and in the plan; strengths are described and need evidence; the vendor and the
 * named systems are named; asked references lead and are cited; out-of-scope frameworks are never cited;
 * each question gets its own answer from the facts; a risk's requirement comes from the typed mappings.
 */

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  await seedContent(database.db);
}, 120_000);
afterAll(() => database.dispose());

const provider = createBuiltinAgentProvider();

const draft = (workKind: WorkKind, title: string, description: string, frameworks: string[] = []) =>
  draftBrief(provider, database.db, workKind, title, description, frameworks);

describe('gap assessment: stated gaps are gaps, ranked high, each in the plan', () => {
  const briefs = [
    {
      description:
        'We have MFA on every account and quarterly access reviews. Backups have never been tested, there is no incident response plan, we lack a vendor inventory and nobody reviews the logs.',
      gaps: ['backups and restore testing', 'incident response', 'vendor management', 'logging and monitoring'],
      strengths: ['multi-factor authentication', 'access reviews'],
    },
    {
      description:
        "Restore tests: not done. Incident handling is ad hoc. We don't assess vendors before onboarding. Our laptops are encrypted with FileVault and MFA is enforced through Okta.",
      gaps: ['backups and restore testing', 'incident response', 'vendor management'],
      strengths: ['encryption at rest', 'multi-factor authentication'],
    },
  ];
  for (const [index, brief] of briefs.entries()) {
    it(`wording ${index + 1}`, async () => {
      const result = await draft('gap_assessment', 'ISO 27001 readiness gap assessment', brief.description, ['ISO 27001']);
      const plan = section(result.body, '## Remediation roadmap');
      const first30 = section(plan, '### First 30 days');
      const rows = tableRows(section(result.body, '## Requirement-by-requirement assessment')).slice(1);
      for (const topic of brief.gaps) {
        expect(plan, topic).toContain(`stated gap in ${topic}`);
        const gapRows = rows.filter((row) => row.includes('Gap stated in the brief') && row.includes(`| High |`));
        expect(gapRows.length).toBeGreaterThan(0);
      }
      // Every row for a stated gap is High; no stated gap is "described".
      for (const row of rows.filter((line) => line.includes('Gap stated in the brief'))) expect(row).toMatch(/\| High \|$/);
      // Stated strengths are described and need evidence, ranked low, and never planned first.
      const described = rows.filter((row) => row.includes('Described in the brief — needs evidence'));
      expect(described.length).toBeGreaterThan(0);
      for (const row of described) expect(row).toMatch(/\| Low \|$/);
      for (const topic of brief.strengths) expect(first30).not.toContain(topic);
      expect(section(plan, '### Days 61–90')).toContain('Collect evidence for what the brief describes');
      // The High rows come before the Low ones.
      const priorities = rows.map((row) => /\| (High|Medium|Low) \|$/.exec(row)?.[1]);
      expect(priorities.indexOf('Low')).toBeGreaterThan(priorities.lastIndexOf('High'));
    });
  }

  it('maps a stated gap to requirements through the catalogue, not through shared words', async () => {
    const result = await draft('gap_assessment', 'SOC 2 gap assessment', 'We have no MFA anywhere.', ['SOC 2']);
    const row = tableRows(result.body).find((line) => line.includes('Gap stated in the brief'));
    const citation = row ? findReferences(row, 'soc2')[0]?.citation : undefined;
    expect(citation).toBeDefined();
    const entry = entryForCitation(citation ?? '');
    expect(entry?.mappings.some((mapping) => mapping.control === 'IAM-05')).toBe(true);
  });
});

describe('vendor review: the vendor is named', () => {
  it.each([
    ['Vendor security review of Acme Payroll', 'Acme Payroll'],
    ['Hooli Mail vendor review', 'Hooli Mail'],
    ['Assessment of Initech Cloud before onboarding', 'Initech Cloud'],
  ])('"%s" names %s in the title and body, never "the vendor"', async (title, vendor) => {
    const result = await draft('vendor_review', title, 'They will store our customer personal data. They have no SOC 2 report yet.', [
      'GDPR',
    ]);
    expect(result.title).toContain(vendor);
    expect(result.body).toContain(`**Vendor:** ${vendor}`);
    expect(result.summary).toContain(vendor);
    // Guidance quoted from the knowledge base is generic; everything the agent writes names the vendor.
    const written = result.body.replace(section(result.body, '## Guidance applied'), '');
    expect(written).not.toMatch(/\bthe vendor\b(?! (?:inventory|management))/i);
  });

  it('takes a stated gap for a concern', async () => {
    const result = await draft('vendor_review', 'Review of Globex Analytics', 'Globex does not enforce MFA for its support staff.', [
      'SOC 2',
    ]);
    const access = tableRows(result.body).find((row) => row.startsWith('| Access control'));
    expect(access).toContain('Concern');
  });
});

describe('policy: named systems appear', () => {
  it.each([
    ['We use Okta as our identity provider and run everything on AWS, with code in GitHub.', ['Okta', 'AWS', 'GitHub']],
    ['Sign-in is through Microsoft Entra ID; production is hosted on Google Cloud.', ['Microsoft Entra ID', 'Google Cloud']],
  ])('%s', async (description, names) => {
    const result = await draft('policy_draft', 'Access control policy', description, ['SOC 2']);
    for (const name of names) expect(section(result.body, '## 4. Policy statements')).toContain(`**${name}**`);
    for (const name of names) expect(section(result.body, '## 2. Scope')).toContain(name);
  });
});

describe('asked references lead and are addressed; out-of-scope frameworks are never cited', () => {
  it.each([
    [
      'gap_assessment',
      'Assess ISO 27001 A.8.1–8.5 for us.',
      ['ISO 27001 A.8.1', 'ISO 27001 A.8.2', 'ISO 27001 A.8.3', 'ISO 27001 A.8.4', 'ISO 27001 A.8.5'],
    ],
    ['policy_draft', 'The policy must cover SOC 2 CC6.1 to CC6.3 and CC7.2.', ['SOC 2 CC6.1', 'SOC 2 CC6.2', 'SOC 2 CC6.3', 'SOC 2 CC7.2']],
    ['evidence_checklist', 'Our auditor asks about PCI DSS Requirement 10 and Req. 8.4.2.', ['PCI DSS Req. 10', 'PCI DSS Req. 8.4.2']],
  ] as const)('%s: %s', async (kind, description, citations) => {
    const result = await draft(kind, 'Request', description);
    const body = result.body.split('## Sources')[0] ?? '';
    for (const citation of citations) expect(body, citation).toContain(citation);
    // The first requirement cited in the content is one the request asked for.
    const content = body.slice(body.indexOf('\n## '));
    const first = findReferences(content, null).find((reference) => isKnownCitation(reference.citation));
    expect(citations.some((citation) => first?.citation.startsWith(citation.replace(/ Req\. (\d+)$/, ' Req. $1')))).toBe(true);
  });

  it.each([
    ['SOC 2 is out of scope; we only want ISO 27001.', 'SOC 2'],
    ['ISO 27001 readiness, not SOC 2.', 'SOC 2'],
    ['We are not a HIPAA covered entity. GDPR applies to our EU patients list.', 'HIPAA'],
  ])('"%s" never cites %s', async (description, label) => {
    for (const kind of ['gap_assessment', 'policy_draft', 'risk_register'] as const) {
      const result = await draft(kind, 'Security programme', description);
      const cited = findReferences(result.body, null).map((reference) => reference.citation);
      expect(
        cited.filter((citation) => citation.startsWith(label)),
        kind,
      ).toEqual([]);
      expect(result.sources.filter((source) => source.ref.startsWith(label))).toEqual([]);
    }
  });

  it('never cites a reference the catalogue does not hold', async () => {
    const result = await draft('gap_assessment', 'SOC 2 gaps', 'Please cover CC6.1 and CC6.19.', ['SOC 2']);
    expect(result.body).toContain('SOC 2 CC6.1');
    expect(result.body).not.toContain('CC6.19');
    expect(result.body).toContain('One reference in the request could not be found');
  });
});

describe('questionnaire: each question gets its own answer from the facts', () => {
  it.each([
    [
      'We enforce MFA through Okta for everyone. Backups have never been tested.\n1. Do you enforce multi-factor authentication?\n2. Do you test restores of your backups?',
    ],
    [
      'Q1: Is MFA required for staff?\nQ2: How often are restores from backup tested?\nFor context: MFA is enforced on all accounts; restore tests are not done yet.',
    ],
  ])('%s', async (description) => {
    const result = await draft('questionnaire_answers', 'Answer the Globex questionnaire', description, ['SOC 2']);
    const rows = tableRows(section(result.body, '## Answers')).slice(1);
    expect(rows).toHaveLength(2);
    // The answer says yes / not yet with what the brief adds; the client's own words sit beside it.
    expect(rows[0]).toMatch(/\| Yes: [^|]*(Okta|all accounts)[^|]*\| “[^”]*MFA/);
    expect(rows[1]).toMatch(/\| Not yet[.:][^|]*\| “[^”]*(never been tested|not done yet)/);
  });
});

describe('risk register: every requirement shown comes from the catalogue’s typed mappings', () => {
  it.each([
    ['We store customer personal data and employee records; we have no retention schedule.', ['GDPR']],
    ['We rely on many SaaS vendors and have no access reviews.', ['SOC 2']],
  ])('%s', async (description, frameworks) => {
    const result = await draft('risk_register', 'Risk register', description, frameworks);
    const rows = tableRows(section(result.body, '## Risk register')).slice(1);
    expect(rows.length).toBeGreaterThan(3);
    const catalogue = agentCatalogue();
    for (const row of rows) {
      const cells = row.split(' | ');
      const citation = cells.at(-1)?.replace(/ \|$/, '') ?? '';
      if (citation === '—') continue;
      // Sub-paragraphs share their article's citation ("GDPR Art. 32" of Art. 32(1)(b)): any of them may carry the mapping.
      const mappings = (catalogue.byCitation.get(canonicalCitation(citation)) ?? []).flatMap((entry) => entry.mappings);
      expect(mappings.length, citation).toBeGreaterThan(0);
      if (row.includes('Personal data processed')) expect(mappings.some((mapping) => mapping.control.startsWith('PRV-'))).toBe(true);
    }
    // A stated gap's risk comes first.
    expect(rows[0]).toContain('Stated in the request');
  });
});
