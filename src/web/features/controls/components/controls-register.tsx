import { ShieldCheck } from 'lucide-react';
import { useDeferredValue, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useSetSearchParam } from '../../../lib/use-set-search-param.ts';
import type { ProgrammeControl } from '../../../../shared/schemas/controls.ts';
import {
  CATALOGUE_FRAMEWORK_IDS,
  CONTROL_STATUS_LABELS,
  CONTROL_STATUSES,
  type CatalogueFrameworkId,
  type ControlStatus,
} from '../../../../shared/schemas/programme-statuses.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { EmptyState, LoadFailed } from '../../../components/ui/load-states.tsx';
import { NativeSelect } from '../../../components/ui/native-select.tsx';
import { SearchField } from '../../../components/ui/search-field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatUtcDay } from '../../../lib/utc-dates.ts';
import { useControls } from '../api/controls-api.ts';
import { ControlEditDialog, type Person } from './control-edit-dialog.tsx';
import { ControlStatusBadge } from './status-badges.tsx';

/**
 * The register shows a page of controls at a time: an organization with two frameworks has well over a
 * hundred, which made the list ~15,000 px long on a phone (docs/programme.md "Controls register").
 */
export const CONTROLS_PAGE_SIZE = 25;

const asFramework = (value: string | null) => CATALOGUE_FRAMEWORK_IDS.find((id) => id === value);
const asStatus = (value: string | null) => CONTROL_STATUSES.find((status) => status === value);

function EvidenceCell({ control }: { control: ProgrammeControl }) {
  return (
    <>
      <span className="tabular-nums">
        {control.freshEvidenceCount} fresh of {control.evidenceCount}
      </span>
      {control.nextExpiry ? (
        <span className="block text-xs text-muted-foreground">expires {formatUtcDay(new Date(control.nextExpiry))}</span>
      ) : null}
    </>
  );
}

type FrameworkOption = { id: CatalogueFrameworkId; name: string };

