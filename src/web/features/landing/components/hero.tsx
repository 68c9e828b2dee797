import { ArrowRight, BadgeCheck, Bot, CalendarDays } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { track } from '../../analytics/analytics.ts';
import { HERO } from '../landing-content.ts';
import { HeroPreview } from './hero-preview.tsx';

export function Hero({ onBookDemo }: { onBookDemo: () => void }) {
  return (
    <section aria-labelledby="hero-heading" className="relative overflow-hidden bg-gradient-to-b from-muted/70 to-background">
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 py-16 sm:px-6 lg:grid-cols-[1.1fr_1fr] lg:px-8 lg:py-24">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border border-border bg-background px-3 py-1 text-sm text-muted-foreground">
            <Bot className="size-4 text-primary" aria-hidden /> {HERO.eyebrow}
          </p>
          <h1 id="hero-heading" className="mt-6 text-4xl font-bold tracking-tight text-balance sm:text-5xl xl:text-6xl">
            {HERO.headline}
          </h1>
          <p className="mt-6 max-w-2xl text-lg leading-8 text-muted-foreground">{HERO.lead}</p>
          <div className="mt-10 flex flex-col gap-3 sm:flex-row">
            <Button asChild size="lg">
              <Link
                to="/pricing"
                onClick={() => track({ event: 'button_click', button_name: 'Start Your Subscription', location: 'hero' })}
              >
                Start Your Subscription <ArrowRight aria-hidden />
              </Link>
            </Button>
            <Button
              size="lg"
              variant="outline"
              onClick={() => {
                track({ event: 'button_click', button_name: 'Book Demo', location: 'hero' });
                onBookDemo();
              }}
            >
              <CalendarDays aria-hidden /> Book Demo
            </Button>
          </div>
          <ul className="mt-8 flex flex-wrap gap-3" aria-label="Certifications">
            {HERO.badges.map((badge) => (
              <li
                key={badge}
                className="inline-flex items-center gap-1.5 rounded-full border border-emerald-600/30 bg-emerald-50 px-3 py-1 text-sm font-medium text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200"
              >
                <BadgeCheck className="size-4" aria-hidden /> {badge}
              </li>
            ))}
          </ul>
        </div>
        <HeroPreview />
      </div>
    </section>
  );
}
