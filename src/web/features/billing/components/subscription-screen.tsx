import { LogIn } from 'lucide-react';
import { Suspense, useEffect, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { formatMonthlyPrice, isSelfServePlanId, planById, type SelfServePlanId } from '../../../../shared/pricing-plans.ts';
import { Alert, AlertTitle } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useAuth } from '../../auth/auth.tsx';
import { signInPathFor } from '../../auth/route-guard.tsx';
import { lazyWithQuery } from '../../../lib/lazy-with-query.tsx';

// Only for someone signed in: the form, its rules and TanStack Query load then, not with the page.
const SignedInSubscription = lazyWithQuery(() => import('./subscription-signed-in.tsx').then((module) => module.SignedInSubscription));

const DEFAULT_PLAN: SelfServePlanId = 'growth';

function SignInStep({ plan, returnTo }: { plan: SelfServePlanId; returnTo: string }) {
  const chosen = planById(plan);
  return (
    <div className="max-w-xl rounded-2xl border border-border bg-card p-6 shadow-sm">
      <h2 className="text-xl font-semibold">First, your account</h2>
      <p className="mt-2 text-sm leading-6 text-muted-foreground">
        You have chosen <strong className="text-foreground">{chosen.name}</strong> ({formatMonthlyPrice(chosen)}). Sign in, or create an
        account with your work e-mail, and you will come straight back here to add your company and billing details.
      </p>
      <Button asChild size="lg" className="mt-6">
        <Link to={signInPathFor(returnTo)}>
          <LogIn aria-hidden /> Sign in or create an account
        </Link>
      </Button>
    </div>
  );
}

/**
 * /subscription and /subscribe. The plan comes from `?plan=` (read after hydration: the page is
 * prerendered without it). Signed-out visitors go through /auth and come back with the plan kept.
 */
export function SubscriptionScreen() {
  const { user, isLoading } = useAuth();
  const [params] = useSearchParams();
  const location = useLocation();
  const [isHydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const requested = isHydrated ? params.get('plan') : null;
  const plan = isSelfServePlanId(requested) ? requested : DEFAULT_PLAN;

  if (!isHydrated || isLoading) return <Spinner label="Loading" className="justify-start px-0" />;

  const notices = (
    <>
      {params.get('canceled') === '1' ? (
        <Alert role="status" className="mb-8 max-w-xl">
          <AlertTitle>Checkout canceled</AlertTitle>
          <p className="mt-1 text-muted-foreground">Nothing was charged. Pick up where you left off below.</p>
        </Alert>
      ) : null}
      {requested === 'enterprise' ? (
        <Alert role="status" className="mb-8 max-w-xl">
          <AlertTitle>Enterprise is agreed in a consultation</AlertTitle>
          <p className="mt-1 text-muted-foreground">
            We price Enterprise to your entities, frameworks and terms.{' '}
            <a href="/#contact" className="font-medium text-primary underline-offset-4 hover:underline">
              Book a consultation
            </a>
            , or start on Growth below and move up later.
          </p>
        </Alert>
      ) : null}
    </>
  );

  if (!user) {
    return (
      <>
        {notices}
        <SignInStep plan={plan} returnTo={`${location.pathname}?plan=${plan}`} />
      </>
    );
  }
  return (
    <Suspense fallback={<Spinner label="Checking your account" className="justify-start px-0" />}>
      <SignedInSubscription plan={plan} userId={user.id} userEmail={user.email ?? null} notices={notices} />
    </Suspense>
  );
}
