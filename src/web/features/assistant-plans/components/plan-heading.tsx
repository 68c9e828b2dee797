import { ArrowLeft } from 'lucide-react';
import type { ReactNode, Ref } from 'react';
import { Link } from 'react-router';
import type { PlanStatus } from '../../../../shared/schemas/assistant-plans.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { PLAN_STATUS_LABELS, PLAN_STATUS_TONES } from '../plan-labels.ts';

/** The top of a plan page: the way back, the title with its status, who/when, and what was asked. */
export function PlanHeading({
  back,
  title,
  status,
  meta,
  rawMessage,
  askedBy,
  headingRef,
}: {
  back: string;
  title: string;
  status: PlanStatus;
  meta: ReactNode;
  rawMessage: string;
  /** Read before the quote by screen readers: "You asked", "The client asked the advisor". */
  askedBy: string;
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  return (
    <div>
      <Link to="/task-requests" className="inline-flex items-center gap-1 text-sm font-medium text-primary hover:underline">
        <ArrowLeft className="size-4" aria-hidden /> {back}
      </Link>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <h1 ref={headingRef} tabIndex={-1} className="text-3xl font-bold tracking-tight">
          {title}
        </h1>
        <Badge tone={PLAN_STATUS_TONES[status]}>{PLAN_STATUS_LABELS[status]}</Badge>
      </div>
      <p className="mt-2 text-sm text-muted-foreground">{meta}</p>
      {rawMessage ? (
        <blockquote className="mt-4 border-l-4 border-border pl-4 text-sm text-muted-foreground">
          <span className="sr-only">{askedBy}: </span>“{rawMessage}”
        </blockquote>
      ) : null}
    </div>
  );
}
