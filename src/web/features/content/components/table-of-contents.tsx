import type { Heading } from '../../../../shared/content-markdown.ts';

/** In-page links to a document's h2 sections (the ids come from the same headingId as the headings). */
export function TableOfContents({ headings, label = 'On this page' }: { headings: readonly Heading[]; label?: string }) {
  if (headings.length === 0) return null;
  return (
    <nav aria-label={label} className="text-sm">
      <h2 className="font-semibold text-foreground">{label}</h2>
      <ol className="mt-3 space-y-2 border-l border-border">
        {headings.map((heading) => (
          <li key={heading.id}>
            <a
              href={`#${heading.id}`}
              className="-ml-px block border-l border-transparent pl-4 text-muted-foreground hover:border-primary hover:text-foreground"
            >
              {heading.text}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}
