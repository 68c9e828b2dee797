import { splitHighlights } from '../../../../shared/schemas/search.ts';

/** Renders the server's highlight markers as <mark> elements; the text is never parsed as HTML. */
export function HighlightedText({ text }: { text: string }) {
  return (
    <>
      {splitHighlights(text).map((part, index) =>
        part.isMatch ? (
          <mark key={index} className="rounded-sm bg-yellow-200 px-0.5 text-inherit dark:bg-yellow-500/40">
            {part.text}
          </mark>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </>
  );
}
