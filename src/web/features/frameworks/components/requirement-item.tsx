import type { Requirement } from '../../../../shared/schemas/frameworks.ts';
import {
  CONTROL_STATUS_LABELS,
  MAPPING_RELATION_LABELS,
  type MappingRelation,
  REQUIREMENT_STATUS_LABELS,
  type RequirementStatus,
} from '../../../../shared/schemas/programme-statuses.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { cn } from '../../../lib/cn.ts';
import { RELATION_WORD, REQUIREMENT_STATUS_TONE } from '../framework-labels.ts';

export function RequirementStatusBadge({ status }: { status: RequirementStatus }) {
  return <Badge tone={REQUIREMENT_STATUS_TONE[status]}>{REQUIREMENT_STATUS_LABELS[status]}</Badge>;
}

/** The relation's word, explained by MAPPING_RELATION_LABELS on hover and in the page's legend. */
export function RelationBadge({ relation }: { relation: MappingRelation }) {
  return (
    <Badge tone={relation === 'equal' ? 'green' : relation === 'superset' ? 'info' : 'neutral'} title={MAPPING_RELATION_LABELS[relation]}>
      {RELATION_WORD[relation]}
    </Badge>
  );
}

/** One assessable requirement: what it asks, where the organization stands, and the controls that serve it. */
export function RequirementItem({ requirement, isTarget }: { requirement: Requirement; isTarget: boolean }) {
  return (
    <article
      aria-labelledby={`req-${requirement.ref}-title`}
      className={cn('space-y-2 rounded-md border border-border bg-card p-3', isTarget && 'ring-2 ring-primary')}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h4 id={`req-${requirement.ref}-title`} className="min-w-0 text-sm font-medium">
          <span className="mr-2 font-mono text-xs text-muted-foreground">{requirement.ref}</span>
          {requirement.title}
        </h4>
        {requirement.status ? <RequirementStatusBadge status={requirement.status} /> : null}
      </div>
      {requirement.summary ? <p className="text-sm text-muted-foreground">{requirement.summary}</p> : null}
      {requirement.reason ? <p className="text-sm">{requirement.reason}</p> : null}
      {requirement.notAddressable ? (
        <p className="text-sm">
          <span className="font-medium">Not addressable by a control:</span> {requirement.notAddressable}
        </p>
      ) : null}
      {requirement.controls.length > 0 ? (
        <ul aria-label={`Controls mapped to ${requirement.ref}`} className="space-y-1.5">
          {requirement.controls.map((control) => (
            <li key={control.id} className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
              <RelationBadge relation={control.relation} />
              <span className="font-mono text-xs">{control.id}</span>
              <span className="min-w-0">{control.title}</span>
              {control.applicable === false ? (
                <span className="text-xs text-muted-foreground">(not applicable)</span>
              ) : control.status ? (
                <span className="text-xs text-muted-foreground">({CONTROL_STATUS_LABELS[control.status]})</span>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </article>
  );
}
