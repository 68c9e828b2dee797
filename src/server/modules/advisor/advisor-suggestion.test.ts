import { describe, expect, it } from 'vitest';
import { buildSuggestion } from './advisor-suggestion.ts';

const LONG_POINT =
  'Access reviews confirm that every account still belongs to someone who needs it, and that the access it grants matches the job the person does today, which auditors test by sampling accounts, their groups and their entitlements across the whole period under review, system by system. Keep the evidence of each review.';

describe('buildSuggestion', () => {
  it('writes the description (a plan step’s and a workflow’s) in complete sentences, never cut with "…"', () => {
    const suggestion = buildSuggestion({
      question: 'Help us set up quarterly access reviews for SOC 2',
      fallbackTopic: 'access reviews',
      keyPoints: [LONG_POINT, 'Export user lists from every system in scope', `${'Owners sign off. '.repeat(30).trim()}`],
      references: ['SOC 2 CC6.3'],
      sourceTitles: ['Access reviews'],
    });
    expect(suggestion.description).not.toContain('…');
    const bullets = suggestion.description.split('\n').filter((line) => line.startsWith('- '));
    expect(bullets).toHaveLength(3);
    for (const bullet of bullets) expect(bullet).toMatch(/[.!?]$/);
    // The long first sentence is kept whole; the sentence after it is dropped, not cut.
    expect(bullets[0]).toBe(`- ${LONG_POINT.slice(0, LONG_POINT.indexOf(' Keep'))}`);
    expect(bullets[1]).toBe('- Export user lists from every system in scope.');
    expect(suggestion.description).toContain('References: SOC 2 CC6.3.');
    expect(suggestion.description.length).toBeLessThanOrEqual(1500);
  });
});
