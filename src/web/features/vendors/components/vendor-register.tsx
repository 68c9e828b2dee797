import { Building2, Plus } from 'lucide-react';
import { type ReactNode, useDeferredValue, useId, useState } from 'react';
import {
  VENDOR_DATA_CATEGORIES,
  VENDOR_DATA_CATEGORY_LABELS,
  VENDOR_RESIDUAL_RISK_LABELS,
  VENDOR_STATUS_LABELS,
  VENDOR_STATUSES,
  VENDOR_TIER_LABELS,
  VENDOR_TIERS,
  type Vendor,
  type VendorDataCategory,
  type VendorStatus,
} from '../../../../shared/schemas/vendors.ts';
import type { ControlOption } from '../../../components/control-picker.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { EmptyState, LoadFailed } from '../../../components/ui/load-states.tsx';
import { NativeSelect } from '../../../components/ui/native-select.tsx';
import { SearchField } from '../../../components/ui/search-field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatUtcDay, parseUtcDay } from '../../../lib/utc-dates.ts';
import type { VendorFilters } from '../api/vendor-keys.ts';
import { useVendors } from '../api/vendors-api.ts';
import { VendorDetail } from './vendor-detail.tsx';
import { VendorDialog } from './vendor-dialog.tsx';

function Filter({
  id,
  label,
  value,
  onChange,
  children,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: React.ReactNode;
}) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <NativeSelect id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        {children}
      </NativeSelect>
    </div>
  );
}

function useFilters() {
  const [status, setStatus] = useState<VendorStatus | ''>('');
  const [tier, setTier] = useState('');
  const [dataCategory, setDataCategory] = useState<VendorDataCategory | ''>('');
  const [subProcessor, setSubProcessor] = useState<'' | 'true' | 'false'>('');
  const [reviewDue, setReviewDue] = useState(false);
  const [search, setSearch] = useState('');
  const q = useDeferredValue(search.trim());
  const filters: VendorFilters = {
    status: status || undefined,
    tier: tier ? Number(tier) : undefined,
    dataCategory: dataCategory || undefined,
    subProcessor: subProcessor || undefined,
    reviewDue: reviewDue ? 'true' : undefined,
    q: q || undefined,
  };
  const values = { status, tier, dataCategory, subProcessor, reviewDue, search };
  const set = { setStatus, setTier, setDataCategory, setSubProcessor, setReviewDue, setSearch };
  return { filters, values, set, isFiltered: Object.values(filters).some((value) => value !== undefined) };
}

function Filters({ state }: { state: ReturnType<typeof useFilters> }) {
  const id = useId();
  const { values, set } = state;
  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5 lg:items-end">
      <SearchField
        id={`${id}-q`}
        label="Search vendors"
        value={values.search}
        onChange={set.setSearch}
        placeholder="e.g. V-004 or payroll"
      />
      <Filter id={`${id}-status`} label="Status" value={values.status} onChange={(value) => set.setStatus(value as VendorStatus | '')}>
        <option value="">Any status</option>
        {VENDOR_STATUSES.map((value) => (
          <option key={value} value={value}>
            {VENDOR_STATUS_LABELS[value]}
          </option>
        ))}
      </Filter>
      <Filter id={`${id}-tier`} label="Tier" value={values.tier} onChange={set.setTier}>
        <option value="">Any tier</option>
        {VENDOR_TIERS.map((value) => (
          <option key={value} value={value}>
            {VENDOR_TIER_LABELS[value]}
          </option>
        ))}
      </Filter>
      <Filter
        id={`${id}-data`}
        label="Data shared"
        value={values.dataCategory}
        onChange={(value) => set.setDataCategory(value as VendorDataCategory | '')}
      >
        <option value="">Any data</option>
        {VENDOR_DATA_CATEGORIES.map((value) => (
          <option key={value} value={value}>
            {VENDOR_DATA_CATEGORY_LABELS[value]}
          </option>
        ))}
      </Filter>
      <Filter
        id={`${id}-sub`}
        label="Sub-processor"
        value={values.subProcessor}
        onChange={(value) => set.setSubProcessor(value as '' | 'true' | 'false')}
      >
        <option value="">Either</option>
        <option value="true">Sub-processors</option>
        <option value="false">Not sub-processors</option>
      </Filter>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" className="size-4" checked={values.reviewDue} onChange={(event) => set.setReviewDue(event.target.checked)} />
        Review due
      </label>
    </div>
  );
}

