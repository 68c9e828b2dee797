import { ArrowLeft, CheckCircle2 } from 'lucide-react';
import { Link } from 'react-router';
import type { FrameworkDetail } from '../../../../shared/schemas/frameworks.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Progress } from '../../../components/ui/progress.tsx';
import { auditTypeLabel, formatDay, readinessSentence } from '../framework-labels.ts';
import { useFrameworkHref } from '../use-framework-href.ts';
import { ActivateFrameworkDialog } from './activate-framework-dialog.tsx';
import { DeactivateFrameworkButton } from './deactivate-framework-button.tsx';

/** The framework page's head: what it is, its licence, and the organization's activation and readiness. */
export function FrameworkHeader({
  framework,
  organizationId,
  hasOrganization,
  canManage,
}: {
  framework: FrameworkDetail;
  organizationId: string | undefined;
  hasOrganization: boolean;
  canManage: boolean;
}) {
  const href = useFrameworkHref();
  const { activation, readiness } = framework;
  return (
    <div className="space-y-4">
      <Link to={href(null)} className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
        <ArrowLeft className="size-4" aria-hidden /> All frameworks
      </Link>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 space-y-1">
          <h2 id="framework-heading" className="text-xl font-semibold">
            {framework.name}{' '}
            {activation ? (
              <Badge tone="green" className="align-middle">
                <CheckCircle2 aria-hidden /> Active
              </Badge>
            ) : null}
          </h2>
          <p className="text-sm text-muted-foreground">
            {framework.fullName} · {framework.version} · {framework.publisher} · {framework.region}
          </p>
          <p className="text-sm text-muted-foreground">
            {framework.requirementCount} requirements · {framework.controlCount} controls
          </p>
        </div>
        {canManage && hasOrganization ? (
          <div className="flex flex-wrap gap-2">
            <ActivateFrameworkDialog
              framework={framework}
              organizationId={organizationId}
              trigger={
                <Button type="button" size="sm" variant={activation ? 'outline' : 'default'}>
                  {activation ? 'Change' : `Activate ${framework.name}`}
                </Button>
              }
            />
            {activation ? <DeactivateFrameworkButton framework={framework} organizationId={organizationId} /> : null}
          </div>
        ) : null}
      </div>
      {activation && readiness ? (
        <div className="max-w-xl space-y-2 rounded-lg border border-border bg-card p-4 text-sm">
          <p id="framework-readiness" className="font-medium">
            {readiness.score}% ready
            <span className="font-normal text-muted-foreground">
              {' '}
              ·{' '}
              {[auditTypeLabel(activation.auditType), activation.targetDate ? `target ${formatDay(activation.targetDate)}` : null]
                .filter(Boolean)
                .join(' · ') || 'no target date'}
            </span>
          </p>
          <Progress value={readiness.score} aria-labelledby="framework-readiness" />
          <p className="text-muted-foreground">{readinessSentence(readiness)}</p>
        </div>
      ) : null}
      <p className="max-w-3xl text-xs text-muted-foreground">{framework.licence}</p>
    </div>
  );
}
