import {
  type ComponentProps,
  createContext,
  type KeyboardEvent,
  type ReactNode,
  useContext,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { cn } from '../../lib/cn.ts';
import { revealInScroller } from '../../lib/reveal-in-scroller.ts';
import { rovingFocusTarget } from '../../lib/roving-focus.ts';

/**
 * The WAI-ARIA tabs pattern: one tab stop for the tab list, arrow keys (and Home/End) move between
 * tabs, the panel follows the selected tab; with activationMode 'manual' arrows only move focus and
 * Enter/Space select.
 *
 * Written here rather than taken from Radix: Radix Tabs mounts a Presence per panel that measures
 * computed styles and sets state while the page hydrates, forcing a synchronous re-render of the
 * panel (on the landing page, the whole demo screen) before the page can respond.
 */

interface TabsState {
  value: string;
  select: (value: string) => void;
  baseId: string;
  activationMode: 'automatic' | 'manual';
}

const TabsContext = createContext<TabsState | null>(null);

function useTabs(part: string): TabsState {
  const state = useContext(TabsContext);
  if (!state) throw new Error(`${part} must be used inside Tabs`);
  return state;
}

const triggerId = (baseId: string, value: string) => `${baseId}trigger-${value}`;
const contentId = (baseId: string, value: string) => `${baseId}content-${value}`;

interface TabsProps extends Omit<ComponentProps<'div'>, 'defaultValue' | 'dir'> {
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  activationMode?: 'automatic' | 'manual';
}

export function Tabs({ value, defaultValue = '', onValueChange, activationMode = 'automatic', ...props }: TabsProps) {
  const [uncontrolled, setUncontrolled] = useState(defaultValue);
  const baseId = useId();
  const selected = value ?? uncontrolled;
  const select = (next: string) => {
    if (next === selected) return;
    setUncontrolled(next);
    onValueChange?.(next);
  };
  return (
    <TabsContext.Provider value={{ value: selected, select, baseId, activationMode }}>
      <div {...props} />
    </TabsContext.Provider>
  );
}

export function TabsList({ className, onKeyDown, ...props }: ComponentProps<'div'>) {
  const { activationMode } = useTabs('TabsList');
  const moveFocus = (event: KeyboardEvent<HTMLDivElement>) => {
    onKeyDown?.(event);
    const tabs = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]:not([disabled])')];
    const next = rovingFocusTarget(tabs, event.target as HTMLButtonElement, event.key, 'horizontal');
    if (!next) return;
    event.preventDefault();
    next.focus();
    if (activationMode === 'automatic') next.click();
  };
  return (
    <div
      role="tablist"
      aria-orientation="horizontal"
      onKeyDown={moveFocus}
      // max-w-full + overflow-x-auto: a row of tabs wider than a phone scrolls inside itself instead of
      // widening the page (the selected tab is kept in sight, revealInScroller).
      className={cn('inline-flex max-w-full items-center gap-1 overflow-x-auto rounded-lg bg-muted p-1 text-muted-foreground', className)}
      {...props}
    />
  );
}

export function TabsTrigger({ value, className, onClick, ...props }: Omit<ComponentProps<'button'>, 'value'> & { value: string }) {
  const tabs = useTabs('TabsTrigger');
  const isSelected = tabs.value === value;
  const ref = useRef<HTMLButtonElement>(null);
  // A tab list wider than the screen scrolls sideways: keep the selected tab in sight.
  useEffect(() => {
    if (isSelected && ref.current) revealInScroller(ref.current);
  }, [isSelected]);
  return (
    <button
      ref={ref}
      type="button"
      role="tab"
      id={triggerId(tabs.baseId, value)}
      aria-selected={isSelected}
      aria-controls={contentId(tabs.baseId, value)}
      tabIndex={isSelected ? 0 : -1}
      data-state={isSelected ? 'active' : 'inactive'}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) tabs.select(value);
      }}
      className={cn(
        'inline-flex items-center justify-center gap-1.5 whitespace-nowrap rounded-md px-3 py-1.5 text-sm font-medium transition-colors hover:text-foreground data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm [&_svg]:size-4',
        className,
      )}
      {...props}
    />
  );
}

/** An inactive panel is not rendered, unless `forceMount` keeps it (its className then hides it). */
export function TabsContent({
  value,
  className,
  forceMount,
  children,
  ...props
}: Omit<ComponentProps<'div'>, 'value'> & { value: string; forceMount?: boolean; children?: ReactNode }) {
  const tabs = useTabs('TabsContent');
  const isSelected = tabs.value === value;
  if (!isSelected && !forceMount) return null;
  return (
    <div
      role="tabpanel"
      id={contentId(tabs.baseId, value)}
      aria-labelledby={triggerId(tabs.baseId, value)}
      tabIndex={0}
      data-state={isSelected ? 'active' : 'inactive'}
      className={cn('mt-6 outline-none', className)}
      {...props}
    >
      {children}
    </div>
  );
}
