import { ChevronDown } from 'lucide-react';
import { type ComponentProps, type Context, createContext, type KeyboardEvent, type ReactNode, useContext, useId, useState } from 'react';
import { cn } from '../../lib/cn.ts';
import { rovingFocusTarget } from '../../lib/roving-focus.ts';

/**
 * The WAI-ARIA accordion: a heading wraps each button (aria-expanded, aria-controls), the answer is
 * a labelled region, Enter/Space toggle, arrow keys and Home/End move between the buttons.
 *
 * Written here rather than taken from Radix: Radix mounts a Presence per panel that measures
 * computed styles and sets state while the page hydrates, one synchronous re-render per answer
 * (~50 ms of main thread on the FAQ's 24 answers). This one renders its HTML once and does nothing
 * until it is used. Closed panels stay in the HTML, hidden, for search engines and find-in-page.
 */

interface AccordionState {
  isOpen: (value: string) => boolean;
  toggle: (value: string) => void;
}

const AccordionContext = createContext<AccordionState | null>(null);
const ItemContext = createContext<{ value: string; open: boolean; triggerId: string; panelId: string } | null>(null);

function useRequired<T>(context: Context<T | null>, name: string): T {
  const value = useContext(context);
  if (!value) throw new Error(`${name} must be used inside its Accordion`);
  return value;
}

interface AccordionProps extends Omit<ComponentProps<'div'>, 'defaultValue'> {
  /** 'single': opening one closes the other; 'multiple': each opens on its own. */
  type: 'single' | 'multiple';
  /** 'single' only: whether the open item closes again when its button is pressed. */
  collapsible?: boolean;
  /** The open items (controlled), or those open at first. */
  value?: string[];
  defaultValue?: string[];
  onValueChange?: (value: string[]) => void;
}

const TRIGGER_SELECTOR = '[data-accordion-trigger]:not([disabled])';

/** Arrow keys, Home and End move focus between this accordion's buttons (they wrap around). */
function moveFocus(event: KeyboardEvent<HTMLDivElement>) {
  const triggers = [...event.currentTarget.querySelectorAll<HTMLElement>(TRIGGER_SELECTOR)];
  const next = rovingFocusTarget(triggers, event.target as HTMLElement, event.key, 'vertical');
  if (!next) return;
  event.preventDefault();
  next.focus();
}

export function Accordion({
  type,
  collapsible = type === 'multiple',
  value,
  defaultValue = [],
  onValueChange,
  className,
  children,
  ...props
}: AccordionProps) {
  const [uncontrolled, setUncontrolled] = useState(defaultValue);
  const open = value ?? uncontrolled;
  const state: AccordionState = {
    isOpen: (item) => open.includes(item),
    toggle: (item) => {
      const isOpen = open.includes(item);
      if (isOpen && !collapsible) return;
      const others = type === 'multiple' ? open.filter((each) => each !== item) : [];
      const next = isOpen ? others : [...others, item];
      setUncontrolled(next);
      onValueChange?.(next);
    },
  };
  return (
    <AccordionContext.Provider value={state}>
      <div className={className} onKeyDown={moveFocus} {...props}>
        {children}
      </div>
    </AccordionContext.Provider>
  );
}

export function AccordionItem({ value, className, ...props }: ComponentProps<'div'> & { value: string }) {
  const { isOpen } = useRequired(AccordionContext, 'AccordionItem');
  const id = useId();
  const open = isOpen(value);
  return (
    <ItemContext.Provider value={{ value, open, triggerId: `${id}trigger`, panelId: `${id}panel` }}>
      <div data-state={open ? 'open' : 'closed'} className={cn('border-b border-border last:border-b-0', className)} {...props} />
    </ItemContext.Provider>
  );
}

export function AccordionTrigger({
  className,
  children,
  headingLevel = 3,
}: {
  className?: string;
  children: ReactNode;
  headingLevel?: 2 | 3 | 4;
}) {
  const { toggle } = useRequired(AccordionContext, 'AccordionTrigger');
  const { value, open, triggerId, panelId } = useRequired(ItemContext, 'AccordionTrigger');
  const Heading = `h${headingLevel}` as const;
  return (
    <Heading className="flex">
      <button
        type="button"
        id={triggerId}
        aria-expanded={open}
        aria-controls={panelId}
        data-accordion-trigger=""
        data-state={open ? 'open' : 'closed'}
        onClick={() => toggle(value)}
        className={cn(
          'flex flex-1 items-start justify-between gap-4 rounded-md py-4 text-left text-base font-medium transition-colors hover:text-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring [&[data-state=open]>svg]:rotate-180',
          className,
        )}
      >
        {children}
        <ChevronDown className="mt-1 size-4 shrink-0 text-muted-foreground transition-transform duration-200" aria-hidden />
      </button>
    </Heading>
  );
}

export function AccordionContent({ className, children }: { className?: string; children: ReactNode }) {
  const { open, triggerId, panelId } = useRequired(ItemContext, 'AccordionContent');
  return (
    <div
      id={panelId}
      role="region"
      aria-labelledby={triggerId}
      hidden={!open}
      data-state={open ? 'open' : 'closed'}
      className="overflow-hidden text-sm"
    >
      <div className={cn('pb-5 pr-8', className)}>{children}</div>
    </div>
  );
}
