import { describe, expect, it } from 'vitest';
import { asksAboutOwnProgramme } from './advisor-programme.ts';
import { programmeAnswer } from './providers/builtin-programme-answer.ts';

describe('asksAboutOwnProgramme', () => {
  it('tells a question about the client’s own programme from one about a framework', () => {
    expect(asksAboutOwnProgramme('Where do we stand on SOC 2?')).toBe(true);
    expect(asksAboutOwnProgramme('Is any of our evidence stale?')).toBe(true);
    expect(asksAboutOwnProgramme('How far are we from our ISO 27001 audit?')).toBe(true);
    expect(asksAboutOwnProgramme('What is SOC 2?')).toBe(false);
    expect(asksAboutOwnProgramme('Which ISO 27001 control covers data masking?')).toBe(false);
    expect(asksAboutOwnProgramme('Do we need a risk register for SOC 2?')).toBe(false);
  });
});

describe('programmeAnswer', () => {
  it('speaks in sentences from the client’s own figures, gaps and evidence', () => {
    const { lines, references } = programmeAnswer({
      organizationName: 'Acme',
      frameworks: [
        {
          name: 'SOC 2',
          score: 40,
          met: 2,
          partial: 1,
          notMet: 3,
          targetDate: '2027-03-31',
          gaps: [{ citation: 'SOC 2 CC6.1', title: 'Logical access', reason: 'IAM-05 has no fresh evidence' }],
        },
      ],
      controls: { implemented: 2, not_started: 5 },
      expiring: [{ title: 'Access review Q3', expiresAt: '2026-12-01T00:00:00.000Z' }],
      stale: [{ title: 'Pen test 2025' }],
    });
    const text = lines.join('\n');
    expect(text).toContain('Here is where Acme stands');
    expect(text).toContain('**SOC 2: 40% ready.** 2 requirements met, 1 partly met and 3 not met. Your target date is 2027-03-31.');
    expect(text).toContain('SOC 2 CC6.1 Logical access (IAM-05 has no fresh evidence)');
    expect(text).toContain('Your controls in scope: 5 not started, 2 implemented.');
    expect(text).toContain('Pen test 2025');
    expect(text).toContain('Access review Q3 (2026-12-01)');
    expect(references).toEqual(['SOC 2 CC6.1']);
  });

  it('says there is nothing to report before a framework is activated', () => {
    const { lines } = programmeAnswer({ organizationName: 'Acme', frameworks: [], controls: {}, expiring: [], stale: [] });
    expect(lines.join(' ')).toContain('Acme has not activated a framework yet');
  });
});
