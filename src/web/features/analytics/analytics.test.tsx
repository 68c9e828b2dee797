import { render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../../shared/constants.ts';
import { depthsReached, track, useFormTracking } from './analytics.ts';

function consent(analytics: boolean) {
  window.localStorage.setItem(
    STORAGE_KEYS.cookieConsent,
    JSON.stringify({ essential: true, functional: false, analytics, marketing: false, timestamp: new Date().toISOString() }),
  );
}

afterEach(() => {
  delete window.dataLayer;
});

describe('the data layer', () => {
  it('pushes nothing without stored consent, or with analytics refused', () => {
    expect(track({ event: 'button_click', button_name: 'Book Demo', location: 'hero' })).toBe(false);
    consent(false);
    expect(track({ event: 'button_click', button_name: 'Book Demo', location: 'hero' })).toBe(false);
    expect(window.dataLayer).toBeUndefined();
  });

  it('ignores a malformed consent record', () => {
    window.localStorage.setItem(STORAGE_KEYS.cookieConsent, JSON.stringify({ analytics: true }));
    expect(track({ event: 'form_submission', form_name: 'contact' })).toBe(false);
  });

  it('pushes typed events with a timestamp once analytics is allowed', () => {
    consent(true);
    track({ event: 'demo_interaction', action: 'next', category: 'tasks' });
    expect(window.dataLayer).toEqual([{ event: 'demo_interaction', action: 'next', category: 'tasks', timestamp: expect.any(String) }]);
  });
});

describe('scroll depth', () => {
  it('reports 25, 50, 75 and 100 percent thresholds', () => {
    expect(depthsReached(0, 800, 4_800)).toEqual([]);
    expect(depthsReached(1_000, 800, 4_800)).toEqual([25]);
    expect(depthsReached(2_000, 800, 4_800)).toEqual([25, 50]);
    expect(depthsReached(3_999.5, 800, 4_800)).toEqual([25, 50, 75, 100]);
    expect(depthsReached(0, 800, 600)).toEqual([25, 50, 75, 100]);
  });
});

function Form({ onReady }: { onReady: (tracking: ReturnType<typeof useFormTracking>) => void }) {
  onReady(useFormTracking('contact'));
  return null;
}

describe('form tracking', () => {
  it('fires form_start on the first name or e-mail entry only, and form_abandonment on leaving unsent', () => {
    consent(true);
    let tracking!: ReturnType<typeof useFormTracking>;
    render(<Form onReady={(value) => (tracking = value)} />);
    tracking.onFieldEdit('company', 'Acme', () => 1);
    tracking.onFieldEdit('email', ' ', () => 1);
    expect(window.dataLayer).toBeUndefined();
    tracking.onFieldEdit('email', 'a', () => 2);
    tracking.onFieldEdit('firstName', 'Ada', () => 3);
    window.dispatchEvent(new Event('pagehide'));
    window.dispatchEvent(new Event('beforeunload'));
    expect(window.dataLayer?.map(({ event }) => event)).toEqual(['form_start', 'form_abandonment']);
    expect(window.dataLayer?.[0]).toMatchObject({ form_name: 'contact', field: 'email' });
    expect(window.dataLayer?.[1]).toMatchObject({ fields_completed: 3 });
  });

  it('reports no abandonment after a successful send', () => {
    consent(true);
    let tracking!: ReturnType<typeof useFormTracking>;
    render(<Form onReady={(value) => (tracking = value)} />);
    tracking.onFieldEdit('firstName', 'Ada', () => 1);
    tracking.markSubmitted();
    window.dispatchEvent(new Event('pagehide'));
    expect(window.dataLayer?.map(({ event }) => event)).toEqual(['form_start']);
  });
});
