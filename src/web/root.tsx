import type { ReactNode } from 'react';
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useNavigation } from 'react-router';
import './app.css';
import './features/presentation/presentation-mode.css';
import { CriticalErrorFallback } from './components/errors/error-fallbacks.tsx';
import { Spinner } from './components/ui/spinner.tsx';
import { Toaster } from './components/ui/toaster.tsx';
import { AdvisorDock } from './features/advisor/components/advisor-dock.tsx';
import { ConsentEvidenceSync } from './features/consent/components/consent-evidence-sync.tsx';
import { CookieBanner } from './features/consent/components/cookie-banner.tsx';
import { SearchDialog } from './features/search/components/search-dialog.tsx';
import { CONSENT_BOOT_SCRIPT, ConsentProvider } from './features/consent/consent.tsx';
import { DemoModeProvider } from './features/demo-mode/demo-mode.tsx';
import { useAnnounceHydration } from './lib/hydration.ts';
import { PresentationModeProvider } from './features/presentation/presentation-mode.tsx';
import { AuthProvider } from './features/auth/auth.tsx';
import { THEME_BOOT_SCRIPT, ThemeProvider } from './features/theme/theme.tsx';
import { ZOD_CONFIG_BOOT_SCRIPT } from './lib/zod-config.ts';

export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1d4ed8" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {/* Applies the stored theme before first paint; its hash is added to the page's CSP. */}
        <script dangerouslySetInnerHTML={{ __html: THEME_BOOT_SCRIPT }} />
        {/* Hides the prerendered cookie banner before first paint when a choice is stored. */}
        <script dangerouslySetInnerHTML={{ __html: CONSENT_BOOT_SCRIPT }} />
        {/* Runs before the app's modules: zod without its eval probe (see lib/zod-config.ts). */}
        <script dangerouslySetInnerHTML={{ __html: ZOD_CONFIG_BOOT_SCRIPT }} />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-background text-foreground antialiased">
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

/** Shown while a lazily loaded page's code arrives (product.md §2: a 'Loading' spinner). */
function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state !== 'loading') return null;
  return (
    <div className="fixed inset-x-0 top-16 z-50 flex justify-center" data-testid="navigation-loading">
      <Spinner className="rounded-b-lg bg-background/95 px-4 py-2 shadow" />
    </div>
  );
}

export default function App() {
  useAnnounceHydration();
  // No QueryClientProvider here: what fetches with TanStack Query provides it (lib/query-provider.tsx).
  return (
    <AuthProvider>
      <ThemeProvider>
        <PresentationModeProvider>
          <ConsentProvider>
            <DemoModeProvider>
              <NavigationProgress />
              <Outlet />
              <SearchDialog />
              <CookieBanner />
              <AdvisorDock />
              <ConsentEvidenceSync />
              <Toaster />
            </DemoModeProvider>
          </ConsentProvider>
        </PresentationModeProvider>
      </ThemeProvider>
    </AuthProvider>
  );
}

export function HydrateFallback() {
  return <Spinner className="min-h-screen" />;
}

export function ErrorBoundary({ error }: { error: unknown }) {
  return <CriticalErrorFallback error={error} />;
}
