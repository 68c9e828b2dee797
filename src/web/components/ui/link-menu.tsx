import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { cn } from '../../lib/cn.ts';
import { rovingFocusTarget } from '../../lib/roving-focus.ts';

/**
 * A button that opens a menu of links: the WAI-ARIA menu button pattern. Enter, Space or ↓ opens
 * it on the first item, ↑ on the last; arrows, Home, End and a typed first letter move between
 * items; Escape closes it and returns to the button; Tab, a click elsewhere or choosing a link
 * closes it.
 *
 * Written here rather than taken from Radix: Radix's DropdownMenu registers its anchor and mounts
 * a Presence while the page hydrates, each setting state in the commit and forcing a synchronous
 * re-render of the whole page before it can respond (see docs/decisions/008).
 */

export interface LinkMenuItem {
  to: string;
  label: string;
}

interface LinkMenuProps {
  /** The button's content. */
  children: ReactNode;
  items: readonly LinkMenuItem[];
  triggerClassName?: string;
  menuClassName?: string;
  itemClassName?: string;
}

type FocusOnOpen = 'first' | 'last' | 'menu';

export function LinkMenu({ children, items, triggerClassName, menuClassName, itemClassName }: LinkMenuProps) {
  const [isOpen, setOpen] = useState(false);
  const focusOnOpen = useRef<FocusOnOpen>('menu');
  const wrapperRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const baseId = useId();
  const triggerId = `${baseId}trigger`;
  const menuId = `${baseId}menu`;

  const menuItems = () => Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
  const open = (focus: FocusOnOpen) => {
    focusOnOpen.current = focus;
    setOpen(true);
  };
  const close = ({ returnFocus }: { returnFocus: boolean }) => {
    setOpen(false);
    if (returnFocus) triggerRef.current?.focus();
  };

  useEffect(() => {
    if (!isOpen) return;
    const list = menuItems();
    const target = { first: list[0], last: list.at(-1), menu: menuRef.current }[focusOnOpen.current];
    target?.focus();
    const closeOnPressElsewhere = (event: PointerEvent) => {
      if (!wrapperRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOnPressElsewhere);
    return () => document.removeEventListener('pointerdown', closeOnPressElsewhere);
  }, [isOpen]);

  const onTriggerKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    open(event.key === 'ArrowDown' ? 'first' : 'last');
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const list = menuItems();
    const current = document.activeElement as HTMLElement | null;
    if (event.key === 'Escape') {
      event.preventDefault();
      close({ returnFocus: true });
      return;
    }
    let target: HTMLElement | undefined;
    if (current && list.includes(current)) {
      target = rovingFocusTarget(list, current, event.key, 'vertical');
    } else if (event.key === 'ArrowDown' || event.key === 'Home') {
      target = list[0];
    } else if (event.key === 'ArrowUp' || event.key === 'End') {
      target = list.at(-1);
    }
    const isTypedLetter = event.key.length === 1 && /\S/.test(event.key) && !event.ctrlKey && !event.metaKey && !event.altKey;
    if (!target && isTypedLetter) target = nextByFirstLetter(list, current, event.key);
    if (!target) return;
    event.preventDefault();
    target.focus();
  };

  return (
    <div
      ref={wrapperRef}
      className="relative"
      onBlur={(event) => {
        // Tab (or anything else) took focus out of the button and its menu.
        if (isOpen && !event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={triggerRef}
        id={triggerId}
        type="button"
        aria-haspopup="menu"
        aria-expanded={isOpen}
        aria-controls={isOpen ? menuId : undefined}
        data-state={isOpen ? 'open' : 'closed'}
        className={triggerClassName}
        // A keyboard press (Enter, Space) reports no click count: it lands on the first item.
        onClick={(event) => (isOpen ? close({ returnFocus: false }) : open(event.detail === 0 ? 'first' : 'menu'))}
        onKeyDown={onTriggerKeyDown}
      >
        {children}
      </button>
      {isOpen ? (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-labelledby={triggerId}
          aria-orientation="vertical"
          tabIndex={-1}
          className={cn('absolute left-0 top-full z-50 mt-2 outline-none', menuClassName)}
          onKeyDown={onMenuKeyDown}
        >
          {items.map((item) => (
            <Link key={item.to} to={item.to} role="menuitem" tabIndex={-1} className={itemClassName} onClick={() => setOpen(false)}>
              {item.label}
            </Link>
          ))}
        </div>
      ) : null}
    </div>
  );
}

/** Typeahead: the next item after `current` whose label starts with `letter`, wrapping around. */
function nextByFirstLetter(list: HTMLElement[], current: HTMLElement | null, letter: string): HTMLElement | undefined {
  const start = current ? list.indexOf(current) + 1 : 0;
  const ordered = [...list.slice(start), ...list.slice(0, start)];
  const wanted = letter.toLocaleLowerCase();
  return ordered.find((item) => item.textContent?.trim().toLocaleLowerCase().startsWith(wanted));
}
