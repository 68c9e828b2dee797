import { Plus, TriangleAlert } from 'lucide-react';
import { useDeferredValue, useId, useState } from 'react';
import { RISK_STATUSES, type RiskStatus } from '../../../../shared/schemas/programme-statuses.ts';
import type { Risk } from '../../../../shared/schemas/risks.ts';
import type { ControlOption } from '../../../components/control-picker.tsx';
import { RiskHeatMap } from '../../../components/risk-heat-map.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { EmptyState, LoadFailed } from '../../../components/ui/load-states.tsx';
import { NativeSelect } from '../../../components/ui/native-select.tsx';
import { SearchField } from '../../../components/ui/search-field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatUtcDay, parseUtcDay } from '../../../lib/utc-dates.ts';
import { useRisks } from '../api/risks-api.ts';
import { RISK_CATEGORY_LABELS, RISK_STATUS_LABELS, RISK_TREATMENT_LABELS } from '../risk-labels.ts';
import { RiskDialog } from './risk-dialog.tsx';
import { RiskScoreBadge } from './risk-score-badge.tsx';

/** The risk register: heat maps of open risks (inherent and residual), the list, and a dialog to add or edit one. */
// eslint-disable-next-line max-lines-per-function -- the two heat maps, the list and the dialog share the filters and the dialog's selection; each block is short JSX
export function RiskRegister({
  organizationId,
  controls,
  me,
  canWrite,
}: {
  organizationId: string | undefined;
  controls: ControlOption[];
  me: { id: string; name: string } | null;
  canWrite: boolean;
}) {
  const id = useId();
  const [status, setStatus] = useState<RiskStatus | ''>('open');
  const [search, setSearch] = useState('');
  const q = useDeferredValue(search.trim());
  const risks = useRisks(organizationId, { status: status || undefined, q: q || undefined });
  const [editing, setEditing] = useState<Risk | 'new' | null>(null);
  const rows = risks.data?.risks ?? [];
  const people = new Map(me ? [[me.id, me]] : []);
  for (const row of rows) if (row.owner && !people.has(row.owner.id)) people.set(row.owner.id, row.owner);

  return (
    <div className="grid gap-4">
      {risks.data ? (
        <div className="grid gap-4 rounded-lg border border-border bg-card p-4 md:grid-cols-2">
          <RiskHeatMap cells={risks.data.heatMap.inherent} caption="Open risks before treatment (inherent)" />
          <RiskHeatMap cells={risks.data.heatMap.residual} caption="Open risks after treatment (residual)" />
        </div>
      ) : null}
      <div className="flex flex-wrap items-end gap-3">
        <SearchField id={`${id}-q`} label="Search risks" value={search} onChange={setSearch} placeholder="e.g. R-004 or vendor" />
        <div className="grid gap-2">
          <Label htmlFor={`${id}-status`}>Status</Label>
          <NativeSelect id={`${id}-status`} value={status} onChange={(event) => setStatus(event.target.value as RiskStatus | '')}>
            <option value="">All risks</option>
            {RISK_STATUSES.map((value) => (
              <option key={value} value={value}>
                {RISK_STATUS_LABELS[value]}
              </option>
            ))}
          </NativeSelect>
        </div>
        {canWrite ? (
          <Button type="button" className="sm:ml-auto" onClick={() => setEditing('new')}>
            <Plus aria-hidden /> Add a risk
          </Button>
        ) : null}
      </div>
      {risks.isPending ? (
        <Spinner label="Loading the risks" />
      ) : risks.isError ? (
        <LoadFailed title="The risks could not be loaded" onRetry={() => void risks.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState icon={TriangleAlert} title={q || status === 'closed' ? 'No risks match' : 'No open risks'}>
          Record what could go wrong, how likely it is and how bad it would be; link the controls that treat it.
        </EmptyState>
      ) : (
        <ul className="grid gap-3" aria-label="Risks">
          {rows.map((risk) => (
            <li key={risk.id} className="grid gap-2 rounded-lg border border-border bg-card p-4">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <span className="font-medium">
                  <span className="font-mono text-xs font-semibold">{risk.ref}</span> {risk.title}
                </span>
                <span className="flex flex-wrap gap-1.5">
                  <RiskScoreBadge likelihood={risk.likelihood} impact={risk.impact} label="Inherent" />
                  <RiskScoreBadge likelihood={risk.residualLikelihood} impact={risk.residualImpact} label="Residual" />
                  {risk.status === 'closed' ? <Badge>Closed</Badge> : null}
                </span>
              </div>
              <dl className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
                <div className="flex gap-1">
                  <dt>Category</dt>
                  <dd>{RISK_CATEGORY_LABELS[risk.category]}</dd>
                </div>
                <div className="flex gap-1">
                  <dt>Treatment</dt>
                  <dd>{RISK_TREATMENT_LABELS[risk.treatment]}</dd>
                </div>
                <div className="flex gap-1">
                  <dt>Owner</dt>
                  <dd>{risk.owner?.name ?? 'nobody yet'}</dd>
                </div>
                <div className="flex gap-1">
                  <dt>Review</dt>
                  <dd>{risk.reviewDate ? formatUtcDay(parseUtcDay(risk.reviewDate)) : 'not set'}</dd>
                </div>
                {risk.controlIds.length > 0 ? (
                  <div className="flex gap-1">
                    <dt>Controls</dt>
                    <dd className="font-mono">{risk.controlIds.join(', ')}</dd>
                  </div>
                ) : null}
              </dl>
              {canWrite ? (
                <Button
                  type="button"
                  size="sm"
                  variant="outline"
                  className="justify-self-start"
                  onClick={() => setEditing(risk)}
                  aria-label={`Edit ${risk.ref}`}
                >
                  Edit
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {editing ? (
        <RiskDialog
          risk={editing === 'new' ? null : editing}
          organizationId={organizationId}
          people={[...people.values()]}
          controls={controls}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </div>
  );
}
