import { describe, expect, it } from 'vitest';
import { publicConfig, telHref } from './public-config.ts';

describe('the public site configuration', () => {
  it('has working defaults when nothing is set at build time', () => {
    expect(publicConfig.schedulingUrl).toBe('https://cal.com/compliancecore/consultation');
    expect(publicConfig.salesPhone).toBe('+1 (555) 010-2400');
    expect(publicConfig.salesPhoneHref).toBe('tel:+15550102400');
    expect(publicConfig.pressUrl).toBe('/knowledge-base');
  });

  it('turns a displayed number into a dialable tel: link', () => {
    expect(telHref('+44 20 7946 0958')).toBe('tel:+442079460958');
  });
});
