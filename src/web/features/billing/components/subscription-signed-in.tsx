import { ArrowRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { planById, type SelfServePlanId } from '../../../../shared/pricing-plans.ts';
import { Alert, AlertTitle } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useOwnSubscription } from '../api/own-subscription.ts';
import { SubscriptionForm } from './subscription-form.tsx';

function AlreadySubscribed({ plan }: { plan: Parameters<typeof planById>[0] }) {
  return (
    <Alert className="max-w-xl">
      <AlertTitle>You already have an active {planById(plan).name} subscription</AlertTitle>
      <p className="mt-1 text-muted-foreground">
        To change plans or add seats, write to support and we will switch you from the next billing period.
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        <Button asChild>
          <Link to="/dashboard-compliancecore">
            Go to your dashboard <ArrowRight aria-hidden />
          </Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/support">Contact support</Link>
        </Button>
      </div>
    </Alert>
  );
}

/**
 * /subscription for someone signed in: their own subscription is checked, then the form. A module of
 * its own, loaded only once someone is signed in, so a visitor's page carries neither the form's
 * rules (zod, react-hook-form) nor TanStack Query (docs/decisions/012-half-the-weight.md).
 */
export function SignedInSubscription({
  plan,
  userId,
  userEmail,
  notices,
}: {
  plan: SelfServePlanId;
  userId: string;
  userEmail: string | null;
  notices: ReactNode;
}) {
  const own = useOwnSubscription(userId);
  if (own.isPending) return <Spinner label="Checking your account" className="justify-start px-0" />;
  if (own.data?.subscription) return <AlreadySubscribed plan={own.data.subscription.plan} />;
  return (
    <>
      {notices}
      <SubscriptionForm initialPlan={plan} userId={userId} userEmail={userEmail} />
    </>
  );
}
