import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '../../../components/ui/accordion.tsx';
import { PRICING_FAQ } from '../pricing-faq.ts';

/** The pricing questions as an accordion: headings wrap the buttons, one answer open at a time. */
export function PricingFaqList() {
  return (
    <Accordion type="single" collapsible className="rounded-xl border border-border bg-card px-5">
      {PRICING_FAQ.map((item, index) => (
        <AccordionItem key={item.question} value={`question-${index}`}>
          <AccordionTrigger>{item.question}</AccordionTrigger>
          <AccordionContent className="leading-6 text-muted-foreground">{item.answer}</AccordionContent>
        </AccordionItem>
      ))}
    </Accordion>
  );
}
