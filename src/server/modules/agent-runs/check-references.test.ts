import { describe, expect, it } from 'vitest';
import { checkDraftReferences, referenceProblems } from './check-references.ts';
import type { DraftResult } from './providers/agent-provider.ts';

/** The one reference check both providers' drafts pass through before review. */

const context = { frameworks: ['soc2', 'gdpr'] as const, outOfScope: ['hipaa'] as const };

function draft(body: string, extra: Partial<DraftResult> = {}): DraftResult {
  return {
    title: 'Access policy',
    confidence: 70,
    summary: 'A policy.',
    keyFindings: ['Covers SOC 2 CC6.1.'],
    riskScore: 40,
    recommendations: ['Review quarterly.'],
    body,
    sources: [
      { kind: 'framework_requirement', ref: 'SOC 2 CC6.1', title: 'Logical access' },
      { kind: 'framework_requirement', ref: 'SOC 2 CC6.19', title: 'Invented' },
    ],
    provider: 'openai',
    model: 'test',
    inputTokens: null,
    outputTokens: null,
    ...extra,
  };
}

describe('referenceProblems', () => {
  it('lists the citations the catalogue does not hold and those out of scope', () => {
    const problems = referenceProblems(
      'Access is restricted (SOC 2 CC6.1, SOC 2 CC6.19). GDPR Art. 32 and Art. 150 apply. HIPAA §164.312(b) too. ISO 27001 A.9.9.',
      { frameworks: [...context.frameworks], outOfScope: [...context.outOfScope] },
    );
    expect(problems.unknown).toEqual(['SOC 2 CC6.19', 'GDPR Art. 150', 'ISO 27001 A.9.9']);
    expect(problems.outOfScope).toEqual(['HIPAA §164.312(b)']);
  });

  it('accepts a paragraph cited finer or coarser than the catalogue holds it, and clause citations', () => {
    const problems = referenceProblems('GDPR Art. 32(1)(b); HIPAA §164.314(a); ISO 27001 Clause 9.2; CCPA §1798.105.', {
      frameworks: ['gdpr', 'hipaa', 'iso27001', 'ccpa'],
      outOfScope: [],
    });
    expect(problems).toEqual({ unknown: [], outOfScope: [] });
  });
});

describe('checkDraftReferences', () => {
  it('removes the rows, items and sentences that carry a bad citation, and says which', () => {
    const body = [
      '# Access policy',
      '',
      'Access is restricted to named users (SOC 2 CC6.1). Keys rotate yearly (SOC 2 CC6.19). Reviews are quarterly.',
      '',
      '| Statement | Requirement |',
      '| --- | --- |',
      '| Access | SOC 2 CC6.1 |',
      '| Health data | HIPAA §164.312(b) |',
      '',
      '- Encrypt laptops (GDPR Art. 32).',
      '- Keep logs (GDPR Art. 150).',
    ].join('\n');
    const checked = checkDraftReferences(draft(body, { keyFindings: ['Covers SOC 2 CC6.1.', 'Invented SOC 2 CC6.19.'] }), {
      frameworks: [...context.frameworks],
      outOfScope: [...context.outOfScope],
    });
    expect(checked.removed).toEqual(['SOC 2 CC6.19', 'GDPR Art. 150', 'HIPAA §164.312(b)']);
    expect(checked.draft.body).toBe(
      [
        '# Access policy',
        '',
        'Access is restricted to named users (SOC 2 CC6.1). Reviews are quarterly.',
        '',
        '| Statement | Requirement |',
        '| --- | --- |',
        '| Access | SOC 2 CC6.1 |',
        '',
        '- Encrypt laptops (GDPR Art. 32).',
      ].join('\n'),
    );
    expect(checked.draft.keyFindings).toEqual(['Covers SOC 2 CC6.1.']);
    expect(checked.draft.sources.map((source) => source.ref)).toEqual(['SOC 2 CC6.1']);
  });

  it('leaves a clean draft exactly as it was', () => {
    const clean = draft('Access is restricted (SOC 2 CC6.1).', { sources: [] });
    expect(checkDraftReferences(clean, { frameworks: ['soc2'], outOfScope: [] })).toEqual({ draft: clean, removed: [] });
  });
});
