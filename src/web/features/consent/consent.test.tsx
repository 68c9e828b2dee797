import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../../shared/constants.ts';
import type { CookieConsent } from '../../../shared/schemas/consent.ts';
import { CONSENT_CHANGE_EVENT, ConsentProvider, hasConsent, parseConsent, readStoredConsent, useConsent } from './consent.tsx';

function Probe() {
  const consent = useConsent();
  return (
    <div>
      <p data-testid="banner">{consent.isBannerOpen ? `open:${consent.bannerView}` : 'closed'}</p>
      <p data-testid="analytics">{String(consent.hasConsent('analytics'))}</p>
      <button type="button" onClick={consent.acceptAll}>
        all
      </button>
      <button type="button" onClick={consent.acceptEssentialOnly}>
        essential
      </button>
      <button type="button" onClick={() => consent.savePreferences({ functional: true, analytics: false, marketing: true })}>
        save
      </button>
      <button type="button" onClick={consent.openPreferences}>
        settings
      </button>
    </div>
  );
}

function renderProbe() {
  return render(
    <ConsentProvider>
      <Probe />
    </ConsentProvider>,
  );
}

function stored(): CookieConsent | null {
  return readStoredConsent();
}

describe('cookie consent', () => {
  it('opens the banner on a first visit only', async () => {
    renderProbe();
    expect((await screen.findByText('open:simple')).textContent).toBe('open:simple');
  });

  it('stays closed when a choice is stored', async () => {
    window.localStorage.setItem(
      STORAGE_KEYS.cookieConsent,
      JSON.stringify({ essential: true, functional: false, analytics: true, marketing: false, timestamp: '2026-01-01T00:00:00.000Z' }),
    );
    renderProbe();
    expect((await screen.findByTestId('analytics')).textContent).toBe('true');
    expect(screen.getByTestId('banner').textContent).toBe('closed');
  });

  it('Accept All stores all four true with a timestamp and announces the change', async () => {
    const events: CookieConsent[] = [];
    const listener = (event: Event) => events.push((event as CustomEvent<CookieConsent>).detail);
    window.addEventListener(CONSENT_CHANGE_EVENT, listener);
    renderProbe();
    await userEvent.click(screen.getByRole('button', { name: 'all' }));
    expect(stored()).toEqual({ essential: true, functional: true, analytics: true, marketing: true, timestamp: expect.any(String) });
    expect(Number.isNaN(Date.parse(stored()?.timestamp ?? ''))).toBe(false);
    expect(screen.getByTestId('banner').textContent).toBe('closed');
    expect(events).toHaveLength(1);
    expect(events[0]?.analytics).toBe(true);
    window.removeEventListener(CONSENT_CHANGE_EVENT, listener);
  });

  it('Essential Only stores essential alone', async () => {
    renderProbe();
    await userEvent.click(screen.getByRole('button', { name: 'essential' }));
    expect(stored()).toMatchObject({ essential: true, functional: false, analytics: false, marketing: false });
    expect(hasConsent('analytics')).toBe(false);
    expect(hasConsent('essential')).toBe(true);
  });

  it('Save Preferences stores the chosen set', async () => {
    renderProbe();
    await userEvent.click(screen.getByRole('button', { name: 'save' }));
    expect(stored()).toMatchObject({ essential: true, functional: true, analytics: false, marketing: true });
    expect(hasConsent('marketing')).toBe(true);
    expect(hasConsent('analytics')).toBe(false);
  });

  it("'Cookie settings' reopens the Customize view", async () => {
    renderProbe();
    await userEvent.click(screen.getByRole('button', { name: 'essential' }));
    await userEvent.click(screen.getByRole('button', { name: 'settings' }));
    expect(screen.getByTestId('banner').textContent).toBe('open:customize');
  });

  it('treats a damaged or non-essential record as no consent', () => {
    expect(
      parseConsent({ essential: false, functional: true, analytics: true, marketing: true, timestamp: '2026-01-01T00:00:00.000Z' }),
    ).toBeNull();
    expect(parseConsent('yes')).toBeNull();
    window.localStorage.setItem(STORAGE_KEYS.cookieConsent, '{not json');
    expect(readStoredConsent()).toBeNull();
    expect(hasConsent('analytics')).toBe(false);
  });

  it('throws outside its provider', () => {
    expect(() => render(<Probe />)).toThrow('useConsent must be used within a ConsentProvider');
  });
});
