import { createContext, type ReactNode, use, useCallback, useEffect, useMemo, useState } from 'react';
import { STORAGE_KEYS } from '../../../shared/constants.ts';
import type { ConsentCategory, CookieConsent } from '../../../shared/schemas/consent.ts';
import { readJson, writeStorage } from '../../lib/storage.ts';

/**
 * Cookie consent (product.md §3, §4): the record {essential, functional, analytics, marketing, timestamp}
 * lives under `cookie-consent`. Nothing non-essential may run until it says so: code outside React
 * (the analytics data layer) calls `hasConsent()` and listens for CONSENT_CHANGE_EVENT.
 */

export type ConsentChoice = Pick<CookieConsent, ConsentCategory>;
export type BannerView = 'simple' | 'customize';

/** Fired on window with the new record as `detail` whenever the visitor chooses. */
export const CONSENT_CHANGE_EVENT = 'cookie-consent-change';

/** zod's `datetime()` default: UTC with a `Z`, optional fraction of a second. */
const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?Z$/;

/**
 * The stored record when it has the shape of cookieConsentSchema (src/shared/schemas/consent.ts),
 * checked by hand: every page reads it at start-up, and zod is no part of a page's start-up.
 */
export function parseConsent(value: unknown): CookieConsent | null {
  if (!value || typeof value !== 'object') return null;
  const record = value as Record<string, unknown>;
  const { essential, functional, analytics, marketing, timestamp } = record;
  if (essential !== true || typeof timestamp !== 'string' || !ISO_UTC.test(timestamp)) return null;
  if (typeof functional !== 'boolean' || typeof analytics !== 'boolean' || typeof marketing !== 'boolean') return null;
  return { essential, functional, analytics, marketing, timestamp };
}

export function readStoredConsent(): CookieConsent | null {
  return readJson(STORAGE_KEYS.cookieConsent, parseConsent);
}

/** Set on <html> while a choice is stored: the prerendered first-visit banner stays hidden. */
export const CONSENT_CHOSEN_ATTRIBUTE = 'data-consent-chosen';

/**
 * Runs before first paint, inline in <head> (its hash goes into the page's CSP; it must stay
 * self-contained): every prerendered page carries the first-visit banner, so a visitor who has
 * chosen must not see it until the app starts and closes it. Same rule as parseConsent, in short;
 * the ConsentProvider sets or clears the attribute by parseConsent's verdict once it has read storage.
 */
export const CONSENT_BOOT_SCRIPT = `try{var c=JSON.parse(localStorage.getItem(${JSON.stringify(STORAGE_KEYS.cookieConsent)}));if(c&&c.essential===true&&typeof c.timestamp==='string')document.documentElement.setAttribute(${JSON.stringify(CONSENT_CHOSEN_ATTRIBUTE)},'')}catch(e){}`;

/** Essential is always allowed; every other category only with a stored yes. */
export function hasConsent(category: ConsentCategory | 'essential', consent = readStoredConsent()): boolean {
  if (category === 'essential') return true;
  return consent?.[category] === true;
}

export function createConsentRecord(choice: ConsentChoice, now = new Date()): CookieConsent {
  return {
    essential: true,
    functional: choice.functional,
    analytics: choice.analytics,
    marketing: choice.marketing,
    timestamp: now.toISOString(),
  };
}

export const ALL_ACCEPTED: ConsentChoice = { functional: true, analytics: true, marketing: true };
export const ESSENTIAL_ONLY: ConsentChoice = { functional: false, analytics: false, marketing: false };

export interface ConsentContextValue {
  /** The stored record; null before the visitor chooses (and during prerendering). */
  consent: CookieConsent | null;
  isBannerOpen: boolean;
  bannerView: BannerView;
  /** True when the banner was opened from 'Cookie settings' rather than shown on a first visit. */
  isReopened: boolean;
  hasConsent: (category: ConsentCategory | 'essential') => boolean;
  acceptAll: () => void;
  acceptEssentialOnly: () => void;
  savePreferences: (choice: ConsentChoice) => void;
  showCustomize: () => void;
  showSimple: () => void;
  /** 'Cookie settings': reopens the Customize view. */
  openPreferences: () => void;
  /** Closes a reopened banner without changing anything. */
  closePreferences: () => void;
}

const ConsentContext = createContext<ConsentContextValue | null>(null);

export function ConsentProvider({ children }: { children: ReactNode }) {
  const [consent, setConsent] = useState<CookieConsent | null>(null);
  // Open in the prerendered HTML, so the first visit's banner paints with the page, before the app
  // starts (it is the largest text of a phone's first screen). A visitor who has chosen never sees
  // it: CONSENT_BOOT_SCRIPT hides it before first paint, and reading storage below closes it.
  const [isBannerOpen, setBannerOpen] = useState(true);
  const [bannerView, setBannerView] = useState<BannerView>('simple');
  const [isReopened, setReopened] = useState(false);

  useEffect(() => {
    const stored = readStoredConsent();
    setConsent(stored);
    setBannerOpen(stored === null);
    // A record the boot script took for a choice but parseConsent refuses: show the banner after all.
    document.documentElement.toggleAttribute(CONSENT_CHOSEN_ATTRIBUTE, stored !== null);
    function onStorage(event: StorageEvent) {
      if (event.key !== STORAGE_KEYS.cookieConsent) return;
      const next = readStoredConsent();
      setConsent(next);
      if (next) setBannerOpen(false);
    }
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const store = useCallback((choice: ConsentChoice) => {
    const record = createConsentRecord(choice);
    writeStorage(STORAGE_KEYS.cookieConsent, JSON.stringify(record));
    setConsent(record);
    setBannerOpen(false);
    setReopened(false);
    setBannerView('simple');
    window.dispatchEvent(new CustomEvent<CookieConsent>(CONSENT_CHANGE_EVENT, { detail: record }));
  }, []);

  const value = useMemo<ConsentContextValue>(
    () => ({
      consent,
      isBannerOpen,
      bannerView,
      isReopened,
      hasConsent: (category) => hasConsent(category, consent),
      acceptAll: () => store(ALL_ACCEPTED),
      acceptEssentialOnly: () => store(ESSENTIAL_ONLY),
      savePreferences: (choice) => store(choice),
      showCustomize: () => setBannerView('customize'),
      showSimple: () => setBannerView('simple'),
      openPreferences: () => {
        setBannerView('customize');
        setReopened(true);
        setBannerOpen(true);
      },
      closePreferences: () => {
        setBannerOpen(false);
        setReopened(false);
        setBannerView('simple');
      },
    }),
    [consent, isBannerOpen, bannerView, isReopened, store],
  );
  return <ConsentContext value={value}>{children}</ConsentContext>;
}

export function useConsent(): ConsentContextValue {
  const context = use(ConsentContext);
  if (!context) throw new Error('useConsent must be used within a ConsentProvider');
  return context;
}
