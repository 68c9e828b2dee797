import { Link } from 'react-router';
import {
  VENDOR_DOCUMENT_FIELD_LABELS,
  type VendorDocumentConsequences,
  type VendorDocumentExtraction,
} from '../../../../../shared/schemas/vendor-documents.ts';
import { VENDOR_RESIDUAL_RISK_LABELS, type VendorResidualRisk } from '../../../../../shared/schemas/vendors.ts';
import { workspaceHref } from '../../../../../shared/workspace-links.ts';

/** What a confirmed document set in motion (confirmVendorDocumentExtraction's consequences), with links to it. */
function Consequences({ consequences }: { consequences: VendorDocumentConsequences }) {
  const risk = (value: string | null) => (value ? VENDOR_RESIDUAL_RISK_LABELS[value as VendorResidualRisk] : 'not assessed');
  const items = [
    ...consequences.cuecRequirements.map((requirement) => (
      <li key={requirement.id}>
        CUEC “{requirement.text}” (page {requirement.page}):{' '}
        {requirement.controlIds.length > 0 ? (
          `a requirement on ${requirement.controlIds.join(', ')}`
        ) : requirement.taskRequestId ? (
          <Link className="underline" to={workspaceHref.taskRequest(requirement.taskRequestId)}>
            no control covers it yet: a task for a person
          </Link>
        ) : (
          'no control covers it yet'
        )}
      </li>
    )),
    ...(consequences.finding
      ? [
          <li key="finding">
            Finding opened in the risk register:{' '}
            <Link className="underline" to={workspaceHref.compliance('risks')}>
              {consequences.finding.ref} {consequences.finding.title}
            </Link>
          </li>,
        ]
      : []),
    ...(consequences.residualRisk
      ? [
          <li key="residual">
            Residual risk raised from {risk(consequences.residualRisk.from)} to {risk(consequences.residualRisk.to)}
          </li>,
        ]
      : []),
    ...(consequences.renewalTaskRequestId
      ? [
          <li key="renewal">
            The document has expired:{' '}
            <Link className="underline" to={workspaceHref.taskRequest(consequences.renewalTaskRequestId)}>
              renewal task opened for the vendor’s owner
            </Link>
          </li>,
        ]
      : []),
  ];
  return (
    <section className="grid gap-2" aria-label="What confirming did">
      <h4 className="text-sm font-semibold">What it means for us</h4>
      {items.length > 0 ? <ul className="grid list-disc gap-1 pl-5 text-sm">{items}</ul> : <p className="text-sm">Nothing to act on.</p>}
    </section>
  );
}

/** A confirmed extraction: each field with its page (and whether it was corrected), and what confirming did. */
export function ConfirmedDocument({ data }: { data: VendorDocumentExtraction }) {
  const confirmed = data.confirmed;
  if (!confirmed) return null;
  return (
    <div className="grid gap-4">
      <dl className="grid gap-2">
        {confirmed.fields.map((field) => (
          <div key={field.key} className="grid gap-0.5 sm:grid-cols-[12rem_1fr] sm:gap-3">
            <dt className="text-sm text-muted-foreground">{VENDOR_DOCUMENT_FIELD_LABELS[field.key]}</dt>
            <dd className="break-words text-sm">
              {field.value}{' '}
              <span className="text-muted-foreground">
                (page {field.page}
                {field.corrected ? ', corrected' : ''})
              </span>
            </dd>
          </div>
        ))}
      </dl>
      {data.consequences ? <Consequences consequences={data.consequences} /> : null}
    </div>
  );
}
