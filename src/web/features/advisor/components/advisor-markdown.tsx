import type { ComponentProps } from 'react';
import Markdown from 'react-markdown';
import { Link } from 'react-router';
import remarkGfm from 'remark-gfm';

/**
 * Renders an answer's Markdown safely: no raw HTML is ever rendered (react-markdown escapes it
 * without rehype-raw) and unsafe URLs are dropped by its default URL filter. Links to our own
 * pages navigate inside the app, so the conversation stays open.
 */
function AnswerLink({ href, children }: ComponentProps<'a'>) {
  if (href?.startsWith('/') && !href.startsWith('//')) {
    return (
      <Link to={href} className="font-medium text-primary underline underline-offset-2">
        {children}
      </Link>
    );
  }
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className="font-medium text-primary underline underline-offset-2">
      {children}
    </a>
  );
}

export function AdvisorMarkdown({ content }: { content: string }) {
  return (
    <div className="space-y-2 break-words text-sm leading-relaxed [&_em]:text-muted-foreground [&_li]:ml-4 [&_li]:list-disc [&_ol_li]:list-decimal [&_strong]:font-semibold [&_ul]:space-y-1">
      <Markdown remarkPlugins={[remarkGfm]} skipHtml components={{ a: AnswerLink }}>
        {content}
      </Markdown>
    </div>
  );
}
