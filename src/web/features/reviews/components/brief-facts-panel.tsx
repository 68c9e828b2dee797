import { AlertTriangle } from 'lucide-react';
import type { ReactNode } from 'react';
import type { BriefFacts, BriefStatement, BriefThingKind } from '../../../../shared/schemas/brief-facts.ts';
import type { CatalogueFrameworkId } from '../../../../shared/schemas/programme-statuses.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Panel } from './output-review-parts.tsx';

/**
 * "What the agent read" (issue 33): the typed facts the agents' reader took from the request's title,
 * brief and attachments, beside the draft, so a reviewer sees what the draft should reflect and what
 * was missed (a named system that is not in the draft, a stated gap not in the plan, a reference the
 * catalogue does not hold, an attachment that could not be read).
 */

const FRAMEWORK_LABELS: Record<CatalogueFrameworkId, string> = {
  soc2: 'SOC 2',
  iso27001: 'ISO 27001',
  gdpr: 'GDPR',
  hipaa: 'HIPAA',
  pci: 'PCI DSS',
  'nist-csf': 'NIST CSF',
  iso42001: 'ISO 42001',
  ccpa: 'CCPA',
  iso27701: 'ISO 27701',
  nis2: 'NIS2',
  dora: 'DORA',
  'eu-ai-act': 'EU AI Act',
  'nist-800-53': 'NIST SP 800-53',
  cis: 'CIS Controls',
};

const THING_LABELS: Record<BriefThingKind, string> = {
  identity_provider: 'identity provider',
  cloud: 'cloud',
  vendor: 'vendor',
  tool: 'tool',
  system: 'system',
};

function Facts({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="space-y-1">
      <h3 className="text-sm font-medium">{title}</h3>
      {children}
    </div>
  );
}

function Statements({ items, empty }: { items: readonly BriefStatement[]; empty: string }) {
  if (items.length === 0) return <p className="text-sm text-muted-foreground">{empty}</p>;
  return (
    <ul className="space-y-1 text-sm">
      {items.map((item) => (
        <li key={`${item.topic}|${item.text}`}>
          <span className="font-medium">{item.topic}</span>
          <span className="text-muted-foreground"> — “{item.text}”</span>
        </li>
      ))}
    </ul>
  );
}

function TextList({ items }: { items: readonly string[] }) {
  return (
    <ul className="list-disc space-y-0.5 pl-5 text-sm">
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

export function BriefFactsView({ facts }: { facts: BriefFacts }) {
  const unknown = facts.references.filter((reference) => !reference.known);
  const unread = facts.sources.filter((source) => source.problem);
  const details = [
    ...facts.figures.map((figure) => figure.text),
    ...facts.periods.map((period) => period.text),
    ...(facts.peopleCount !== null ? [`${facts.peopleCount} people`] : []),
  ];
  return (
    <div className="space-y-4">
      <Facts title="Frameworks in scope">
        <div className="flex flex-wrap gap-1">
          {facts.frameworks.length > 0 ? (
            facts.frameworks.map((id) => <Badge key={id}>{FRAMEWORK_LABELS[id]}</Badge>)
          ) : (
            <p className="text-sm text-muted-foreground">None named</p>
          )}
        </div>
        {facts.outOfScope.length > 0 ? (
          <p className="text-sm">
            <span className="font-medium">Out of scope: </span>
            {facts.outOfScope.map((entry) => FRAMEWORK_LABELS[entry.framework]).join(', ')} — must not be cited.
          </p>
        ) : null}
      </Facts>
      {facts.vendor || facts.things.length > 0 ? (
        <Facts title="Named systems, vendors and tools">
          {facts.vendor ? (
            <p className="text-sm">
              <span className="font-medium">Vendor under review: </span>
              {facts.vendor}
            </p>
          ) : null}
          <TextList items={facts.things.map((thing) => `${thing.name} (${THING_LABELS[thing.kind]})`)} />
        </Facts>
      ) : null}
      {facts.references.length > 0 ? (
        <Facts title="References asked for">
          <ul className="space-y-0.5 text-sm">
            {facts.references.map((reference) => (
              <li key={reference.citation}>
                <span className="font-medium">{reference.citation}</span>
                {reference.known ? (
                  <span className="text-muted-foreground"> {reference.title}</span>
                ) : (
                  <span> — not in the catalogue, so not cited (written “{reference.written}”)</span>
                )}
              </li>
            ))}
          </ul>
        </Facts>
      ) : null}
      <Facts title={`Stated gaps (${facts.gaps.length})`}>
        <Statements items={facts.gaps} empty="The request states no gap." />
      </Facts>
      <Facts title={`Stated strengths (${facts.strengths.length})`}>
        <Statements items={facts.strengths} empty="The request states no control in place." />
      </Facts>
      {facts.questions.length > 0 ? (
        <Facts title={`Questions asked (${facts.questions.length})`}>
          <TextList items={facts.questions.map((question) => question.text)} />
        </Facts>
      ) : null}
      {details.length > 0 ? (
        <Facts title="Figures and periods">
          <TextList items={details} />
        </Facts>
      ) : null}
      {facts.dataTypes.length > 0 || facts.locations.length > 0 ? (
        <Facts title="Data and locations">
          <TextList items={[...facts.dataTypes, ...facts.locations.map((location) => location.name)]} />
        </Facts>
      ) : null}
      <Facts title="Read from">
        <TextList
          items={facts.sources.map(
            (source) => `${source.kind === 'attachment' ? source.name : source.kind} (${source.characters} characters)`,
          )}
        />
      </Facts>
      {unknown.length > 0 || unread.length > 0 ? (
        <div role="note" className="space-y-1 rounded-md border border-amber-500/50 bg-amber-500/10 p-3 text-sm">
          <p className="flex items-center gap-1 font-medium">
            <AlertTriangle className="size-4" aria-hidden /> Check by hand
          </p>
          <ul className="list-disc pl-5">
            {unknown.map((reference) => (
              <li key={reference.citation}>{reference.citation} is not in the catalogue.</li>
            ))}
            {unread.map((source) => (
              <li key={source.name}>
                {source.name}: {source.problem}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

/** The panel on the review screen: the facts stored with the version (what its agent read when drafting it). */
export function BriefFactsPanel({ facts, removedReferences }: { facts: BriefFacts | null; removedReferences: readonly string[] }) {
  return (
    <Panel title="What the agent read">
      {facts ? (
        <BriefFactsView facts={facts} />
      ) : (
        <p className="text-sm text-muted-foreground">This version was drafted before agents recorded what they read.</p>
      )}
      {removedReferences.length > 0 ? (
        <p className="text-sm">
          <span className="font-medium">Removed before review: </span>
          {removedReferences.join(', ')} (not in the catalogue, or out of scope).
        </p>
      ) : null}
    </Panel>
  );
}
