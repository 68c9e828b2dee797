import { FileCheck2, Plus } from 'lucide-react';
import { useDeferredValue, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useSetSearchParam } from '../../../lib/use-set-search-param.ts';
import { type Evidence } from '../../../../shared/schemas/evidence.ts';
import { EVIDENCE_STATES, type EvidenceState } from '../../../../shared/schemas/programme-statuses.ts';
import type { ControlOption } from '../../../components/control-picker.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { EmptyState, LoadFailed } from '../../../components/ui/load-states.tsx';
import { NativeSelect } from '../../../components/ui/native-select.tsx';
import { SearchField } from '../../../components/ui/search-field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useEvidenceList } from '../api/evidence-api.ts';
import { EVIDENCE_STATE_LABELS } from '../evidence-labels.ts';
import { EvidenceRow } from './evidence-row.tsx';
import { EvidenceUploadDialog } from './evidence-upload-dialog.tsx';

const asState = (value: string | null) => EVIDENCE_STATES.find((state) => state === value);
const CONTROL_ID = /^[A-Z]{2,4}-\d{2}$/;

/** The evidence register: filter by state, control and words (state and control in the URL), add, download, sign off. */
export function EvidenceRegister({
  organizationId,
  controls,
  meId,
  canWrite,
}: {
  organizationId: string | undefined;
  controls: ControlOption[];
  meId: string | null;
  canWrite: boolean;
}) {
  const id = useId();
  const [params] = useSearchParams();
  const state = asState(params.get('state'));
  const controlParam = params.get('control');
  const controlId = controlParam && CONTROL_ID.test(controlParam) ? controlParam : undefined;
  const [search, setSearch] = useState('');
  const q = useDeferredValue(search.trim());
  const [isAdding, setIsAdding] = useState(params.get('add') === '1');
  const list = useEvidenceList({ organizationId, state, controlId, q: q || undefined });
  const rows = list.data?.evidence ?? [];
  const isFiltered = Boolean(state || controlId || q);
  const setParam = useSetSearchParam();
  const setFilter = (name: 'state' | 'control', value: string) => setParam(name, value);

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-end gap-3">
        <SearchField id={`${id}-q`} label="Search evidence" value={search} onChange={setSearch} placeholder="e.g. access review" />
        <div className="grid gap-2">
          <Label htmlFor={`${id}-state`}>State</Label>
          <NativeSelect id={`${id}-state`} value={state ?? ''} onChange={(event) => setFilter('state', event.target.value)}>
            <option value="">All states</option>
            {EVIDENCE_STATES.map((value) => (
              <option key={value} value={value}>
                {EVIDENCE_STATE_LABELS[value as EvidenceState]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-control`}>Control</Label>
          <NativeSelect id={`${id}-control`} value={controlId ?? ''} onChange={(event) => setFilter('control', event.target.value)}>
            <option value="">All controls</option>
            {controls.map((control) => (
              <option key={control.id} value={control.id}>
                {control.id} {control.title}
              </option>
            ))}
          </NativeSelect>
        </div>
        {canWrite ? (
          <Button type="button" className="sm:ml-auto" onClick={() => setIsAdding(true)}>
            <Plus aria-hidden /> Add evidence
          </Button>
        ) : null}
      </div>
      {list.isPending ? (
        <Spinner label="Loading the evidence" />
      ) : list.isError ? (
        <LoadFailed title="The evidence could not be loaded" onRetry={() => void list.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState icon={FileCheck2} title={isFiltered ? 'No evidence matches' : 'No evidence yet'}>
          {isFiltered ? 'Try another state, control or word.' : 'Upload a file or record a link for a control; it counts until it expires.'}
        </EmptyState>
      ) : (
        <>
          <ul className="grid gap-3" aria-label="Evidence">
            {rows.map((evidence: Evidence) => (
              <EvidenceRow
                key={evidence.id}
                evidence={evidence}
                organizationId={organizationId}
                canSignOff={canWrite && evidence.uploadedBy.id !== meId}
              />
            ))}
          </ul>
          {list.data && list.data.total > rows.length ? (
            <p className="text-xs text-muted-foreground">
              Showing {rows.length} of {list.data.total}; narrow the search to see the rest.
            </p>
          ) : null}
        </>
      )}
      {isAdding ? (
        <EvidenceUploadDialog
          organizationId={organizationId}
          controls={controls}
          initialControlIds={controlId ? [controlId] : []}
          onClose={() => setIsAdding(false)}
        />
      ) : null}
    </div>
  );
}
