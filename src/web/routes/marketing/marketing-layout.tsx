import { Outlet, useLocation } from 'react-router';
import { ErrorBoundary as PageBoundary, PageErrorFallback } from '../../components/errors/error-fallbacks.tsx';
import { SiteFooter } from '../../layout/site-footer.tsx';
import { SiteHeader } from '../../layout/site-header.tsx';
import { usePageAnalytics } from '../../features/analytics/analytics.ts';

function SkipLink() {
  return (
    <a
      href="#main"
      className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-[60] focus:rounded-md focus:bg-background focus:px-4 focus:py-2 focus:shadow"
    >
      Skip to content
    </a>
  );
}

/** The public site's shell: fixed header, the page, the footer; page_view and scroll_depth for every page. */
export default function MarketingLayout() {
  const { pathname } = useLocation();
  usePageAnalytics(pathname);
  return (
    <>
      <SkipLink />
      <SiteHeader />
      <main id="main" className="pt-16">
        <PageBoundary level="page" key={pathname}>
          <Outlet />
        </PageBoundary>
      </main>
      <SiteFooter />
    </>
  );
}

/** Loader and render errors that escape a page land here, still inside the site's shell. */
export function ErrorBoundary() {
  return (
    <>
      <SiteHeader />
      <main id="main" className="pt-16">
        <PageErrorFallback onRetry={() => window.location.reload()} />
      </main>
      <SiteFooter />
    </>
  );
}
