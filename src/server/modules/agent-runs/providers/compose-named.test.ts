import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestDatabase, createTestDatabase } from '../../../../../tests/test-database.ts';
import type { WorkKind } from '../../../../shared/schemas/task-requests.ts';
import { seedContent } from '../../content/content.service.ts';
import { createBuiltinAgentProvider } from './builtin-agent-provider.ts';
import { draftBrief, section, tableRows } from './draft-test-helpers.ts';

/**
 * The vendor review, risk register, evidence checklist and policy name what the request names, in the
 * body (not only in a quotation), on wordings of our own.
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

/** What the draft says itself: quotations ("> …") do not count. */
const said = (body: string) =>
  body
    .split('\n')
    .filter((line) => !line.trimStart().startsWith('>'))
    .join('\n');

describe('vendor review: the vendor however it is named, and what the request states about it', () => {
  it.each([
    ['Review Hooli Mail', 'Our marketing team sends newsletters through them.', 'Hooli Mail'],
    ['Is Dropbox safe enough for our board papers?', 'Board packs would be shared there.', 'Dropbox'],
    ['Globex Analytics as our service provider', 'We send page views to Globex Analytics.', 'Globex Analytics'],
    ['Third-party check of our card processor', 'Vendor: Umbrella Pay\n- tokenises card numbers', 'Umbrella Pay'],
  ])('"%s" names %s in the title and the body', async (title, brief, vendor) => {
    const result = await draft('vendor_review', title, brief);
    expect(result.title).toContain(vendor);
    expect(said(result.body)).toContain(`**Vendor:** ${vendor}`);
  });

  it.each([
    ['Can we use Initech Chat?', 'They told us transfers rely on standard contractual clauses.', 'standard contractual clauses'],
    ['Review of Umbrella Pay', 'We still need their Attestation of Compliance for last year.', 'Attestation of Compliance'],
    ['Vet Soylent Data', 'Legal wants the contract to make Soylent a service provider, not a buyer of data.', 'service provider'],
    ['Pied Piper vendor review', 'Pied Piper says customer files are hosted in Frankfurt only.', 'Frankfurt'],
  ])('"%s": the stated point "%s" is a finding to verify, outside any quotation', async (title, brief, fact) => {
    const result = await draft('vendor_review', title, brief);
    const stated = section(result.body, '## Stated in the request');
    expect(said(stated)).toContain(fact);
    expect(tableRows(stated).some((row) => row.includes(fact) && row.includes('verify'))).toBe(true);
  });

  it('turns no unrelated sentence into a finding', async () => {
    const result = await draft(
      'vendor_review',
      'Review of Hooli Mail',
      'The weather was nice at our offsite. Hooli Mail will store customer emails in the EU.',
    );
    const stated = section(result.body, '## Stated in the request');
    expect(stated).toContain('store customer emails');
    expect(stated).not.toContain('weather');
  });
});

describe('risk register and evidence checklist: every named system in the body', () => {
  it.each([
    [
      'Risks of the new booking app',
      'The app runs on Hetzner, sign-in is through Auth0 and payments go through Mollie.',
      ['Hetzner', 'Auth0', 'Mollie'],
    ],
    [
      'Warehouse analytics risks',
      'Orders flow from our Shopify store into BigQuery, and Looker dashboards read from it.',
      ['Shopify', 'BigQuery', 'Looker'],
    ],
  ])('"%s": each named system is an asset row with the risks that concern it', async (title, brief, names) => {
    const result = await draft('risk_register', title, brief);
    const assets = tableRows(section(result.body, '## Assets named in the request'));
    for (const name of names) {
      const row = assets.find((line) => line.startsWith(`| ${name} |`));
      expect(row, name).toBeDefined();
      expect(row).toMatch(/R-\d{2} /);
    }
  });

  it('says which named system each evidence item is taken from', async () => {
    const result = await draft(
      'evidence_checklist',
      'Access review evidence',
      'User access reviews for SOC 2 CC6.2: identities live in JumpCloud, tickets in Linear.',
      ['SOC 2'],
    );
    const rows = tableRows(section(result.body, '## Checklist'));
    expect(rows[0]).toContain('Taken from');
    expect(rows.slice(1).some((row) => row.includes('JumpCloud'))).toBe(true);
  });
});