function VendorItem({ vendor, onOpen }: { vendor: Vendor; onOpen: () => void }) {
  return (
    <li className="grid gap-2 rounded-lg border border-border bg-card p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <span className="font-medium">
          <span className="font-mono text-xs font-semibold">{vendor.ref}</span> {vendor.name}
        </span>
        <span className="flex flex-wrap gap-1.5">
          <Badge>{VENDOR_STATUS_LABELS[vendor.status]}</Badge>
          <Badge tone="info">Tier {vendor.tier}</Badge>
          {vendor.residualRisk ? <Badge tone="info">Residual risk: {VENDOR_RESIDUAL_RISK_LABELS[vendor.residualRisk]}</Badge> : null}
          {vendor.reviewDue ? <Badge tone="red">Review due</Badge> : null}
        </span>
      </div>
      <dl className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
        <div className="flex gap-1">
          <dt>Owner</dt>
          <dd>{vendor.owner?.name ?? 'nobody yet'}</dd>
        </div>
        <div className="flex gap-1">
          <dt>Data</dt>
          <dd>{vendor.dataCategories.map((category) => VENDOR_DATA_CATEGORY_LABELS[category]).join(', ') || 'not stated'}</dd>
        </div>
        <div className="flex gap-1">
          <dt>Next review</dt>
          <dd>{vendor.nextReviewOn ? formatUtcDay(parseUtcDay(vendor.nextReviewOn)) : 'not set'}</dd>
        </div>
        {vendor.isSubProcessor ? <div>Sub-processor</div> : null}
      </dl>
      <Button
        type="button"
        size="sm"
        variant="outline"
        className="justify-self-start"
        onClick={onOpen}
        aria-label={`Open ${vendor.ref} ${vendor.name}`}
      >
        Open
      </Button>
    </li>
  );
}

/** The vendor register: filters, the list, a vendor's detail, and a dialog to add or edit one. */
export function VendorRegister({
  organizationId,
  controls,
  me,
  canWrite,
  vendorExtra,
}: {
  organizationId: string | undefined;
  controls: ControlOption[];
  me: { id: string; name: string } | null;
  canWrite: boolean;
  /** Composed under an open vendor's entry by the route (its questionnaires). */
  vendorExtra?: (vendor: Vendor) => ReactNode;
}) {
  const state = useFilters();
  const vendors = useVendors(organizationId, state.filters);
  const [editing, setEditing] = useState<Vendor | 'new' | null>(null);
  const [openId, setOpenId] = useState<string | null>(null);
  const rows = vendors.data?.vendors ?? [];
  const people = new Map(me ? [[me.id, me]] : []);
  for (const row of rows) if (row.owner && !people.has(row.owner.id)) people.set(row.owner.id, row.owner);
  return (
    <div className="grid gap-4">
      <Filters state={state} />
      {canWrite ? (
        <Button type="button" className="justify-self-start" onClick={() => setEditing('new')}>
          <Plus aria-hidden /> Add a vendor
        </Button>
      ) : null}
      {vendors.isPending ? (
        <Spinner label="Loading the vendors" />
      ) : vendors.isError ? (
        <LoadFailed title="The vendors could not be loaded" onRetry={() => void vendors.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState icon={Building2} title={state.isFiltered ? 'No vendors match' : 'No vendors yet'}>
          List the third parties you rely on: what they do, what data they see, how critical they are, and when they are next reviewed.
        </EmptyState>
      ) : (
        <ul className="grid gap-3" aria-label="Vendors">
          {rows.map((vendor) => (
            <VendorItem key={vendor.id} vendor={vendor} onOpen={() => setOpenId(vendor.id)} />
          ))}
        </ul>
      )}
      {openId ? (
        <VendorDetail
          vendorId={openId}
          canWrite={canWrite}
          extra={vendorExtra}
          onEdit={(vendor) => {
            setOpenId(null);
            setEditing(vendor);
          }}
          onClose={() => setOpenId(null)}
        />
      ) : null}
      {editing ? (
        <VendorDialog
          vendor={editing === 'new' ? null : editing}
          organizationId={organizationId}
          people={[...people.values()]}
          controls={controls}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </div>
  );
}
