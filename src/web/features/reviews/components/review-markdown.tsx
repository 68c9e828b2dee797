import type { Element } from 'hast';
import type { ComponentProps } from 'react';
import Markdown from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { TableScroll } from '../../../components/ui/table-scroll.tsx';
import { tableName } from '../../../lib/table-name.ts';

/**
 * A draft's Markdown as a document, the way the advisor renders answers: raw HTML is never rendered
 * (skipHtml, no rehype-raw) and react-markdown's URL filter drops unsafe links. Links open in a new tab
 * so the review in progress stays put.
 */
function DraftLink({ href, children }: ComponentProps<'a'>) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className="font-medium text-primary underline underline-offset-2">
      {children}
    </a>
  );
}

/** A draft's table (a control matrix, a vendor's findings) is often wider than a phone: it scrolls in its own frame. */
function DraftTable({ node, children }: ComponentProps<'table'> & { node?: Element }) {
  return (
    <TableScroll label={tableName(node)}>
      <table>{children}</table>
    </TableScroll>
  );
}

export function ReviewMarkdown({ content }: { content: string }) {
  return (
    <div className="space-y-3 break-words text-sm leading-relaxed [&_h1]:text-xl [&_h1]:font-semibold [&_h2]:mt-5 [&_h2]:text-lg [&_h2]:font-semibold [&_h3]:mt-4 [&_h3]:font-semibold [&_li]:ml-5 [&_ol]:list-decimal [&_ol]:space-y-1 [&_strong]:font-semibold [&_table]:w-full [&_table]:text-left [&_td]:border [&_td]:border-border [&_td]:px-2 [&_td]:py-1 [&_th]:border [&_th]:border-border [&_th]:px-2 [&_th]:py-1 [&_ul]:list-disc [&_ul]:space-y-1">
      <Markdown remarkPlugins={[remarkGfm]} skipHtml components={{ a: DraftLink, table: DraftTable }}>
        {content}
      </Markdown>
    </div>
  );
}
