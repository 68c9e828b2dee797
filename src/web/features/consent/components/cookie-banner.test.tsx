import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../../../shared/constants.ts';
import { CONSENT_BOOT_SCRIPT, CONSENT_CHOSEN_ATTRIBUTE, ConsentProvider, readStoredConsent, useConsent } from '../consent.tsx';
import { PRESENTATION_CLASS, PresentationModeProvider } from '../../presentation/presentation-mode.tsx';
import { BANNER_SPACE_PROPERTY, CookieBanner } from './cookie-banner.tsx';

function SettingsLink() {
  const { openPreferences } = useConsent();
  return (
    <button type="button" onClick={openPreferences}>
      Cookie settings
    </button>
  );
}

function renderBanner() {
  return render(
    <MemoryRouter>
      <PresentationModeProvider>
        <ConsentProvider>
          <SettingsLink />
          <CookieBanner />
        </ConsentProvider>
      </PresentationModeProvider>
    </MemoryRouter>,
  );
}

afterEach(() => {
  document.documentElement.classList.remove(PRESENTATION_CLASS);
  document.documentElement.removeAttribute(CONSENT_CHOSEN_ATTRIBUTE);
});
// The Customize view is loaded on demand; load it once up front so the tests do not wait on it.
beforeAll(() => import('./cookie-preferences.tsx'));

describe('prerendered cookie banner', () => {
  const choice = JSON.stringify({
    essential: true,
    functional: false,
    analytics: true,
    marketing: false,
    timestamp: '2026-01-02T03:04:05.000Z',
  });

  it('is in the prerendered HTML, marked as the first-visit banner', () => {
    const html = renderToString(
      <MemoryRouter>
        <PresentationModeProvider>
          <ConsentProvider>
            <CookieBanner />
          </ConsentProvider>
        </PresentationModeProvider>
      </MemoryRouter>,
    );
    expect(html).toContain('We value your privacy');
    expect(html).toMatch(/data-testid="cookie-banner"[^>]*data-first-visit=""/);
  });

  it('the boot script marks <html> only when a choice is stored', () => {
    new Function(CONSENT_BOOT_SCRIPT)();
    expect(document.documentElement.hasAttribute(CONSENT_CHOSEN_ATTRIBUTE)).toBe(false);
    localStorage.setItem(STORAGE_KEYS.cookieConsent, 'not json');
    new Function(CONSENT_BOOT_SCRIPT)();
    expect(document.documentElement.hasAttribute(CONSENT_CHOSEN_ATTRIBUTE)).toBe(false);
    localStorage.setItem(STORAGE_KEYS.cookieConsent, choice);
    new Function(CONSENT_BOOT_SCRIPT)();
    expect(document.documentElement.hasAttribute(CONSENT_CHOSEN_ATTRIBUTE)).toBe(true);
  });

  it('the app clears the mark when the stored record is not a valid choice, and shows the banner', async () => {
    localStorage.setItem(STORAGE_KEYS.cookieConsent, JSON.stringify({ essential: true, timestamp: 'yesterday' }));
    new Function(CONSENT_BOOT_SCRIPT)();
    expect(document.documentElement.hasAttribute(CONSENT_CHOSEN_ATTRIBUTE)).toBe(true);
    renderBanner();
    await screen.findByRole('region', { name: 'We value your privacy' });
    expect(document.documentElement.hasAttribute(CONSENT_CHOSEN_ATTRIBUTE)).toBe(false);
  });

  it('a reopened banner is not the first-visit banner (the mark does not hide it)', async () => {
    localStorage.setItem(STORAGE_KEYS.cookieConsent, choice);
    renderBanner();
    expect(screen.queryByTestId('cookie-banner')).toBeNull();
    expect(document.documentElement.hasAttribute(CONSENT_CHOSEN_ATTRIBUTE)).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Cookie settings' }));
    const banner = await screen.findByTestId('cookie-banner');
    expect(banner.hasAttribute('data-first-visit')).toBe(false);
  });
});

