import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../tests/test-database.ts';
import { seedContent } from '../content/content.service.ts';
import { findCatalogueRequirements } from './advisor-catalogue.ts';
import { extractReferences } from './advisor-references.ts';
import { analyzeQuestion, retrieveDocuments } from './advisor-retrieval.ts';
import { askAdvisor } from './advisor.service.ts';
import { userPrompt } from './providers/openai-prompt.ts';
import { createBuiltinProvider } from './providers/builtin-provider.ts';

/**
 * The advisor answers the question asked (issue 33, item 6): for a question about one obligation, the
 * first sentence answers it from the requirement that governs it, and only related material follows,
 * on the real content/ and catalogue, across frameworks.
 */
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  await seedContent(database.db);
}, 120_000);
afterAll(() => database.dispose());

const provider = createBuiltinProvider();
const ask = (message: string) =>
  askAdvisor(database.db, provider, { userId: crypto.randomUUID(), input: { message, mode: 'general', context: {} } });

/** Question → the requirement that governs it, and words its first sentence must hold. */
const CASES: { question: string; governing: string; says: RegExp }[] = [
  { question: 'What does GDPR Article 33 require?', governing: 'GDPR Art. 33', says: /72 hours/ },
  { question: 'How often must PCI DSS passwords change?', governing: 'PCI DSS Req. 8.3.9', says: /every 90 days/ },
  { question: 'What does HIPAA require for audit controls?', governing: 'HIPAA §164.312(b)', says: /record and examine activity/ },
  { question: 'What does SOC 2 CC6.1 require?', governing: 'SOC 2 CC6.1', says: /logical access/i },
  { question: 'When do we need a DPIA under GDPR?', governing: 'GDPR Art. 35', says: /high risk/ },
  { question: 'How often should PCI DSS external vulnerability scans run?', governing: 'PCI DSS Req. 11.3.2', says: /every three months/ },
  { question: 'What does CCPA require for the right to know?', governing: 'CCPA §1798.110', says: /right to request/ },
  { question: 'What does ISO 27001 say about internal audits?', governing: 'ISO 27001 Clause 9.2', says: /audit/i },
  { question: 'What must a HIPAA business associate contract contain?', governing: 'HIPAA §164.314(a)', says: /safeguard ePHI/ },
  // Tier 2 (issue 39): the EU acts cited down to paragraph and point.
  { question: 'What does NIS2 Art. 21(2)(d) require?', governing: 'NIS2 Art. 21(2)(d)', says: /supply chain/ },
  { question: 'What does DORA Article 19 require?', governing: 'DORA Art. 19', says: /major ICT-related incidents/ },
  { question: 'What does the EU AI Act Article 14 require?', governing: 'EU AI Act Art. 14', says: /oversee/ },
];

const firstParagraph = (message: string) => message.split('\n\n')[0] ?? '';

describe('the advisor on a question about one obligation', () => {
  for (const { question, governing, says } of CASES) {
    it(`answers “${question}” first, from ${governing}`, async () => {
      const reply = await ask(question);
      const first = firstParagraph(reply.message);
      expect(first.startsWith('Under **'), first).toBe(true);
      expect(first).toContain(governing);
      expect(first).toMatch(says);
      expect(reply.references?.[0]?.startsWith(governing)).toBe(true);
      // Only related material follows: every framework cited is the one asked about (a control's
      // "also counts for" line names others on purpose, so references are what is checked).
      const framework = governing.split(/ (?=Art\.|Req\.|§|CC|Clause)/)[0] ?? governing;
      for (const reference of reply.references ?? []) expect(reference.startsWith(framework), `${question}: ${reference}`).toBe(true);
      // A guidance point naming other frameworks is there only because it speaks of the governing requirement too.
      const guidance = reply.message.split('What our guidance adds:')[1]?.split('**Framework references:**')[0] ?? '';
      for (const point of guidance.split('\n').filter((line) => line.startsWith('- '))) {
        const cited = extractReferences(point);
        if (cited.some((reference) => !reference.startsWith(framework))) {
          expect(
            cited.some((reference) => reference.startsWith(governing)),
            `${question}: ${point}`,
          ).toBe(true);
        }
      }
    });
  }

  it('puts the question’s own reference first in the catalogue hits, above any word match', async () => {
    const analysis = analyzeQuestion('What does GDPR Art. 32 say about encryption and breach notification?');
    const hits = await findCatalogueRequirements(database.db, analysis);
    expect(hits[0]).toMatchObject({ citation: 'GDPR Art. 32', explicit: true });
  });

  it('marks the governing requirement first for the openai provider, and other frameworks’ pages come last', async () => {
    const message = 'How often must PCI DSS passwords change?';
    const analysis = analyzeQuestion(message);
    const [catalogue, documents] = await Promise.all([
      findCatalogueRequirements(database.db, analysis),
      retrieveDocuments(database.db, analysis),
    ]);
    const prompt = userPrompt({
      message,
      mode: 'general',
      context: {},
      analysis,
      documents,
      catalogue,
      programme: null,
      wantsSuggestion: false,
    });
    const first = /<document index="1"([^>]*)>/.exec(prompt)?.[1] ?? '';
    expect(first).toContain('governing="true"');
    expect(first).toContain('PCI DSS Req. 8.3.9');
    const frameworks = [...prompt.matchAll(/<document index="\d+"[^>]*url="([^"]+)"/g)].map((match) => match[1] ?? '');
    const otherPages = frameworks.map((url, index) => ({ url, index })).filter(({ url }) => /^\/compliance\/(?!pci)/.test(url));
    const pciPages = frameworks.map((url, index) => ({ url, index })).filter(({ url }) => url === '/compliance/pci-dss');
    for (const page of otherPages) for (const pci of pciPages) expect(page.index).toBeGreaterThan(pci.index);
  });
});
