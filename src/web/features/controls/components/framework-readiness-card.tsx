import { useId, useState } from 'react';
import { scoreBand } from '../../../../shared/rules/score-bands.ts';
import type { FrameworkReadiness } from '../../../../shared/schemas/frameworks.ts';
import {
  AUDIT_TYPE_LABELS,
  REQUIREMENT_STATUS_LABELS,
  REQUIREMENT_STATUSES,
  type RequirementStatus,
} from '../../../../shared/schemas/programme-statuses.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { DisclosureButton } from '../../../components/ui/disclosure-button.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { NativeSelect } from '../../../components/ui/native-select.tsx';
import { Progress } from '../../../components/ui/progress.tsx';
import { formatUtcDay, parseUtcDay } from '../../../lib/utc-dates.ts';
import { RequirementStatusBadge } from './status-badges.tsx';

const COUNTS: { key: 'met' | 'partial' | 'notMet' | 'notApplicable'; label: string }[] = [
  { key: 'met', label: REQUIREMENT_STATUS_LABELS.met },
  { key: 'partial', label: REQUIREMENT_STATUS_LABELS.partial },
  { key: 'notMet', label: REQUIREMENT_STATUS_LABELS.not_met },
  { key: 'notApplicable', label: REQUIREMENT_STATUS_LABELS.not_applicable },
];

/** One active framework: its score, the requirement counts, and each requirement with the reason for its status. */
export function FrameworkReadinessCard({ framework }: { framework: FrameworkReadiness }) {
  const id = useId();
  const [isOpen, setIsOpen] = useState(false);
  const [status, setStatus] = useState<RequirementStatus | ''>('');
  const band = scoreBand(framework.score);
  const shown = status ? framework.requirements.filter((requirement) => requirement.status === status) : framework.requirements;
  const details = [
    framework.auditType ? AUDIT_TYPE_LABELS[framework.auditType] : null,
    framework.targetDate ? `target ${formatUtcDay(parseUtcDay(framework.targetDate))}` : null,
  ].filter(Boolean);
  return (
    <li className="rounded-lg border border-border bg-card p-4" aria-labelledby={`${id}-name`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h4 id={`${id}-name`} className="font-semibold">
            {framework.name}
          </h4>
          {details.length > 0 ? <p className="text-xs text-muted-foreground">{details.join(' · ')}</p> : null}
        </div>
        <Badge tone={band.color}>
          {framework.score}% ready · {band.label}
        </Badge>
      </div>
      <Progress className="mt-3" value={framework.score} aria-label={`${framework.name} readiness`} />
      <dl className="mt-3 grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
        {COUNTS.map(({ key, label }) => (
          <div key={key} className="rounded-md bg-muted/50 px-2 py-1.5">
            <dt className="text-xs text-muted-foreground">{label}</dt>
            <dd className="font-semibold tabular-nums">{framework[key]}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
        <p className="text-xs text-muted-foreground">
          {framework.total} requirements{framework.notAddressable > 0 ? `, ${framework.notAddressable} not addressable by a control` : ''}
        </p>
        <DisclosureButton
          isOpen={isOpen}
          name={`${framework.name} requirements`}
          controls={`${id}-requirements`}
          onToggle={() => setIsOpen((open) => !open)}
        />
      </div>
      <div id={`${id}-requirements`} hidden={!isOpen} className="mt-3 space-y-3">
        {isOpen ? (
          <>
            <div className="grid max-w-xs gap-2">
              <Label htmlFor={`${id}-status`}>Show requirements</Label>
              <NativeSelect
                id={`${id}-status`}
                value={status}
                onChange={(event) => setStatus(event.target.value as RequirementStatus | '')}
              >
                <option value="">All statuses</option>
                {REQUIREMENT_STATUSES.map((value) => (
                  <option key={value} value={value}>
                    {REQUIREMENT_STATUS_LABELS[value]}
                  </option>
                ))}
              </NativeSelect>
            </div>
            {shown.length === 0 ? (
              <p className="text-sm text-muted-foreground">No requirement has this status.</p>
            ) : (
              <ul className="divide-y divide-border rounded-md border border-border" aria-label={`${framework.name} requirements`}>
                {shown.map((requirement) => (
                  <li key={requirement.ref} className="grid gap-1 p-3 text-sm">
                    <div className="flex flex-wrap items-start justify-between gap-2">
                      <span>
                        <span className="font-mono text-xs font-semibold">{requirement.ref}</span> {requirement.title}
                      </span>
                      <RequirementStatusBadge status={requirement.status} />
                    </div>
                    <p className="text-muted-foreground">{requirement.reason}</p>
                  </li>
                ))}
              </ul>
            )}
          </>
        ) : null}
      </div>
    </li>
  );
}
