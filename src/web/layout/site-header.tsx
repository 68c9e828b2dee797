import { ChevronDown, Menu, Moon, ShieldCheck, Sun, X } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { SearchButton } from '../features/search/components/search-button.tsx';
import { cn } from '../lib/cn.ts';
import { useTheme } from '../features/theme/theme.tsx';
import { Button } from '../components/ui/button.tsx';
import { LinkMenu } from '../components/ui/link-menu.tsx';
import { AccountLinks } from './account-links.tsx';
import { CAPABILITY_LINKS, type NavLink as NavigationLink, PRIMARY_LINKS } from './navigation.ts';

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn('rounded-md px-3 py-2 text-sm font-medium text-foreground/80 hover:bg-muted hover:text-foreground', isActive && 'text-foreground');

/**
 * Where the header folds into its menu button. The workspace's header carries more (the sample mark and
 * the notification bell): its row only fits from xl, and on a phone only without the wordmark. The
 * header is fixed, so whatever does not fit is not scrolled to but clipped — the menu button first.
 * Whole class names, so Tailwind finds them.
 */
const LAYOUTS = {
  roomy: { wide: 'hidden lg:flex', narrowOnly: 'lg:hidden', wordmark: '' },
  crowded: { wide: 'hidden xl:flex', narrowOnly: 'xl:hidden', wordmark: 'hidden sm:inline' },
} as const;
type HeaderLayout = (typeof LAYOUTS)[keyof typeof LAYOUTS];

function Logo({ layout }: { layout: HeaderLayout }) {
  return (
    <Link to="/" className="flex shrink-0 items-center gap-2 rounded-md font-semibold text-foreground" aria-label="ComplianceCore home">
      <ShieldCheck className="size-7 text-primary" aria-hidden />
      {/* The link keeps its name (aria-label) where the wordmark gives way. */}
      <span className={cn('text-lg tracking-tight', layout.wordmark)}>ComplianceCore</span>
    </Link>
  );
}

function CapabilitiesMenu() {
  return (
    <LinkMenu
      items={CAPABILITY_LINKS}
      triggerClassName="inline-flex items-center gap-1 rounded-md px-3 py-2 text-sm font-medium text-foreground/80 hover:bg-muted hover:text-foreground data-[state=open]:bg-muted"
      menuClassName="min-w-72 rounded-lg border border-border bg-popover p-1 text-popover-foreground shadow-lg"
      itemClassName="block rounded-md px-3 py-2 text-sm outline-none hover:bg-muted focus:bg-muted"
    >
      Capabilities
      <ChevronDown className="size-4" aria-hidden />
    </LinkMenu>
  );
}

function ThemeToggle() {
  const { theme, toggleTheme } = useTheme();
  const next = theme === 'dark' ? 'light' : 'dark';
  return (
    <Button variant="ghost" size="icon" onClick={toggleTheme} aria-label={`Switch to ${next} theme`}>
      {theme === 'dark' ? <Sun aria-hidden /> : <Moon aria-hidden />}
    </Button>
  );
}

/** One group of the mobile menu's links; choosing one closes the menu. */
function MobileLinkList({ links, className, onClose }: { links: readonly NavigationLink[]; className: string; onClose: () => void }) {
  return (
    <ul className={className}>
      {links.map((item) => (
        <li key={item.to}>
          <NavLink to={item.to} className={navLinkClass} onClick={onClose}>
            {item.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

function MobileMenu({ onClose, layout }: { onClose: () => void; layout: HeaderLayout }) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <nav id="mobile-menu" aria-label="Mobile" className={cn('border-t border-border bg-background px-4 pb-6 pt-2', layout.narrowOnly)}>
      <p className="px-3 pt-3 text-xs font-semibold uppercase tracking-wide text-muted-foreground">Capabilities</p>
      <MobileLinkList links={CAPABILITY_LINKS} className="mt-1" onClose={onClose} />
      <MobileLinkList links={PRIMARY_LINKS} className="mt-3 border-t border-border pt-3" onClose={onClose} />
      <div className="mt-4 flex flex-col gap-2 [&>a]:w-full [&>button]:w-full">
        <AccountLinks onNavigate={onClose} />
      </div>
    </nav>
  );
}

/**
 * The fixed top navigation (product.md §2), collapsing into a disclosure menu below the lg breakpoint
 * (below xl when it carries `actions`, which go before the search button: the workspace's notification bell).
 */
export function SiteHeader({ actions }: { actions?: ReactNode } = {}) {
  const [isMenuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  useEffect(() => setMenuOpen(false), [location.pathname]);
  const layout = actions ? LAYOUTS.crowded : LAYOUTS.roomy;

  return (
    <header className="fixed inset-x-0 top-0 z-40 border-b border-border bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <Logo layout={layout} />
        <nav aria-label="Main" className={cn('items-center gap-1', layout.wide)}>
          <CapabilitiesMenu />
          {PRIMARY_LINKS.map((item) => (
            <NavLink key={item.to} to={item.to} className={navLinkClass}>
              {item.label}
            </NavLink>
          ))}
        </nav>
        <div className="flex items-center gap-2">
          {actions}
          <SearchButton />
          <ThemeToggle />
          <div className={cn('items-center gap-2', layout.wide)}>
            <AccountLinks />
          </div>
          <Button
            variant="ghost"
            size="icon"
            className={layout.narrowOnly}
            aria-expanded={isMenuOpen}
            aria-controls="mobile-menu"
            aria-label={isMenuOpen ? 'Close menu' : 'Open menu'}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {isMenuOpen ? <X aria-hidden /> : <Menu aria-hidden />}
          </Button>
        </div>
      </div>
      {isMenuOpen ? <MobileMenu layout={layout} onClose={() => setMenuOpen(false)} /> : null}
    </header>
  );
}
