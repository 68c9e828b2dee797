import { ArrowRight, ExternalLink, Newspaper } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { track } from '../../analytics/analytics.ts';
import { publicConfig } from '../../../lib/public-config.ts';
import { useIsNearViewport } from '../../../lib/use-near-viewport.ts';
import { formatUtcDay, parseUtcDay } from '../../../lib/utc-dates.ts';
import type { PressArticle } from '../../../../shared/schemas/press.ts';
import { usePressArticles } from '../api/press-articles.ts';

export function formatPressDate(value: string): string {
  const date = parseUtcDay(value);
  return Number.isNaN(date.getTime()) ? value : formatUtcDay(date, 'long');
}

const CARD_CLASS =
  'group flex h-full flex-col rounded-xl border border-border bg-card p-6 shadow-sm transition-colors hover:border-primary';

function CardText({ article }: { article: PressArticle }) {
  return (
    <>
      <span className="flex items-center justify-between gap-2 text-xs text-muted-foreground">
        <span className="font-semibold uppercase tracking-wide text-primary">{article.publication ?? 'Press release'}</span>
        <time dateTime={article.date}>{formatPressDate(article.date)}</time>
      </span>
      <span className="mt-3 text-lg font-semibold group-hover:underline">{article.title}</span>
      <span className="mt-2 flex-1 text-sm text-muted-foreground">{article.excerpt}</span>
    </>
  );
}

/** Our own press releases open their page here; coverage in a real publication opens there, in a new tab. */
function ArticleCard({ article }: { article: PressArticle }) {
  const onClick = () => track({ event: 'button_click', button_name: `Press: ${article.title}`, location: 'press' });
  if (article.url.startsWith('/')) {
    return (
      <li>
        <Link to={article.url} className={CARD_CLASS} onClick={onClick}>
          <CardText article={article} />
          <span className="mt-4 inline-flex items-center gap-1 text-sm font-medium text-primary">
            Read press release <ArrowRight className="size-4" aria-hidden />
          </span>
        </Link>
      </li>
    );
  }
  return (
    <li>
      <a href={article.url} target="_blank" rel="noopener noreferrer" className={CARD_CLASS} onClick={onClick}>
        <CardText article={article} />
        <span className="mt-4 inline-flex items-center gap-1 text-sm font-medium text-primary">
          Read article <ExternalLink className="size-4" aria-hidden />
          <span className="sr-only">(opens in a new tab)</span>
        </span>
      </a>
    </li>
  );
}

function Body({ isNear }: { isNear: boolean }) {
  const query = usePressArticles(isNear);
  if (query.isPending) return <Spinner label="Loading press articles" />;
  if (query.isError) {
    return (
      <p className="rounded-lg border border-border bg-card p-6 text-sm text-muted-foreground">
        Press articles could not be loaded right now.
      </p>
    );
  }
  if (query.data.length === 0) {
    return (
      <div className="grid justify-items-center gap-2 rounded-xl border border-dashed border-border p-10 text-center">
        <Newspaper className="size-8 text-muted-foreground" aria-hidden />
        <p className="font-medium">No press articles yet</p>
        <p className="text-sm text-muted-foreground">Coverage of ComplianceCore will appear here.</p>
      </div>
    );
  }
  return (
    <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3" aria-label="Press articles">
      {query.data.map((article) => (
        <ArticleCard key={article.id} article={article} />
      ))}
    </ul>
  );
}

/**
 * The press block (product.md §2): up to 6 published press articles. product.md has each open an
 * outside link in a new tab; until there is real coverage the items are our own press releases,
 * which open their /press/<slug> page (docs/press.md).
 */
export function PressArticles() {
  const [section, setSection] = useState<HTMLElement | null>(null);
  const isNear = useIsNearViewport(section);
  return (
    <section ref={setSection} id="press" aria-labelledby="press-heading" className="mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:px-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <p className="text-sm font-semibold uppercase tracking-wide text-primary">Press</p>
          <h2 id="press-heading" className="mt-2 text-3xl font-bold tracking-tight">
            News and press
          </h2>
        </div>
        <Button asChild variant="outline">
          <a href={publicConfig.pressUrl} target="_blank" rel="noopener noreferrer">
            View All Articles <ExternalLink aria-hidden />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        </Button>
      </div>
      <div className="mt-10">
        <Body isNear={isNear} />
      </div>
    </section>
  );
}
