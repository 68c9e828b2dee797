import { ChevronLeft, ChevronRight, Maximize2, Minimize2, X } from 'lucide-react';
import { type KeyboardEvent, useRef } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog.tsx';
import { Progress } from '../../../components/ui/progress.tsx';
import { track } from '../../analytics/analytics.ts';
import { cn } from '../../../lib/cn.ts';
import { useReturnFocus } from '../../../lib/use-return-focus.ts';
import { DEMO_CATEGORIES, wrapIndex } from '../demo-categories.ts';
import { DemoScreen } from './demo-screen.tsx';
import { useFullscreen } from './use-fullscreen.ts';

function isTyping(target: EventTarget): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));
}

export interface DemoModalProps {
  /** The category shown, or null when closed. */
  index: number | null;
  onIndexChange: (index: number) => void;
  onClose: () => void;
}

/**
 * The interactive demo modal (product.md §2): previous/next wrapping over the ten categories,
 * 'Demo N of M' with percent complete, fullscreen and close. Escape closes, ←/→ navigate,
 * F or F11 toggle fullscreen (not while typing in a demo field).
 */
// eslint-disable-next-line max-lines-per-function -- the modal's navigation, fullscreen and keyboard shortcuts share the current demo index and fullscreen state
export function DemoModal({ index, onIndexChange, onClose }: DemoModalProps) {
  const contentRef = useRef<HTMLDivElement>(null);
  const nextRef = useRef<HTMLButtonElement>(null);
  const fullscreen = useFullscreen(contentRef);
  const returnFocus = useReturnFocus();
  const isOpen = index !== null;
  const position = index ?? 0;
  const category = DEMO_CATEGORIES[position] ?? DEMO_CATEGORIES[0];
  const total = DEMO_CATEGORIES.length;
  const percent = Math.round(((position + 1) / total) * 100);
  if (!category) return null;

  const go = (step: 1 | -1) => {
    const next = wrapIndex(position + step, total);
    onIndexChange(next);
    track({ event: 'demo_interaction', action: step === 1 ? 'next' : 'previous', category: DEMO_CATEGORIES[next]?.id ?? '' });
  };
  const toggleFullscreen = () => {
    track({ event: 'demo_interaction', action: fullscreen.isFullscreen ? 'fullscreen_off' : 'fullscreen_on', category: category.id });
    void fullscreen.toggle();
  };
  const close = () => {
    track({ event: 'demo_interaction', action: 'close', category: category.id });
    void fullscreen.exit();
    onClose();
  };

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.altKey || event.ctrlKey || event.metaKey || isTyping(event.target)) return;
    if (event.key === 'ArrowRight') go(1);
    else if (event.key === 'ArrowLeft') go(-1);
    else if (event.key === 'f' || event.key === 'F' || event.key === 'F11') toggleFullscreen();
    else return;
    event.preventDefault();
  }

  return (
    <Dialog open={isOpen} onOpenChange={(open) => (open ? undefined : close())}>
      <DialogContent
        ref={contentRef}
        showCloseButton={false}
        onKeyDown={onKeyDown}
        onOpenAutoFocus={(event) => {
          // Start on Next: arrows and F work at once, and typing never lands in a demo field by surprise.
          returnFocus.capture();
          event.preventDefault();
          nextRef.current?.focus();
        }}
        onCloseAutoFocus={returnFocus.restore}
        className={cn(
          'flex max-h-[calc(100dvh-1rem)] w-[calc(100%-1rem)] max-w-5xl flex-col gap-0 overflow-hidden p-0 sm:max-h-[calc(100dvh-4rem)]',
          fullscreen.isFullscreen && 'inset-0 h-dvh max-h-none w-screen max-w-none translate-x-0 translate-y-0 rounded-none sm:max-h-none',
        )}
        data-testid="demo-modal"
      >
        <header className="grid gap-3 border-b border-border p-4 sm:p-5">
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <DialogTitle className="flex items-center gap-2">
                <category.icon className="size-5 shrink-0 text-primary" aria-hidden />
                {category.title}
              </DialogTitle>
              <DialogDescription className="mt-1">{category.description}</DialogDescription>
            </div>
            <div className="flex shrink-0 gap-1">
              <Button
                variant="ghost"
                size="icon"
                onClick={toggleFullscreen}
                aria-label={fullscreen.isFullscreen ? 'Exit fullscreen' : 'Enter fullscreen'}
                aria-keyshortcuts="F"
              >
                {fullscreen.isFullscreen ? <Minimize2 aria-hidden /> : <Maximize2 aria-hidden />}
              </Button>
              <DialogClose asChild>
                <Button variant="ghost" size="icon" aria-label="Close demo" aria-keyshortcuts="Escape">
                  <X aria-hidden />
                </Button>
              </DialogClose>
            </div>
          </div>
          <div className="grid gap-1.5">
            <div className="flex justify-between text-xs text-muted-foreground" aria-live="polite">
              <span>
                Demo {position + 1} of {total}
              </span>
              <span>{percent}% complete</span>
            </div>
            <Progress value={percent} aria-label={`Demo ${position + 1} of ${total}`} />
          </div>
        </header>
        <div
          key={category.id}
          className="min-h-0 flex-1 overflow-y-auto p-4 sm:p-6"
          role="region"
          aria-label={`${category.title} demo`}
          // Focusable so the screen can be scrolled from the keyboard when it has no controls.
          tabIndex={0}
        >
          <DemoScreen category={category.id} />
        </div>
        <footer className="flex items-center justify-between gap-2 border-t border-border p-3 sm:px-5">
          <Button variant="outline" onClick={() => go(-1)} aria-keyshortcuts="ArrowLeft">
            <ChevronLeft aria-hidden /> Previous
          </Button>
          <p className="hidden text-xs text-muted-foreground md:block">
            <kbd className="rounded border border-border px-1">←</kbd> <kbd className="rounded border border-border px-1">→</kbd> to
            navigate · <kbd className="rounded border border-border px-1">F</kbd> fullscreen ·{' '}
            <kbd className="rounded border border-border px-1">Esc</kbd> to close
          </p>
          <Button ref={nextRef} onClick={() => go(1)} aria-keyshortcuts="ArrowRight">
            Next <ChevronRight aria-hidden />
          </Button>
        </footer>
      </DialogContent>
    </Dialog>
  );
}
