import { ArrowRight, CalendarCheck, ClipboardList, UserPlus } from 'lucide-react';
import { Suspense, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { RESPONSE_PROMISE_HOURS } from '../../../../shared/constants.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { lazyWithQuery } from '../../../lib/lazy-with-query.tsx';
import { useAuth } from '../../auth/auth.tsx';
import { signInPathFor } from '../../auth/route-guard.tsx';

// What was bought is read with TanStack Query for someone signed in: the status, its query and the
// query client load then, not with the page (docs/decisions/012).
const PurchaseStatus = lazyWithQuery(() => import('./purchase-status.tsx').then((module) => module.PurchaseStatus));
const loadingStatus = <Spinner label="Loading your subscription" className="justify-start px-0" />;

const NEXT_STEPS = [
  {
    icon: CalendarCheck,
    title: 'Kick-off call',
    text: `Your onboarding lead e-mails you within ${RESPONSE_PROMISE_HOURS} hours to book a 45-minute kick-off: scope, systems, deadlines and who approves what.`,
  },
  {
    icon: UserPlus,
    title: 'Invite your team',
    text: 'Add the colleagues who own engineering, HR and IT evidence, so requests reach the right person.',
  },
  {
    icon: ClipboardList,
    title: 'Submit your first task request',
    text: 'Start with the gap assessment or anything already on your desk. Agents begin at once; a reviewer checks every deliverable.',
  },
];

/** /subscription-success: what was bought (from check-subscription) and what happens next. */
export function SubscriptionSuccess() {
  const [isHydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const { user, isLoading } = useAuth();
  return (
    <div className="grid gap-10 lg:grid-cols-[1fr_1fr] lg:items-start">
      {!isHydrated || isLoading ? (
        loadingStatus
      ) : user ? (
        <Suspense fallback={loadingStatus}>
          <PurchaseStatus />
        </Suspense>
      ) : (
        <p className="rounded-2xl border border-border bg-card p-6 text-sm text-muted-foreground">
          <Link to={signInPathFor('/subscription-success')} className="font-medium text-primary underline-offset-4 hover:underline">
            Sign in
          </Link>{' '}
          to see the details of your subscription.
        </p>
      )}
      <section aria-labelledby="next-steps-heading">
        <h2 id="next-steps-heading" className="text-xl font-semibold">
          What happens next
        </h2>
        <ol className="mt-4 grid gap-5">
          {NEXT_STEPS.map(({ icon: Icon, title, text }, index) => (
            <li key={title} className="flex gap-4">
              <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
                <Icon className="size-5" aria-hidden />
              </span>
              <div>
                <h3 className="font-semibold">
                  {index + 1}. {title}
                </h3>
                <p className="mt-1 text-sm leading-6 text-muted-foreground">{text}</p>
              </div>
            </li>
          ))}
        </ol>
        <div className="mt-8 flex flex-wrap gap-3">
          <Button asChild size="lg">
            <Link to="/dashboard-compliancecore">
              Go to your dashboard <ArrowRight aria-hidden />
            </Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to="/task-requests">Submit a task request</Link>
          </Button>
        </div>
      </section>
    </div>
  );
}
