import { ArrowRight, ExternalLink, Newspaper } from 'lucide-react';
import { Link } from 'react-router';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { track } from '../../analytics/analytics.ts';
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

/** The articles, fetched with TanStack Query: loaded (with it) once the block nears the viewport. */
export function PressList() {
  const query = usePressArticles();
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
