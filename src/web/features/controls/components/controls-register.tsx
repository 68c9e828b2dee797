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
import { Alert, AlertTitle } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { NativeSelect } from '../../../components/ui/native-select.tsx';
import { SearchField } from '../../../components/ui/search-field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatUtcDay } from '../../../lib/utc-dates.ts';
import { useControls } from '../api/controls-api.ts';
import { ControlEditDialog, type Person } from './control-edit-dialog.tsx';
import { ControlStatusBadge } from './status-badges.tsx';

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
  frameworks: { id: CatalogueFrameworkId; name: string }[];
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
  const owners = new Map<string, Person>(me ? [[me.id, me]] : []);
  for (const row of rows) if (row.owner && !owners.has(row.owner.id)) owners.set(row.owner.id, row.owner);
  const setParam = useSetSearchParam();
  const setFilter = (name: 'framework' | 'status', value: string) => setParam(name, value);

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-end gap-3">
        <SearchField id={`${id}-q`} label="Search controls" value={search} onChange={setSearch} placeholder="e.g. AC-03 or encryption" />
        <div className="grid gap-2">
          <Label htmlFor={`${id}-framework`}>Framework</Label>
          <NativeSelect id={`${id}-framework`} value={frameworkId ?? ''} onChange={(event) => setFilter('framework', event.target.value)}>
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
          <NativeSelect id={`${id}-status`} value={status ?? ''} onChange={(event) => setFilter('status', event.target.value)}>
            <option value="">All statuses</option>
            {CONTROL_STATUSES.map((value) => (
              <option key={value} value={value}>
                {CONTROL_STATUS_LABELS[value as ControlStatus]}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>
      {controls.isPending ? (
        <Spinner label="Loading the controls" />
      ) : controls.isError ? (
        <Alert role="alert" variant="destructive">
          <AlertTitle>The controls could not be loaded</AlertTitle>
          <Button type="button" variant="outline" size="sm" className="mt-3" onClick={() => void controls.refetch()}>
            Retry
          </Button>
        </Alert>
      ) : rows.length === 0 ? (
        <div className="rounded-lg border border-dashed border-border p-8 text-center">
          <ShieldCheck className="mx-auto size-8 text-muted-foreground" aria-hidden />
          <p className="mt-3 font-semibold">{frameworkId || status || q ? 'No controls match' : 'No controls in scope yet'}</p>
          <p className="mx-auto mt-1 max-w-md text-sm text-muted-foreground">
            {frameworkId || status || q
              ? 'Try another framework, status or word.'
              : 'Controls come into scope when you activate a framework.'}
          </p>
        </div>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-border">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Controls in scope</caption>
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
            <tbody className="divide-y divide-border">
              {rows.map((control) => (
                <tr key={control.id} className="align-top">
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
                  <td className="hidden p-3 sm:table-cell">
                    {control.owner?.name ?? <span className="text-muted-foreground">No owner</span>}
                  </td>
                  <td className="hidden p-3 md:table-cell">
                    <EvidenceCell control={control} />
                  </td>
                  <td className="hidden p-3 text-xs lg:table-cell">
                    {control.frameworks.map((framework) => frameworks.find((f) => f.id === framework)?.name ?? framework).join(', ')}
                  </td>
                  {canEdit ? (
                    <td className="p-3 text-right">
                      <Button
                        type="button"
                        size="sm"
                        variant="outline"
                        onClick={() => setEditing(control)}
                        aria-label={`Edit ${control.id}`}
                      >
                        Edit
                      </Button>
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
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
