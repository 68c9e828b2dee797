import { describe, expect, it } from 'vitest';
import { MAX_INPUT_LENGTH } from '../../../shared/constants.ts';
import { consultationHref, readConsultationLink, withoutConsultationLink } from './consultation-link.ts';

describe('consultation links', () => {
  it('round-trip a message and a plan of interest through the landing page URL', () => {
    const href = consultationHref({ message: 'From the ROI calculator:\n- Employees: 120', interest: 'growth' });
    expect(href.startsWith('/?')).toBe(true);
    expect(href.endsWith('#contact')).toBe(true);
    const params = new URL(href, 'http://localhost').searchParams;
    expect(readConsultationLink(params)).toEqual({ message: 'From the ROI calculator:\n- Employees: 120', interest: 'growth' });
  });

  it('ignore a link without a message, drop an unknown interest and cut a long message', () => {
    expect(readConsultationLink(new URLSearchParams('interest=growth'))).toBeNull();
    expect(readConsultationLink(new URLSearchParams('consultation=%20%20'))).toBeNull();
    expect(readConsultationLink(new URLSearchParams('consultation=Hi&interest=platinum'))).toEqual({ message: 'Hi' });
    const long = readConsultationLink(new URLSearchParams({ consultation: 'x'.repeat(MAX_INPUT_LENGTH + 50) }));
    expect(long?.message).toHaveLength(MAX_INPUT_LENGTH);
  });

  it('leave other parameters in place when the prefill is taken', () => {
    const rest = withoutConsultationLink(new URLSearchParams('consultation=Hi&interest=scale&utm_source=roi'));
    expect(rest.toString()).toBe('utm_source=roi');
  });
});
