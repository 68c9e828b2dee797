import { describe, expect, it } from 'vitest';
import { readBrief } from './read-brief.ts';

/** Named systems and the vendor under review, in phrasings of our own (not the evaluation's briefs). */

const read = (title: string, description = '') => readBrief({ title, description });
const names = async (title: string, description = '') => (await read(title, description)).things.map((thing) => thing.name);

describe('readBrief: the vendor, however the request names it', () => {
  it.each([
    ['Review Personio', '', 'Personio'],
    ['Assess Hooli Mail before renewal', '', 'Hooli Mail'],
    ['Vet Initech Payroll', 'They hold our salary data.', 'Initech Payroll'],
    ['Is Dropbox safe for our board papers?', '', 'Dropbox'],
    ['Are Pied Piper Storage OK for backups?', '', 'Pied Piper Storage'],
    ['Should we use Acme Signals for alerting?', '', 'Acme Signals'],
    ['Mailgun as a sub-processor', '', 'Mailgun'],
    ['Globex Analytics as our service provider', '', 'Globex Analytics'],
    ['Third-party assessment', 'Vendor: Umbrella Billing\n- stores invoices', 'Umbrella Billing'],
    ['Supplier check', 'Please run due diligence on Soylent Cloud for our HR data.', 'Soylent Cloud'],
    ['New tool for customer chat', 'Supplier: Freshdesk\n- EU hosting', 'Freshdesk'],
  ])('"%s" / "%s" → %s', async (title, description, vendor) => {
    expect((await read(title, description)).vendor).toBe(vendor);
  });

  it('never takes a generic word or an acronym for the vendor', async () => {
    for (const title of ['AI vendor review', 'New SaaS vendor assessment', 'IT supplier review']) {
      const vendor = (await read(title, 'We want to review our suppliers.')).vendor;
      expect(vendor === null || !/^(AI|SaaS|IT|New)$/.test(vendor)).toBe(true);
    }
  });

  it('names no vendor for a request that is not about one', async () => {
    expect((await read('Access control policy', 'We use Okta for SSO and host on AWS.')).vendor).toBeNull();
  });
});

describe('readBrief: named systems, as the client writes them', () => {
  it('keeps the client’s spelling and a product line', async () => {
    const found = await names(
      'Platform risks',
      'Our clusters run on GCP; marketing lives in Salesforce Marketing Cloud and code in GitHub Copilot-assisted repos.',
    );
    expect(found).toEqual(expect.arrayContaining(['GCP', 'Salesforce Marketing Cloud']));
    expect(found.some((name) => /copilot/i.test(name))).toBe(true);
  });

  it.each([
    ['The EHR is Epic and lab results come through its API.', 'Epic'],
    ['Storefront: Magento, payments through Braintree.', 'Braintree'],
    ['We pass events to Segment and fire the Meta Pixel on checkout.', 'Meta Pixel'],
    ['We forward click data to Segment for analytics.', 'Segment'],
    ['Nightly copies are made with Veeam.', 'Veeam'],
    ['The SOC is outsourced to Arctic Wolf.', 'Arctic Wolf'],
    ['Models are trained in SageMaker and served from Vertex AI.', 'SageMaker'],
    ['Campaigns run on Google Ads.', 'Google Ads'],
    ['Payroll is done by Gusto.', 'Gusto'],
  ])('"%s" names %s', async (sentence, name) => {
    expect(await names('Request', sentence)).toContain(name);
  });

  it('finds a product in brackets after what it does, not the label before it', async () => {
    const found = await names('Assets', 'Invoicing (Zuora Billing) and ticketing (Kayako) are in scope.');
    expect(found).toEqual(expect.arrayContaining(['Zuora Billing', 'Kayako']));
    expect(found).not.toContain('Invoicing');
  });

  it('does not take a common word for a product', async () => {
    const found = await names(
      'Network design',
      'Each network segment is reviewed; the epic in Jira tracks it. Zoom in on the firewall rules.',
    );
    expect(found).not.toContain('Segment');
    expect(found).not.toContain('Epic');
    expect(found).not.toContain('Zoom');
    expect(found).toContain('Jira');
  });

  it('reads named tools from an attached CSV, in the order the brief names them', async () => {
    const facts = await readBrief({
      title: 'Acceptable use of AI tools',
      description: 'Policy for the tools in the attached list.',
      attachments: [
        {
          name: 'tools.csv',
          mediaType: 'text/csv',
          bytes: new TextEncoder().encode('tool,owner\nGitHub Copilot,Engineering\nClaude Team (Anthropic),Legal\nTabnine,Engineering\n'),
        },
      ],
    });
    const found = facts.things.map((thing) => thing.name);
    expect(found).toEqual(expect.arrayContaining(['GitHub Copilot', 'Anthropic', 'Tabnine']));
  });
});