/** The filters: words, framework and status (the last two kept in the URL by the caller). */
function ControlFilters({
  id,
  search,
  onSearch,
  frameworks,
  frameworkId,
  status,
  onFilter,
}: {
  id: string;
  search: string;
  onSearch: (value: string) => void;
  frameworks: FrameworkOption[];
  frameworkId: CatalogueFrameworkId | undefined;
  status: ControlStatus | undefined;
  onFilter: (name: 'framework' | 'status', value: string) => void;
}) {
  return (
    <div className="flex flex-wrap items-end gap-3">
      <SearchField id={`${id}-q`} label="Search controls" value={search} onChange={onSearch} placeholder="e.g. AC-03 or encryption" />
      <div className="grid gap-2">
        <Label htmlFor={`${id}-framework`}>Framework</Label>
        <NativeSelect id={`${id}-framework`} value={frameworkId ?? ''} onChange={(event) => onFilter('framework', event.target.value)}>
          <option value="">All active frameworks</option>
          {frameworks.map((framework) => (
            <option key={framework.id} value={framework.id}>
              {framework.name}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-status`}>Status</Label>
        <NativeSelect id={`${id}-status`} value={status ?? ''} onChange={(event) => onFilter('status', event.target.value)}>
          <option value="">All statuses</option>
          {CONTROL_STATUSES.map((value) => (
            <option key={value} value={value}>
              {CONTROL_STATUS_LABELS[value as ControlStatus]}
            </option>
          ))}
        </NativeSelect>
      </div>
    </div>
  );
}

/** One control in the register; `onEdit` only for someone who may edit it. */
function ControlRow({ control, frameworks, onEdit }: { control: ProgrammeControl; frameworks: FrameworkOption[]; onEdit?: () => void }) {
  return (
    <tr className="align-top">
      <th scope="row" className="p-3 font-normal">
        <span className="font-mono text-xs font-semibold">{control.id}</span>
        <span className="block font-medium">{control.title}</span>
        <span className="block text-xs text-muted-foreground">{control.domain}</span>
      </th>
      <td className="p-3">
        <span className="flex flex-wrap gap-1">
          <ControlStatusBadge status={control.status} />
          {control.applicable ? null : <Badge tone="neutral">Not applicable</Badge>}
        </span>
      </td>
      <td className="hidden p-3 sm:table-cell">{control.owner?.name ?? <span className="text-muted-foreground">No owner</span>}</td>
      <td className="hidden p-3 md:table-cell">
        <EvidenceCell control={control} />
      </td>
      <td className="hidden p-3 text-xs lg:table-cell">
        {control.frameworks.map((framework) => frameworks.find((f) => f.id === framework)?.name ?? framework).join(', ')}
      </td>
      {onEdit ? (
        <td className="p-3 text-right">
          <Button type="button" size="sm" variant="outline" onClick={onEdit} aria-label={`Edit ${control.id}`}>
            Edit
          </Button>
        </td>
      ) : null}
    </tr>
  );
}

/** The register's column headings (the actions column only for someone who may edit). */
function ControlsTableHead({ canEdit }: { canEdit: boolean }) {
  return (
    <thead className="bg-muted/50 text-xs text-muted-foreground">
      <tr>
        <th scope="col" className="p-3 font-medium">
          Control
        </th>
        <th scope="col" className="p-3 font-medium">
          Status
        </th>
        <th scope="col" className="hidden p-3 font-medium sm:table-cell">
          Owner
        </th>
        <th scope="col" className="hidden p-3 font-medium md:table-cell">
          Evidence
        </th>
        <th scope="col" className="hidden p-3 font-medium lg:table-cell">
          Frameworks
        </th>
        {canEdit ? (
          <th scope="col" className="p-3 font-medium">
            <span className="sr-only">Actions</span>
          </th>
        ) : null}
      </tr>
    </thead>
  );
}

/** Previous and Next through the pages of controls, and which of them are shown. */
function ControlsPager({
  page,
  shownCount,
  total,
  pageCount,
  onGo,
}: {
  page: number;
  shownCount: number;
  total: number;
  pageCount: number;
  onGo: (page: number) => void;
}) {
  return (
    <nav aria-label="Pages of controls" className="flex flex-wrap items-center justify-between gap-2 text-sm">
      <p aria-live="polite" data-testid="controls-page-status">
        Controls {page * CONTROLS_PAGE_SIZE + 1}–{page * CONTROLS_PAGE_SIZE + shownCount} of {total}
      </p>
      <span className="flex gap-2">
        <Button type="button" size="sm" variant="outline" disabled={page === 0} onClick={() => onGo(page - 1)}>
          Previous
        </Button>
        <Button type="button" size="sm" variant="outline" disabled={page >= pageCount - 1} onClick={() => onGo(page + 1)}>
          Next
        </Button>
      </span>
    </nav>
  );
}

/**
 * The controls in scope: filter by framework, status and words (kept in the URL, so a count on the
 * overview links straight here), edit one in a dialog.
 */
export function ControlsRegister({
  organizationId,
  frameworks,
  me,
  canEdit,
}: {
  organizationId: string | undefined;
  /** The active frameworks (id and name) to filter by. */
  frameworks: FrameworkOption[];
  me: Person | null;
  canEdit: boolean;
}) {
  const id = useId();
  const [params] = useSearchParams();
  const frameworkId = asFramework(params.get('framework'));
  const status = asStatus(params.get('status'));
  const [search, setSearch] = useState('');
  const q = useDeferredValue(search.trim());
  const controls = useControls(organizationId, { frameworkId, status, q: q || undefined });
  const [editing, setEditing] = useState<ProgrammeControl | null>(null);
  const rows = controls.data?.controls ?? [];
  // A new filter starts again at the first page.
  const filterKey = `${frameworkId ?? ''}|${status ?? ''}|${q}`;
  const [paging, setPaging] = useState({ filterKey, page: 0 });
  const pageCount = Math.max(1, Math.ceil(rows.length / CONTROLS_PAGE_SIZE));
  const page = paging.filterKey === filterKey ? Math.min(paging.page, pageCount - 1) : 0;
  const shown = rows.slice(page * CONTROLS_PAGE_SIZE, (page + 1) * CONTROLS_PAGE_SIZE);
  const goTo = (next: number) => setPaging({ filterKey, page: next });
  const owners = new Map<string, Person>(me ? [[me.id, me]] : []);
  for (const row of rows) if (row.owner && !owners.has(row.owner.id)) owners.set(row.owner.id, row.owner);
  const setParam = useSetSearchParam();
  const setFilter = (name: 'framework' | 'status', value: string) => setParam(name, value);

  return (
    <div className="grid gap-4">
      <ControlFilters
        id={id}
        search={search}
        onSearch={setSearch}
        frameworks={frameworks}
        frameworkId={frameworkId}
        status={status}
        onFilter={setFilter}
      />
      {controls.isPending ? (
        <Spinner label="Loading the controls" />
      ) : controls.isError ? (
        <LoadFailed title="The controls could not be loaded" onRetry={() => void controls.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState icon={ShieldCheck} title={frameworkId || status || q ? 'No controls match' : 'No controls in scope yet'}>
          {frameworkId || status || q
            ? 'Try another framework, status or word.'
            : 'Controls come into scope when you activate a framework.'}
        </EmptyState>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-border">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Controls in scope</caption>
            <ControlsTableHead canEdit={canEdit} />
            <tbody className="divide-y divide-border">
              {shown.map((control) => (
                <ControlRow
                  key={control.id}
                  control={control}
                  frameworks={frameworks}
                  onEdit={canEdit ? () => setEditing(control) : undefined}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {rows.length > CONTROLS_PAGE_SIZE ? (
        <ControlsPager page={page} shownCount={shown.length} total={rows.length} pageCount={pageCount} onGo={goTo} />
      ) : null}
      {editing ? (
        <ControlEditDialog
          control={editing}
          organizationId={organizationId}
          people={[...owners.values()]}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </div>
  );
}