describe('cookie banner', () => {
  it('shows the simple view with the policy links on a first visit', async () => {
    renderBanner();
    const banner = await screen.findByRole('region', { name: 'We value your privacy' });
    expect(within(banner).getByRole('link', { name: 'Cookie Policy' }).getAttribute('href')).toBe('/cookie-policy');
    expect(within(banner).getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/privacy-policy');
    for (const name of ['Customize', 'Essential Only', 'Accept All']) within(banner).getByRole('button', { name });
  });

  it('Accept All stores every category and hides the banner', async () => {
    renderBanner();
    await userEvent.click(await screen.findByRole('button', { name: 'Accept All' }));
    expect(readStoredConsent()).toMatchObject({ essential: true, functional: true, analytics: true, marketing: true });
    expect(screen.queryByTestId('cookie-banner')).toBeNull();
  });

  it('the close X means essential only before any choice', async () => {
    renderBanner();
    await userEvent.click(await screen.findByRole('button', { name: 'Close and allow essential cookies only' }));
    expect(readStoredConsent()).toMatchObject({ functional: false, analytics: false, marketing: false });
    expect(screen.queryByTestId('cookie-banner')).toBeNull();
  });

  it('Customize offers three switches, essential locked as Always Active, and saves the chosen set', async () => {
    renderBanner();
    await userEvent.click(await screen.findByRole('button', { name: 'Customize' }));
    const banner = await screen.findByRole('region', { name: 'Cookie preferences' });
    within(banner).getByText('Always Active');
    const switches = within(banner).getAllByRole('switch');
    expect(switches.map((item) => item.getAttribute('aria-checked'))).toEqual(['false', 'false', 'false']);
    await userEvent.click(within(banner).getByRole('switch', { name: 'Analytics' }));
    await userEvent.click(within(banner).getByRole('button', { name: 'Save Preferences' }));
    expect(readStoredConsent()).toMatchObject({ essential: true, functional: false, analytics: true, marketing: false });
    expect(screen.queryByTestId('cookie-banner')).toBeNull();
  });

  it("'Cookie settings' reopens Customize with the stored choice; closing it changes nothing", async () => {
    window.localStorage.setItem(
      STORAGE_KEYS.cookieConsent,
      JSON.stringify({ essential: true, functional: true, analytics: false, marketing: true, timestamp: '2026-01-01T00:00:00.000Z' }),
    );
    renderBanner();
    expect(screen.queryByTestId('cookie-banner')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Cookie settings' }));
    const banner = await screen.findByRole('region', { name: 'Cookie preferences' });
    expect(document.activeElement?.textContent).toBe('Cookie preferences');
    expect(within(banner).getByRole('switch', { name: 'Functional' }).getAttribute('aria-checked')).toBe('true');
    expect(within(banner).getByRole('switch', { name: 'Marketing' }).getAttribute('aria-checked')).toBe('true');
    await userEvent.click(within(banner).getByRole('button', { name: 'Close cookie settings' }));
    expect(readStoredConsent()).toMatchObject({
      functional: true,
      analytics: false,
      marketing: true,
      timestamp: '2026-01-01T00:00:00.000Z',
    });
  });

  it('stays hidden in presentation mode', async () => {
    window.localStorage.setItem(STORAGE_KEYS.presentationMode, 'true');
    renderBanner();
    await screen.findByRole('button', { name: 'Cookie settings' });
    expect(document.documentElement.classList.contains(PRESENTATION_CLASS)).toBe(true);
    expect(screen.queryByTestId('cookie-banner')).toBeNull();
  });
});

describe('the room the banner keeps', () => {
  const BANNER_HEIGHT = 212.4;
  const ESSENTIAL_RECORD = {
    essential: true,
    functional: false,
    analytics: false,
    marketing: false,
    timestamp: '2026-01-01T00:00:00.000Z',
  };
  const keptRoom = () => document.documentElement.style.getPropertyValue(BANNER_SPACE_PROPERTY);

  // jsdom lays nothing out: the banner measures what a phone would draw it at, everything else 0.
  function layOutBanner() {
    const measure = HTMLElement.prototype.getBoundingClientRect;
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      return this.dataset.testid === 'cookie-banner' ? DOMRect.fromRect({ width: 390, height: BANNER_HEIGHT }) : measure.call(this);
    });
  }
  afterEach(() => vi.restoreAllMocks());

  it('is the banner’s height while it shows on a first visit, and none once the visitor chooses', async () => {
    layOutBanner();
    renderBanner();
    await screen.findByRole('region', { name: 'We value your privacy' });
    expect(keptRoom()).toBe('213px');
    await userEvent.click(screen.getByRole('button', { name: 'Essential Only' }));
    expect(screen.queryByTestId('cookie-banner')).toBeNull();
    expect(keptRoom()).toBe('');
  });

  it('is none for a visitor who has chosen, and the banner’s height again while reopened from Cookie settings', async () => {
    layOutBanner();
    localStorage.setItem(STORAGE_KEYS.cookieConsent, JSON.stringify(ESSENTIAL_RECORD));
    renderBanner();
    expect(keptRoom()).toBe('');
    await userEvent.click(screen.getByRole('button', { name: 'Cookie settings' }));
    await screen.findByRole('region', { name: 'Cookie preferences' });
    expect(keptRoom()).toBe('213px');
    await userEvent.click(screen.getByRole('button', { name: 'Close cookie settings' }));
    expect(keptRoom()).toBe('');
  });

  it('is none in presentation mode, where the banner stays hidden', async () => {
    layOutBanner();
    localStorage.setItem(STORAGE_KEYS.presentationMode, 'true');
    renderBanner();
    await screen.findByRole('button', { name: 'Cookie settings' });
    expect(screen.queryByTestId('cookie-banner')).toBeNull();
    expect(keptRoom()).toBe('');
  });
});
