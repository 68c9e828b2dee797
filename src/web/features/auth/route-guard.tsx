import { type ReactNode, useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ACCESS_DENIED_PATH, SIGN_IN_PATH } from '../../../shared/constants.ts';
import type { AccessRequirement } from '../../../shared/permissions.ts';
import { Spinner } from '../../components/ui/spinner.tsx';
import { reportAccessDenial, useAccessDecision } from './access.ts';

/** `/auth?redirect=/admin%3Ftab%3Dusers`: where the sign-in page returns to afterwards. */
export function signInPathFor(returnTo: string): string {
  return `${SIGN_IN_PATH}?${new URLSearchParams({ redirect: returnTo }).toString()}`;
}

/**
 * Renders its children only when the requirement holds (product.md §4 route guard): a 'Loading'
 * spinner while auth, role and permission data load; `/auth` (with the way back) when signed
 * out or when the second factor is still due; `/dashboard-compliancecore` when a check fails,
 * after telling the server, which records a PRIVILEGE_ESCALATION event.
 */
export function RouteGuard({
  requirement,
  children,
  onDenied = reportAccessDenial,
}: {
  requirement: AccessRequirement;
  children: ReactNode;
  /** How a denial reaches the server; replaceable so component tests can observe it. */
  onDenied?: typeof reportAccessDenial;
}) {
  const decision = useAccessDecision(requirement);
  const location = useLocation();
  const navigate = useNavigate();
  const reported = useRef<string | null>(null);
  const latestRequirement = useRef(requirement);
  latestRequirement.current = requirement;
  const { state } = decision;
  const reason = decision.state === 'denied' ? decision.reason : null;
  const { pathname, search } = location;

  useEffect(() => {
    if (state === 'signed-out' || state === 'needs-mfa') {
      void navigate(signInPathFor(`${pathname}${search}`), { replace: true });
    } else if (state === 'denied' && reason) {
      const key = `${pathname}:${reason}`;
      if (reported.current !== key) {
        reported.current = key;
        void onDenied({ path: pathname, requirement: latestRequirement.current, reason });
      }
      void navigate(ACCESS_DENIED_PATH, { replace: true });
    }
  }, [state, reason, pathname, search, navigate, onDenied]);

  if (decision.state === 'allowed') return <>{children}</>;
  return <Spinner label="Loading" className="min-h-[50vh]" />;
}
