import { useEffect, useState } from 'react';
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '../../../components/ui/accordion.tsx';
import type { faqView } from '../content-views.server.ts';
import { Markdown } from './markdown.tsx';

/** A FAQ group as the page's loader hands it over: each answer already parsed (markdown-tree.server.ts). */
type FaqGroupView = ReturnType<typeof faqView>['groups'][number];

/**
 * The FAQ as accordions, one per group. Answers stay in the prerendered HTML (hidden while closed)
 * so search engines and the FAQ's JSON-LD agree; a `#question-id` link opens its answer.
 */
export function FaqAccordion({ groups }: { groups: readonly FaqGroupView[] }) {
  const [open, setOpen] = useState<string[]>([]);
  useEffect(() => {
    const openFromHash = () => {
      const id = decodeURIComponent(window.location.hash.slice(1));
      if (!groups.some((group) => group.items.some((item) => item.id === id))) return;
      setOpen((current) => (current.includes(id) ? current : [...current, id]));
      requestAnimationFrame(() => document.getElementById(id)?.scrollIntoView({ block: 'start' }));
    };
    openFromHash();
    window.addEventListener('hashchange', openFromHash);
    return () => window.removeEventListener('hashchange', openFromHash);
  }, [groups]);

  return (
    <div className="space-y-12">
      {groups.map((group) => (
        <section key={group.id} aria-labelledby={group.id}>
          <h2 id={group.id} className="scroll-mt-24 text-xl font-semibold tracking-tight">
            {group.title}
          </h2>
          <Accordion
            type="multiple"
            value={open}
            onValueChange={setOpen}
            className="mt-4 rounded-xl border border-border bg-card px-5 shadow-sm"
          >
            {group.items.map((item) => (
              <AccordionItem key={item.id} value={item.id} id={item.id} className="scroll-mt-24">
                <AccordionTrigger>{item.question}</AccordionTrigger>
                <AccordionContent>
                  <Markdown className="text-sm text-muted-foreground [&_p]:leading-6" tree={item.answer} />
                </AccordionContent>
              </AccordionItem>
            ))}
          </Accordion>
        </section>
      ))}
    </div>
  );
}
