import { Command } from 'cmdk';
import { BookOpen, ExternalLink, FileText, LifeBuoy, ListChecks } from 'lucide-react';
import { REQUIREMENT_RESULT_TYPE, SUPPORT_REQUEST_RESULT_TYPE, type SearchResult } from '../../../../shared/schemas/search.ts';
import { HighlightedText } from './highlighted-text.tsx';

export function isExternalUrl(url: string): boolean {
  return /^https?:\/\//i.test(url);
}

const TYPE_LABELS: Record<string, string> = {
  documentation: 'Documentation',
  support: 'Support',
  'knowledge-base': 'Knowledge base',
  article: 'Article',
  legal: 'Legal',
  framework: 'Framework',
  page: 'Page',
  other: 'Other',
  // A requirement of the frameworks catalogue: its link opens the framework page at that requirement.
  [REQUIREMENT_RESULT_TYPE]: 'Requirement',
  // One of the signed-in user's own support requests (docs/support.md): its link opens the thread.
  [SUPPORT_REQUEST_RESULT_TYPE]: 'Your support request',
};

function TypeIcon({ type }: { type: string }) {
  const className = 'mt-0.5 size-4 shrink-0 text-muted-foreground';
  if (type === REQUIREMENT_RESULT_TYPE) return <ListChecks className={className} aria-hidden />;
  if (type === 'support' || type === SUPPORT_REQUEST_RESULT_TYPE) return <LifeBuoy className={className} aria-hidden />;
  if (type === 'documentation' || type === 'knowledge-base') return <BookOpen className={className} aria-hidden />;
  return <FileText className={className} aria-hidden />;
}

export function SearchResultItem({ result, onSelect }: { result: SearchResult; onSelect: (result: SearchResult) => void }) {
  const external = isExternalUrl(result.url_path);
  return (
    <Command.Item
      value={`result:${result.id}`}
      onSelect={() => onSelect(result)}
      className="flex cursor-pointer items-start gap-3 rounded-md px-3 py-2.5 text-sm aria-selected:bg-muted data-[selected=true]:bg-muted"
      data-testid="search-result"
    >
      <TypeIcon type={result.content_type} />
      <div className="min-w-0 flex-1">
        <div className="flex items-center gap-2">
          <span className="truncate font-medium text-foreground">{result.title}</span>
          {external ? (
            <>
              <ExternalLink className="size-3.5 shrink-0 text-muted-foreground" aria-hidden />
              <span className="sr-only">(opens in a new tab)</span>
            </>
          ) : null}
        </div>
        {result.excerpt ? (
          <p className="mt-0.5 line-clamp-2 text-muted-foreground">
            <HighlightedText text={result.excerpt} />
          </p>
        ) : null}
        <p className="mt-1 text-xs text-muted-foreground">
          {TYPE_LABELS[result.content_type] ?? result.content_type}
          {result.category ? ` · ${result.category.replaceAll('-', ' ')}` : ''}
        </p>
      </div>
    </Command.Item>
  );
}
