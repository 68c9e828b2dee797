/**
 * The trust page's content as a pure function of its data (docs/decisions/016-trust-page-rendered-by-the-server.md):
 * rendered by the server, hydrated by the page's own small client (trust-page-client.tsx) and by the app. It
 * imports nothing that fetches or validates, so the page's client stays small: the access-request dialog, its
 * form and the query client load when "Request access" is first pressed (trust-access-button.tsx).
 */
import { Download, FileText, ShieldCheck } from 'lucide-react';
import type { PublicTrustCenter as TrustCenter } from '../../../../shared/schemas/trust-center.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { buttonVariants } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/load-states.tsx';
import { formatBytes } from '../../../lib/format-bytes.ts';
import { trustDocumentUrl } from '../api/trust-document-url.ts';
import { TrustAccessButton } from './trust-access-button.tsx';

const section = 'rounded-xl border border-border bg-card p-5 sm:p-6';

function Frameworks({ frameworks }: { frameworks: TrustCenter['frameworks'] }) {
  if (frameworks.length === 0) return null;
  return (
    <section aria-labelledby="trust-frameworks" className={section}>
      <h2 id="trust-frameworks" className="text-xl font-semibold">
        Frameworks
      </h2>
      <ul className="mt-4 grid gap-3 sm:grid-cols-2">
        {frameworks.map((framework) => (
          <li key={framework.id} className="flex items-center justify-between gap-3 rounded-lg border border-border p-4">
            <span>
              <span className="block font-medium">{framework.name}</span>
              <span className="text-sm text-muted-foreground">{framework.score}% of requirements met</span>
            </span>
            <Badge tone={framework.status === 'compliant' ? 'green' : 'info'}>
              {framework.status === 'compliant' ? 'Compliant' : 'In progress'}
            </Badge>
          </li>
        ))}
      </ul>
    </section>
  );
}

function ControlDomains({ domains }: { domains: TrustCenter['controlDomains'] }) {
  if (domains.length === 0) return null;
  return (
    <section aria-labelledby="trust-controls" className={section}>
      <h2 id="trust-controls" className="text-xl font-semibold">
        Controls by domain
      </h2>
      <ul className="mt-4 grid gap-2 sm:grid-cols-2">
        {domains.map((domain) => (
          <li key={domain.domain} className="flex items-center justify-between gap-3 border-b border-border py-2 text-sm last:border-0">
            <span>{domain.domain}</span>
            <span className="font-medium tabular-nums">
              {domain.implemented} of {domain.total} in place
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Shown only when the vendor register names sub-processors (trust-center/sub-processors.ts). */
function SubProcessors({ subProcessors }: { subProcessors: TrustCenter['subProcessors'] }) {
  if (subProcessors.length === 0) return null;
  return (
    <section aria-labelledby="trust-subprocessors" className={section}>
      <h2 id="trust-subprocessors" className="text-xl font-semibold">
        Sub-processors
      </h2>
      <div className="mt-4 overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead>
            <tr className="border-b border-border">
              <th scope="col" className="py-2 pr-4 font-medium">
                Name
              </th>
              <th scope="col" className="py-2 pr-4 font-medium">
                Purpose
              </th>
              <th scope="col" className="py-2 font-medium">
                Website
              </th>
            </tr>
          </thead>
          <tbody>
            {subProcessors.map((processor) => (
              <tr key={processor.name} className="border-b border-border last:border-0">
                <td className="py-2 pr-4">{processor.name}</td>
                <td className="py-2 pr-4">{processor.purpose}</td>
                <td className="py-2">{processor.website}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function Documents({ center }: { center: TrustCenter }) {
  return (
    <section aria-labelledby="trust-documents" className={section}>
      <h2 id="trust-documents" className="text-xl font-semibold">
        Documents
      </h2>
      {center.documents.length === 0 ? (
        <div className="mt-4">
          <EmptyState icon={FileText} title="No documents yet">
            {center.organizationName} has not shared documents here yet.
          </EmptyState>
        </div>
      ) : (
        <ul className="mt-4 divide-y divide-border">
          {center.documents.map((document) => (
            <li key={document.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <span className="flex items-center gap-3">
                <FileText className="size-5 shrink-0 text-muted-foreground" aria-hidden />
                <span>
                  <span className="block font-medium">{document.title}</span>
                  <span className="text-sm text-muted-foreground">
                    {document.visibility === 'public' ? 'Public' : 'Under NDA'} · {formatBytes(document.sizeBytes)}
                  </span>
                </span>
              </span>
              {document.visibility === 'public' ? (
                <a
                  href={trustDocumentUrl(center.slug, document.id)}
                  download={document.fileName}
                  className={buttonVariants({ variant: 'outline', size: 'sm' })}
                  aria-label={`Download ${document.title}`}
                >
                  <Download aria-hidden /> Download
                </a>
              ) : (
                <TrustAccessButton
                  slug={center.slug}
                  document={document}
                  ndaText={center.ndaText}
                  accessDays={center.accessDays}
                  organizationName={center.organizationName}
                />
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** A slug with no trust center (unknown, or switched off): the same answer from the server and the app. */
export function TrustCenterNotFound() {
  return (
    <EmptyState icon={ShieldCheck} title="No trust center here">
      This address has no public trust center. Check the link you were given.
    </EmptyState>
  );
}

/**
 * The page itself, from its data alone: what the server renders into the HTML (render-trust-slot.tsx)
 * and what the trust page's own client (trust-page-client.tsx) and the app hydrate, so both must stay pure functions of `center`.
 */
export function PublicTrustCenterView({ center }: { center: TrustCenter }) {
  return (
    <div className="grid gap-6">
      <header>
        <p className="flex items-center gap-2 text-sm font-semibold uppercase tracking-wide text-primary">
          <ShieldCheck className="size-4" aria-hidden /> Trust center
        </p>
        <h1 className="mt-3 text-4xl font-bold tracking-tight text-balance">{center.organizationName}</h1>
        <p className="mt-3 text-lg text-muted-foreground">
          How {center.organizationName} protects your data: its compliance programme, its controls and the documents it shares.
        </p>
      </header>
      <Frameworks frameworks={center.frameworks} />
      <ControlDomains domains={center.controlDomains} />
      <SubProcessors subProcessors={center.subProcessors} />
      <Documents center={center} />
    </div>
  );
}
