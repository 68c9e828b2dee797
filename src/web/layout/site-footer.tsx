import { ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { useConsent } from '../features/consent/consent.tsx';
import { preloadPreferences } from '../features/consent/components/cookie-banner.tsx';
import {
  FOOTER_CAPABILITY_LINKS,
  FOOTER_COMPANY_LINKS,
  FOOTER_LEGAL_LINKS,
  FOOTER_RESOURCE_LINKS,
  type NavLink,
  SOCIAL_LINKS,
} from './navigation.ts';

function LinkColumn({ heading, links }: { heading: string; links: readonly NavLink[] }) {
  return (
    <div>
      <h2 className="text-sm font-semibold text-foreground">{heading}</h2>
      <ul className="mt-3 space-y-2">
        {links.map((item) => (
          <li key={item.to + item.label}>
            <Link to={item.to} className="text-sm text-muted-foreground hover:text-foreground hover:underline">
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Reopens the cookie banner's Customize view (product.md §4): consent can be changed at any time. */
function CookieSettingsButton() {
  const { openPreferences } = useConsent();
  return (
    <button
      type="button"
      onClick={openPreferences}
      onPointerEnter={preloadPreferences}
      onFocus={preloadPreferences}
      className="text-xs text-muted-foreground hover:text-foreground hover:underline"
    >
      Cookie settings
    </button>
  );
}

export function SiteFooter() {
  return (
    <footer className="border-t border-border bg-muted/40">
      <div className="mx-auto grid max-w-7xl grid-cols-2 gap-10 px-4 py-12 sm:px-6 lg:grid-cols-6 lg:px-8">
        <div className="col-span-2">
          <Link to="/" className="flex items-center gap-2 font-semibold text-foreground">
            <ShieldCheck className="size-6 text-primary" aria-hidden />
            ComplianceCore
          </Link>
          <p className="mt-3 max-w-xs text-sm text-muted-foreground">
            Compliance, risk analytics and audit work for one flat monthly fee. AI agents do the work; human reviewers sign it off.
          </p>
          <ul className="mt-4 flex gap-4" aria-label="Social media">
            {SOCIAL_LINKS.map((item) => (
              <li key={item.href}>
                <a
                  href={item.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="text-sm text-muted-foreground hover:text-foreground hover:underline"
                >
                  {item.label}
                </a>
              </li>
            ))}
          </ul>
        </div>
        <LinkColumn heading="Company" links={FOOTER_COMPANY_LINKS} />
        <LinkColumn heading="Capabilities" links={FOOTER_CAPABILITY_LINKS} />
        <LinkColumn heading="Resources" links={FOOTER_RESOURCE_LINKS} />
        <LinkColumn heading="Legal" links={FOOTER_LEGAL_LINKS} />
      </div>
      <div className="border-t border-border">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-6 sm:px-6 lg:px-8">
          <p className="text-xs text-muted-foreground">© {new Date().getFullYear()} ComplianceCore. SOC 2 certified · GDPR compliant.</p>
          <CookieSettingsButton />
        </div>
      </div>
    </footer>
  );
}
