import { describe, expect, it } from 'vitest';
import { readBrief } from './read-brief.ts';

/**
 * The reader on the shapes a held-out brief uses: gaps as "Label: value" bullets, a pronoun that
 * points back at the clause before, frameworks set aside in conversational wording, and requirement
 * parts listed in parentheses or after a colon. Each shape is checked in several invented wordings.
 */

const read = (description: string, frameworks: string[] = []) => readBrief({ title: 'Request', description, frameworks });
const topics = (list: { topic: string }[]) => list.map((entry) => entry.topic);

describe('readBrief: gaps stated as labels, negations and pronouns', () => {
  it.each([
    ['- Internal audits: not yet scheduled', 'internal audit'],
    ['* Management review — never held so far', 'management review'],
    ['- Quarterly ASV scans: never run', 'vulnerability management'],
    ['External scans have not been performed this year.', 'vulnerability management'],
    ['- Do Not Sell link: none on the site', 'opt-out of sale and sharing'],
    ['We do not honour Global Privacy Control signals.', 'opt-out of sale and sharing'],
    ['- Model validation: informal, nothing written down', 'AI verification and validation'],
    ['- Training data quality: no checks at all', 'AI data quality'],
    ['No algorithmic impact assessment exists for the scoring model.', 'AI impact assessment'],
    ['Nobody looks at the firewall logs.', 'log review'],
    ['Application logs are never reviewed by anyone.', 'log review'],
    ['We collect logs in Datadog but nobody goes through the logs.', 'log review'],
    ['No formal risk analysis has ever been carried out.', 'risk assessment'],
    ['There is no asset register of any kind.', 'asset inventory'],
    ['Suppliers are never vetted before we sign.', 'vendor management'],
  ])('"%s" is a gap about %s', async (sentence, topic) => {
    const facts = await read(sentence);
    expect(topics(facts.gaps)).toContain(topic);
    expect(topics(facts.strengths)).not.toContain(topic);
  });

  it.each([
    ['We drafted a disaster recovery plan last year, but it was never exercised.', 'business continuity and disaster recovery'],
    ['There is an incident playbook, though it has not been tested.', 'incident response'],
    ['Our backups are configured, but they have never been restored.', 'backups and restore testing'],
  ])('"%s": the qualification through a pronoun makes the topic a gap, not a strength', async (sentence, topic) => {
    const facts = await read(sentence);
    expect(topics(facts.gaps)).toContain(topic);
    expect(topics(facts.strengths)).not.toContain(topic);
  });

  it('keeps a clause with its own topic apart from the clause before', async () => {
    const facts = await read('SSO is enforced through Entra ID, but restores were never tested.');
    expect(topics(facts.strengths)).toEqual(['single sign-on']);
    expect(topics(facts.gaps)).toEqual(['backups and restore testing']);
  });
});

describe('readBrief: frameworks put out of scope in conversational wording', () => {
  it.each([
    ["We aren't going after ISO 27001 this year, only SOC 2.", 'iso27001'],
    ['Please leave HIPAA out of the assessment.', 'hipaa'],
    ['Leave out PCI DSS, we never touch card data.', 'pci'],
    ['GDPR can be left out for this one.', 'gdpr'],
    ['No SOC 2 for now: the focus is ISO 27001.', 'soc2'],
    ['Skip CCPA entirely.', 'ccpa'],
    ["ISO 27001 isn't a priority.", 'iso27001'],
    ['We are no longer pursuing HIPAA.', 'hipaa'],
  ])('"%s" puts %s out of scope', async (sentence, framework) => {
    const facts = await read(sentence);
    expect(facts.outOfScope.map((entry) => entry.framework)).toContain(framework);
    expect(facts.frameworks).not.toContain(framework);
  });

  it.each(['We have no SOC 2 report yet.', 'We are not doing access reviews for SOC 2.', 'The SOC 2 audit left out nothing.'])(
    '"%s" keeps the framework in scope',
    async (sentence) => {
      const facts = await read(sentence);
      expect(facts.outOfScope).toEqual([]);
    },
  );
});

describe('readBrief: requirement parts listed under a group', () => {
  it('reads every PCI DSS part in parentheses and after a colon', async () => {
    const inParentheses = await read('PCI DSS evidence for Requirement 8 (passwords 8.3.6, MFA into the CDE 8.4.2).');
    expect(inParentheses.references.map((reference) => reference.citation)).toEqual([
      'PCI DSS Req. 8',
      'PCI DSS Req. 8.3.6',
      'PCI DSS Req. 8.4.2',
    ]);
    const afterColon = await read('For PCI DSS, Req. 11: 11.3.2 and 11.4.1 please.');
    expect(afterColon.references.map((reference) => reference.citation)).toEqual([
      'PCI DSS Req. 11',
      'PCI DSS Req. 11.3.2',
      'PCI DSS Req. 11.4.1',
    ]);
  });

  it('reads ISO 27001 Annex A parts and GDPR article lists', async () => {
    const iso = await read('ISO 27001 Annex A 5 (5.15, A.5.16 and 5.18) is what the auditor flagged.');
    expect(iso.references.map((reference) => reference.citation)).toEqual(['ISO 27001 A.5.15', 'ISO 27001 A.5.16', 'ISO 27001 A.5.18']);
    const gdpr = await read('GDPR: cover transfers (Art. 44, 46) too.');
    expect(gdpr.references.map((reference) => reference.citation)).toEqual(['GDPR Art. 44', 'GDPR Art. 46']);
  });

  it('does not read numbers that are not parts of the group', async () => {
    const facts = await read('PCI DSS Requirement 10 (we keep 2.5 TB of logs, reviewed by 3.2 people on average).');
    expect(facts.references.map((reference) => reference.citation)).toEqual(['PCI DSS Req. 10']);
  });
});
