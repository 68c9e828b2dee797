import type { Element, ElementContent } from 'hast';
import { type Components, toJsxRuntime } from 'hast-util-to-jsx-runtime';
import type { ComponentProps } from 'react';
import { Fragment, jsx, jsxs } from 'react/jsx-runtime';
import { Link } from 'react-router';
import { headingId } from '../../../../shared/content-markdown.ts';
import { cn } from '../../../lib/cn.ts';
import type { MarkdownTree } from '../markdown-tree.server.ts';

/**
 * Renders content/ Markdown with the site's typography, from the tree the page's loader parsed at
 * build time (markdown-tree.server.ts: raw HTML dropped, unsafe URLs emptied), so a content file
 * cannot inject markup or scripts and the browser never parses Markdown.
 */

function textOf(node: Element | ElementContent | undefined): string {
  if (!node) return '';
  if (node.type === 'text') return node.value;
  return 'children' in node ? node.children.map(textOf).join('') : '';
}

function MarkdownLink({ href = '', children, node: _node, ...props }: ComponentProps<'a'> & { node?: Element }) {
  const className = 'font-medium text-primary underline underline-offset-4 hover:no-underline';
  if (href.startsWith('/')) {
    return (
      <Link to={href} className={className}>
        {children}
      </Link>
    );
  }
  const isExternal = /^https?:/.test(href);
  return (
    <a href={href} className={className} {...props} {...(isExternal ? { rel: 'noopener noreferrer' } : {})}>
      {children}
    </a>
  );
}

const components: Components = {
  h2: ({ node, children }) => (
    <h2 id={headingId(textOf(node))} className="mt-12 scroll-mt-24 text-2xl font-semibold tracking-tight first:mt-0">
      {children}
    </h2>
  ),
  h3: ({ node, children }) => (
    <h3 id={headingId(textOf(node))} className="mt-8 scroll-mt-24 text-lg font-semibold">
      {children}
    </h3>
  ),
  h4: ({ children }) => <h4 className="mt-6 font-semibold">{children}</h4>,
  p: ({ children }) => <p className="mt-4 leading-7 first:mt-0">{children}</p>,
  ul: ({ children }) => <ul className="mt-4 list-disc space-y-2 pl-6 marker:text-muted-foreground">{children}</ul>,
  ol: ({ children }) => <ol className="mt-4 list-decimal space-y-2 pl-6 marker:text-muted-foreground">{children}</ol>,
  li: ({ children }) => <li className="leading-7 [&>p]:mt-2">{children}</li>,
  a: MarkdownLink,
  strong: ({ children }) => <strong className="font-semibold text-foreground">{children}</strong>,
  blockquote: ({ children }) => (
    <blockquote className="mt-6 rounded-r-lg border-l-4 border-primary/50 bg-muted/60 px-5 py-3 text-foreground/90">
      {children}
    </blockquote>
  ),
  code: ({ children }) => <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-[0.9em]">{children}</code>,
  pre: ({ children }) => (
    <pre className="mt-4 overflow-x-auto rounded-lg bg-muted p-4 text-sm [&>code]:bg-transparent [&>code]:p-0">{children}</pre>
  ),
  hr: () => <hr className="my-10 border-border" />,
  table: ({ children }) => (
    // A focusable region so keyboard users can scroll a wide table on a phone.
    <div className="mt-6 overflow-x-auto rounded-lg border border-border" role="region" aria-label="Table" tabIndex={0}>
      <table className="w-full border-collapse text-left text-sm [&_tbody_tr:last-child>td]:border-b-0">{children}</table>
    </div>
  ),
  thead: ({ children }) => <thead className="bg-muted/70">{children}</thead>,
  th: ({ children }) => <th className="border-b border-border px-4 py-2.5 font-semibold">{children}</th>,
  td: ({ children }) => <td className="border-b border-border px-4 py-2.5 align-top">{children}</td>,
};

export function Markdown({ tree, className }: { tree: MarkdownTree; className?: string }) {
  return (
    <div className={cn('text-base text-foreground/90', className)}>
      {toJsxRuntime(tree, { Fragment, jsx, jsxs, components, passKeys: true, passNode: true, ignoreInvalidStyle: true })}
    </div>
  );
}
