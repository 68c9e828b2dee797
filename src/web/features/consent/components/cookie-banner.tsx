import { Cookie, X } from 'lucide-react';
import { Suspense, lazy, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { usePublishedHeight } from '../../../lib/use-published-height.ts';
import { useConsent } from '../consent.tsx';
import { usePresentationMode } from '../../presentation/presentation-mode.tsx';

// The Customize view (its switches) loads when the visitor asks for it, or shows intent (pointer, focus).
const loadPreferences = () => import('./cookie-preferences.tsx');
const CookiePreferences = lazy(() => loadPreferences().then((module) => ({ default: module.CookiePreferences })));
export const preloadPreferences = (): void => void loadPreferences().catch(() => undefined);

/** Moves focus to the Customize view's heading once its code has arrived and it is drawn. */
function FocusHeadingOnMount({ headingId }: { headingId: string }) {
  useEffect(() => document.getElementById(headingId)?.focus(), [headingId]);
  return null;
}

/** The banner's height while it is shown; app.css keeps that much room at the bottom of the page. */
export const BANNER_SPACE_PROPERTY = '--cookie-banner-space';

/**
 * The cookie banner (product.md §2, §4): bottom of the screen, on a first visit only or when reopened
 * from 'Cookie settings'. It does not trap focus (the page stays usable) and stays out of the way
 * in presentation mode. While it shows, the page keeps room for it at the bottom, so nothing the
 * visitor needs stays hidden under it.
 */
export function CookieBanner() {
  const consentState = useConsent();
  const { isBannerOpen, bannerView, consent, isReopened } = consentState;
  const { isPresentationMode } = usePresentationMode();
  const headingId = useId();
  const shownView = useRef(bannerView);
  // Hidden by CSS (a visitor who has chosen, before the app closes it), it measures 0: no room kept.
  const [section, setSection] = useState<HTMLElement | null>(null);
  usePublishedHeight(section, BANNER_SPACE_PROPERTY);

  // Opened on request, or switched between views (the pressed button is gone): move focus to the
  // heading so keyboard and screen-reader users land on what they asked for.
  useEffect(() => {
    if (!isBannerOpen) return;
    if (isReopened || shownView.current !== bannerView) document.getElementById(headingId)?.focus();
    shownView.current = bannerView;
  }, [isBannerOpen, isReopened, headingId, bannerView]);

  if (!isBannerOpen || isPresentationMode) return null;
  // Before any choice, closing means essential only (product.md §4); afterwards it just closes.
  const close = consent ? consentState.closePreferences : consentState.acceptEssentialOnly;
  // z-[45]: above the header and the advisor's dock (z-40), below dialogs (z-50) and toasts.
  return (
    <section
      ref={setSection}
      aria-labelledby={headingId}
      data-testid="cookie-banner"
      // The first-visit banner (prerendered with every page) is hidden by CSS while a choice is stored (app.css).
      data-first-visit={isReopened ? undefined : ''}
      className="fixed inset-x-0 bottom-0 z-[45] p-3 sm:p-4"
    >
      <div className="relative mx-auto max-h-[85dvh] max-w-4xl overflow-y-auto rounded-xl border border-border bg-card p-4 text-card-foreground shadow-2xl sm:p-6">
        <button
          type="button"
          onClick={close}
          aria-label={consent ? 'Close cookie settings' : 'Close and allow essential cookies only'}
          className="absolute right-2 top-2 rounded-md p-2 text-muted-foreground hover:bg-muted hover:text-foreground"
        >
          <X className="size-4" aria-hidden />
        </button>
        {bannerView === 'customize' ? (
          <Suspense fallback={null}>
            <CookiePreferences headingId={headingId} />
            <FocusHeadingOnMount headingId={headingId} />
          </Suspense>
        ) : (
          <div className="flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
            <div className="flex gap-3 pr-8 lg:pr-0">
              <Cookie className="mt-0.5 hidden size-6 shrink-0 text-primary sm:block" aria-hidden />
              <div>
                <h2 id={headingId} tabIndex={-1} className="text-base font-semibold text-foreground outline-none">
                  We value your privacy
                </h2>
                <p className="mt-1 max-w-2xl text-sm text-muted-foreground">
                  We use essential cookies to run this site and, only with your permission, functional, analytics and marketing cookies.
                  Read our{' '}
                  <Link to="/cookie-policy" className="font-medium text-primary underline underline-offset-2">
                    Cookie Policy
                  </Link>{' '}
                  and{' '}
                  <Link to="/privacy-policy" className="font-medium text-primary underline underline-offset-2">
                    Privacy Policy
                  </Link>
                  .
                </p>
              </div>
            </div>
            <div className="flex shrink-0 flex-col gap-2 sm:flex-row">
              <Button variant="ghost" onClick={consentState.showCustomize} onPointerEnter={preloadPreferences} onFocus={preloadPreferences}>
                Customize
              </Button>
              <Button variant="outline" onClick={consentState.acceptEssentialOnly}>
                Essential Only
              </Button>
              <Button onClick={consentState.acceptAll}>Accept All</Button>
            </div>
          </div>
        )}
      </div>
    </section>
  );
}
