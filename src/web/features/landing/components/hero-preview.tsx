import { Pause, Play } from 'lucide-react';
import { useState } from 'react';
import { cn } from '../../../lib/cn.ts';
import { HERO_SCREENS, HERO_SCREEN_ICONS } from '../landing-content.ts';
import { HeroScreenView } from './hero-screens.tsx';
import { useCarousel } from './use-carousel.ts';

/**
 * The hero's rotating preview (product.md §2): the WAI-ARIA carousel pattern, with a visible pause
 * control, slide pickers, and no movement under reduced motion, presentation mode, the pointer
 * or keyboard focus.
 */
export function HeroPreview() {
  const [isHovered, setHovered] = useState(false);
  const [hasFocus, setFocus] = useState(false);
  const carousel = useCarousel(HERO_SCREENS.length, { isInteracting: isHovered || hasFocus });
  const current = HERO_SCREENS[carousel.index] ?? HERO_SCREENS[0];
  const CurrentIcon = HERO_SCREEN_ICONS[current];

  return (
    <section
      aria-roledescription="carousel"
      aria-label="Product preview"
      className="relative"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocus(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocus(false);
      }}
    >
      <div className="overflow-hidden rounded-xl border border-border bg-card shadow-2xl shadow-primary/10">
        <div className="flex items-center gap-2 border-b border-border bg-muted/60 px-4 py-2.5">
          <span className="flex gap-1.5" aria-hidden>
            <span className="size-2.5 rounded-full bg-red-400" />
            <span className="size-2.5 rounded-full bg-amber-400" />
            <span className="size-2.5 rounded-full bg-emerald-400" />
          </span>
          <span className="ml-2 inline-flex items-center gap-1.5 text-xs font-medium text-muted-foreground">
            <CurrentIcon className="size-3.5" aria-hidden />
            ComplianceCore · {current}
          </span>
        </div>
        <div className="min-h-64 p-5" aria-live={carousel.isRotating ? 'off' : 'polite'} data-testid="hero-preview">
          {HERO_SCREENS.map((screen, position) => (
            <div
              key={screen}
              role="group"
              aria-roledescription="slide"
              aria-label={`${position + 1} of ${HERO_SCREENS.length}: ${screen}`}
              hidden={position !== carousel.index}
            >
              <h2 className="mb-4 text-sm font-semibold">{screen}</h2>
              <HeroScreenView screen={screen} />
            </div>
          ))}
        </div>
      </div>
      <div className="mt-4 flex flex-wrap items-center justify-center gap-3">
        {carousel.isHeldStill ? (
          <p className="text-xs text-muted-foreground">Rotation paused</p>
        ) : (
          <button
            type="button"
            onClick={carousel.togglePaused}
            className="inline-flex items-center gap-1.5 rounded-md px-2 py-1 text-xs font-medium text-muted-foreground hover:bg-muted hover:text-foreground"
            aria-label={carousel.isPausedByUser ? 'Play preview rotation' : 'Pause preview rotation'}
          >
            {carousel.isPausedByUser ? <Play className="size-3.5" aria-hidden /> : <Pause className="size-3.5" aria-hidden />}
            {carousel.isPausedByUser ? 'Play' : 'Pause'}
          </button>
        )}
        <div className="flex gap-1" role="group" aria-label="Choose a screen">
          {HERO_SCREENS.map((screen, position) => (
            <button
              key={screen}
              type="button"
              onClick={() => carousel.goTo(position)}
              aria-label={`Show ${screen}`}
              aria-current={position === carousel.index ? 'true' : undefined}
              className="grid size-6 place-items-center rounded-full"
            >
              <span
                className={cn(
                  'block h-2 rounded-full transition-all',
                  position === carousel.index ? 'w-5 bg-primary' : 'w-2 bg-muted-foreground/40',
                )}
              />
            </button>
          ))}
        </div>
      </div>
    </section>
  );
}
