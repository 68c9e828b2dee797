import type { ReactNode } from 'react';
import {
  VENDOR_DATA_CATEGORY_LABELS,
  VENDOR_RESIDUAL_RISK_LABELS,
  VENDOR_STATUS_LABELS,
  VENDOR_TIER_LABELS,
  type Vendor,
  type VendorTier,
} from '../../../../shared/schemas/vendors.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog.tsx';
import { LoadFailed } from '../../../components/ui/load-states.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatUtcDay, parseUtcDay } from '../../../lib/utc-dates.ts';
import { useVendor } from '../api/vendors-api.ts';
import { VendorDocuments } from './documents/vendor-documents.tsx';

const day = (value: string | null) => (value ? formatUtcDay(parseUtcDay(value)) : 'not set');

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 sm:grid-cols-[12rem_1fr] sm:gap-3">
      <dt className="text-sm text-muted-foreground">{term}</dt>
      <dd className="text-sm">{children}</dd>
    </div>
  );
}

function Facts({ vendor }: { vendor: Vendor }) {
  return (
    <dl className="grid gap-2">
      <Row term="Status">{VENDOR_STATUS_LABELS[vendor.status]}</Row>
      {vendor.conditions ? <Row term="Conditions">{vendor.conditions}</Row> : null}
      <Row term="Residual risk">{vendor.residualRisk ? VENDOR_RESIDUAL_RISK_LABELS[vendor.residualRisk] : 'not assessed'}</Row>
      <Row term="Tier">
        {VENDOR_TIER_LABELS[vendor.tier as VendorTier]} (reviewed every {vendor.reviewCadenceMonths} months)
      </Row>
      <Row term="Next review">
        {day(vendor.nextReviewOn)}
        {vendor.reviewDue ? ' — due' : ''}
      </Row>
      <Row term="Owner">{vendor.owner?.name ?? 'nobody yet'}</Row>
      <Row term="Website">
        {vendor.website ? (
          <a className="underline" href={vendor.website} rel="noreferrer noopener" target="_blank">
            {vendor.website}
          </a>
        ) : (
          'not given'
        )}
      </Row>
      <Row term="Services">{vendor.services || 'not described'}</Row>
      <Row term="Data shared">
        {vendor.dataCategories.map((category) => VENDOR_DATA_CATEGORY_LABELS[category]).join(', ') || 'not stated'}
      </Row>
      <Row term="Sub-processor">{vendor.isSubProcessor ? 'Yes' : 'No'}</Row>
      <Row term="Contract">
        {day(vendor.contractStart)} to {day(vendor.contractEnd)}
      </Row>
      <Row term="DPA signed">{day(vendor.dpaSignedOn)}</Row>
      <Row term="BAA signed">{day(vendor.baaSignedOn)}</Row>
      <Row term="Risks">{vendor.risks.map((risk) => `${risk.ref} ${risk.title}`).join('; ') || 'none linked'}</Row>
      <Row term="Controls">{vendor.controlIds.join(', ') || 'none linked'}</Row>
    </dl>
  );
}

/** One vendor's register entry (getVendor), with a way to edit it. */
export function VendorDetail({
  vendorId,
  canWrite,
  onEdit,
  onClose,
  extra,
}: {
  vendorId: string;
  canWrite: boolean;
  onEdit: (vendor: Vendor) => void;
  onClose: () => void;
  /** What the route composes under the entry (the vendor's questionnaires): features never import each other. */
  extra?: (vendor: Vendor) => ReactNode;
}) {
  const vendor = useVendor(vendorId);
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-h-[90vh] max-w-2xl overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{vendor.data ? `${vendor.data.ref} ${vendor.data.name}` : 'Vendor'}</DialogTitle>
          <DialogDescription>The vendor’s entry in the register and its documents.</DialogDescription>
        </DialogHeader>
        {vendor.isPending ? (
          <Spinner label="Loading the vendor" />
        ) : vendor.isError ? (
          <LoadFailed title="The vendor could not be loaded" onRetry={() => void vendor.refetch()} />
        ) : (
          <>
            <Facts vendor={vendor.data} />
            {extra?.(vendor.data)}
            <VendorDocuments vendorId={vendor.data.id} canWrite={canWrite} />
          </>
        )}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose}>
            Close
          </Button>
          {canWrite && vendor.data ? (
            <Button type="button" onClick={() => onEdit(vendor.data)}>
              Edit
            </Button>
          ) : null}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
