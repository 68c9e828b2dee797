import { CheckCircle2 } from 'lucide-react';
import { Link } from 'react-router';
import type { Activation, FrameworkDelta, FrameworkSummary } from '../../../../shared/schemas/frameworks.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Progress } from '../../../components/ui/progress.tsx';
import { auditTypeLabel, formatDay, plural, readinessSentence } from '../framework-labels.ts';
import { useFrameworkHref } from '../use-framework-href.ts';
import { ActivateFrameworkDialog } from './activate-framework-dialog.tsx';
import { DeactivateFrameworkButton } from './deactivate-framework-button.tsx';

const LICENCE_NOTE = {
  official: 'Official text (public)',
  paraphrased: 'Summarised in our own words (the text is copyrighted)',
} as const;

/** An active framework's audit type, target date and readiness. */
function ActivationSummary({ framework, activation }: { framework: FrameworkSummary; activation: Activation }) {
  const { readiness } = framework;
  return (
    <div className="space-y-2 rounded-md bg-muted/50 p-3 text-sm">
      <p>
        {[auditTypeLabel(activation.auditType), activation.targetDate ? `target ${formatDay(activation.targetDate)}` : 'no target date']
          .filter(Boolean)
          .join(' · ')}
      </p>
      {readiness ? (
        <>
          <p id={`framework-${framework.id}-readiness`} className="font-medium">
            {readiness.score}% ready
          </p>
          <Progress value={readiness.score} aria-labelledby={`framework-${framework.id}-readiness`} />
          <p className="text-xs text-muted-foreground">{readinessSentence(readiness)}</p>
        </>
      ) : null}
    </div>
  );
}

/** What a framework not yet active adds to the active ones: the delta in requirements and controls, and the crosswalk. */
function FrameworkDeltaNote({ framework, delta }: { framework: FrameworkSummary; delta: FrameworkDelta }) {
  const href = useFrameworkHref();
  const sources = delta.sources.map((source) => source.name).join(' + ');
  const work = delta.partial + delta.uncovered;
  const id = `framework-${framework.id}-delta`;
  return (
    <section aria-labelledby={id} className="space-y-1 rounded-md border border-dashed border-border p-3 text-sm">
      <h4 id={id} className="font-medium">
        Adds to {sources}
      </h4>
      <p>
        <span className="font-semibold tabular-nums">{delta.coverage}%</span> already covered
      </p>
      <p className="text-xs text-muted-foreground">
        {plural(work, 'requirement')} of {delta.assessed} need new work ({delta.uncovered} entirely new)
      </p>
      <p className="text-xs text-muted-foreground">{plural(delta.newControls, 'new control')}</p>
      <Link
        to={href(framework.id, { from: delta.sources.map((source) => source.id).join(',') })}
        className="text-xs font-medium underline-offset-2 hover:underline"
      >
        See what {framework.name} adds
      </Link>
    </section>
  );
}

/** One framework of the catalogue: what it is, how big, and where the organization stands on it. */
export function FrameworkCard({
  framework,
  organizationId,
  hasOrganization,
  canManage,
}: {
  framework: FrameworkSummary;
  /** Passed to the activation calls: undefined for a client. */
  organizationId: string | undefined;
  /** False while staff have chosen no organization: activation and readiness are not known. */
  hasOrganization: boolean;
  canManage: boolean;
}) {
  const href = useFrameworkHref();
  const { activation } = framework;
  const headingId = `framework-${framework.id}-name`;
  return (
    <li className="flex flex-col gap-3 rounded-lg border border-border bg-card p-4 shadow-xs" aria-labelledby={headingId}>
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={headingId} className="font-semibold">
            <Link to={href(framework.id)} className="hover:underline">
              {framework.name}
            </Link>
          </h3>
          <p className="text-xs text-muted-foreground">
            {framework.fullName} · {framework.version}
          </p>
        </div>
        {activation ? (
          <Badge tone="green">
            <CheckCircle2 aria-hidden /> Active
          </Badge>
        ) : hasOrganization ? (
          <Badge>Not active</Badge>
        ) : null}
      </div>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted-foreground">Publisher</dt>
        <dd>{framework.publisher}</dd>
        <dt className="text-muted-foreground">Region</dt>
        <dd>{framework.region}</dd>
        <dt className="text-muted-foreground">Requirements</dt>
        <dd className="tabular-nums">{framework.requirementCount}</dd>
        <dt className="text-muted-foreground">Controls</dt>
        <dd className="tabular-nums">{framework.controlCount}</dd>
      </dl>
      <p className="text-xs text-muted-foreground">{LICENCE_NOTE[framework.textSource]}</p>
      {framework.delta ? <FrameworkDeltaNote framework={framework} delta={framework.delta} /> : null}
      {activation ? <ActivationSummary framework={framework} activation={activation} /> : null}
      <div className="mt-auto flex flex-wrap gap-2 pt-1">
        <Button asChild variant="outline" size="sm">
          <Link to={href(framework.id)} aria-label={`Open ${framework.name}`}>
            Open
          </Link>
        </Button>
        {canManage && hasOrganization ? (
          activation ? (
            <>
              <ActivateFrameworkDialog
                framework={framework}
                organizationId={organizationId}
                trigger={
                  <Button type="button" variant="ghost" size="sm" aria-label={`Change ${framework.name}`}>
                    Change
                  </Button>
                }
              />
              <DeactivateFrameworkButton framework={framework} organizationId={organizationId} />
            </>
          ) : (
            <ActivateFrameworkDialog
              framework={framework}
              organizationId={organizationId}
              trigger={
                <Button type="button" size="sm" aria-label={`Activate ${framework.name}`}>
                  Activate
                </Button>
              }
            />
          )
        ) : null}
      </div>
    </li>
  );
}
