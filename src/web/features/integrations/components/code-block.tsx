/** A labelled, scrollable code sample (a figure, so a screen reader hears what it shows). */
export function CodeBlock({ label, children }: { label: string; children: string }) {
  return (
    <figure className="grid min-w-0 gap-1">
      <figcaption className="text-xs font-medium text-muted-foreground">{label}</figcaption>
      {/* Focusable so a keyboard can scroll a long line (axe: scrollable-region-focusable). */}
      <pre tabIndex={0} className="overflow-x-auto rounded-md bg-muted p-3 font-mono text-xs leading-relaxed">
        <code>{children}</code>
      </pre>
    </figure>
  );
}
