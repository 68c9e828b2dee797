import type { Element, Root, RootContent } from 'hast';
import { urlAttributes } from 'html-url-attributes';
import { defaultUrlTransform } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';

/**
 * content/ Markdown → an HTML syntax tree, at build time. Pages carry the tree in their loader
 * data and the browser only turns it into elements (components/markdown.tsx): no Markdown parser
 * is shipped, and hydrating a page does not parse its text again (the FAQ's answers alone took
 * ~60 ms of main thread to re-parse on every visit).
 *
 * Same guarantees as rendering with react-markdown and `skipHtml`: raw HTML in a content file is
 * dropped (remark-rehype keeps none without `allowDangerousHtml`), and every URL-bearing attribute
 * goes through react-markdown's `defaultUrlTransform`, which empties unsafe protocols.
 */
export type MarkdownTree = Root;

const processor = unified().use(remarkParse).use(remarkGfm).use(remarkRehype);

function sanitiseUrls(element: Element) {
  for (const [name, value] of Object.entries(element.properties)) {
    if (typeof value !== 'string' || !Object.hasOwn(urlAttributes, name)) continue;
    const tags = urlAttributes[name];
    if (tags === null || tags?.includes(element.tagName)) {
      element.properties[name] = defaultUrlTransform(value);
    }
  }
}

/** Positions are dropped: they are only needed for error messages and would double the page data. */
function compact<T extends Root | RootContent>(node: T): T {
  delete node.position;
  if (node.type === 'element') sanitiseUrls(node);
  if ('children' in node) node.children.forEach(compact);
  return node;
}

export function markdownTree(markdown: string): MarkdownTree {
  return compact(processor.runSync(processor.parse(markdown)));
}
