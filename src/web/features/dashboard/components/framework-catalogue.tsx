import { MessageCircle } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';

/** The frameworks ComplianceCore supports (the /compliance catalogue), each one question away from the advisor. */
const FRAMEWORKS = [
  { slug: 'soc-2', name: 'SOC 2', summary: 'Attestation report on the Trust Services Criteria, issued by a CPA firm.' },
  { slug: 'iso-27001', name: 'ISO 27001', summary: 'Certified information security management system (ISMS).' },
  { slug: 'gdpr', name: 'GDPR', summary: 'EU rules for processing personal data.' },
  { slug: 'hipaa', name: 'HIPAA', summary: 'US safeguards for protected health information.' },
  { slug: 'pci-dss', name: 'PCI DSS', summary: 'Security standard for payment card data.' },
  { slug: 'nist-csf', name: 'NIST CSF', summary: 'Cybersecurity Framework 2.0: govern, identify, protect, detect, respond, recover.' },
  { slug: 'iso-42001', name: 'ISO 42001', summary: 'Management system for artificial intelligence.' },
  { slug: 'ccpa-cpra', name: 'CCPA/CPRA', summary: 'California consumer privacy rights.' },
] as const;

export function FrameworkCatalogue({ onAsk }: { onAsk: (context: string) => void }) {
  return (
    <section aria-labelledby="frameworks-heading" className="space-y-4">
      <div>
        <h2 id="frameworks-heading" className="text-xl font-semibold">
          Frameworks
        </h2>
        <p className="mt-1 max-w-2xl text-sm text-muted-foreground">
          What each framework asks of you is on its page. Ask the advisor where you stand or what to do first.
        </p>
      </div>
      <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
        {FRAMEWORKS.map((framework) => (
          <li key={framework.slug} className="flex flex-col rounded-lg border border-border bg-card p-4">
            <h3 className="font-semibold">
              <Link to={`/compliance/${framework.slug}`} className="hover:underline">
                {framework.name}
              </Link>
            </h3>
            <p className="mt-1 flex-1 text-sm text-muted-foreground">{framework.summary}</p>
            <Button
              type="button"
              variant="outline"
              size="sm"
              className="mt-3 self-start"
              onClick={() => onAsk(`${framework.name} readiness`)}
            >
              <MessageCircle aria-hidden /> Ask about {framework.name}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
