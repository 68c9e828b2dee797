import { CheckCircle2, ShieldCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { isRole } from '../../../../shared/permissions.ts';
import { workspaceHomePath } from '../../../../shared/workspace-links.ts';
import { FormError } from '../../../components/ui/form-error.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { useAuth } from '../auth.tsx';
import { safeReturnPath } from '../auth-client.ts';
import { authRedirectErrorMessage } from '../auth-errors.ts';
import { type AuthMode, parseAuthMode } from '../auth-mode.ts';
import { AcceptInvitation } from './accept-invitation.tsx';
import { GoogleButton } from './google-button.tsx';
import { MagicLinkForm } from './magic-link-form.tsx';
import { MfaStep } from './mfa-step.tsx';
import { SignInForm } from './sign-in-form.tsx';
import { SignUpForm } from './sign-up-form.tsx';

/** What the prerendered /auth was rendered with: no query string. */
const PRERENDERED_PARAMS = new URLSearchParams();

const HEADINGS: Record<AuthMode, { title: string; lead: string }> = {
  'sign-in': { title: 'Sign in to ComplianceCore', lead: 'Welcome back. Sign in to reach your workspace.' },
  'sign-up': { title: 'Create your account', lead: 'Start with an account; choose a plan whenever you are ready.' },
  'magic-link': { title: 'Sign in with an email link', lead: 'No password needed.' },
};

const PROMISES = [
  'Two-factor authentication with an authenticator app or your phone',
  'Every access decision checked on the server and logged',
  'Sessions you can end on every device from your profile',
];

/** The panel's words: the product's promise, then one plain sentence about the sign-in behind it. */
export const AUTH_HEADLINE = {
  title: 'Compliance & Analytics On Demand',
  line: 'Your workspace sits behind a sign-in built to pass your security team’s review.',
} as const;

export function SecurityPanel() {
  return (
    <div className="hidden flex-col justify-center gap-6 rounded-2xl bg-gradient-to-br from-primary to-blue-900 p-10 text-white lg:flex">
      <ShieldCheck className="size-12" aria-hidden />
      <div>
        <p className="text-2xl font-semibold leading-snug">{AUTH_HEADLINE.title}</p>
        <p className="mt-2 text-lg text-blue-50">{AUTH_HEADLINE.line}</p>
      </div>
      <ul className="grid gap-3 text-sm text-blue-50">
        {PROMISES.map((promise) => (
          <li key={promise} className="flex gap-2">
            <CheckCircle2 className="mt-0.5 size-4 shrink-0" aria-hidden />
            {promise}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * /auth: sign in, create an account, magic link, Google, and the MFA step (product.md §2, §6). A signed-in
 * visitor goes on to where they were heading (`?redirect=`) or to the dashboard.
 */
// eslint-disable-next-line max-lines-per-function -- the sign-in, sign-up, magic-link, Google and MFA modes share the mode and redirect state; each mode is short JSX
export function AuthScreen() {
  const auth = useAuth();
  const navigate = useNavigate();
  const [liveParams, setParams] = useSearchParams();
  // The page is prerendered without a query string: reading it while hydrating would render another page
  // than the HTML (React error #418 on an invitation link, and the page rebuilt under the visitor's first
  // click). The query string counts from the render after hydration on.
  const [isHydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const params = isHydrated ? liveParams : PRERENDERED_PARAMS;
  const mode = parseAuthMode(params.get('mode'));
  const returnTo = safeReturnPath(params.get('redirect'));
  const errorCode = params.get('error_code');
  const errorDescription = params.get('error_description');
  const redirectError = errorCode || errorDescription ? authRedirectErrorMessage(errorCode, errorDescription) : null;
  const isSignedIn = Boolean(auth.session) && !auth.needsMfa;
  // An invitation link: accepted on purpose, even by someone signed in here as somebody else.
  const invitation = params.get('type') === 'invite' ? params.get('token_hash') : null;

  // With nowhere to return to, the user's home: it depends on their roles (an auditor's is the auditor
  // portal), so it waits for them; a failed role fetch leaves no role, hence the dashboard.
  const isAccessKnown = auth.accessStatus === 'ready' || auth.accessStatus === 'error';
  const home = isAccessKnown ? workspaceHomePath((auth.access?.roles ?? []).filter(isRole)) : null;
  useEffect(() => {
    if (auth.isLoading || !isSignedIn || invitation) return;
    const target = returnTo ?? home;
    if (target) void navigate(target, { replace: true });
  }, [auth.isLoading, isSignedIn, invitation, navigate, returnTo, home]);

  const acceptedInvitation = () =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.delete('token_hash');
        updated.delete('type');
        return updated;
      },
      { replace: true },
    );

  const setMode = (next: AuthMode) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.set('mode', next);
        updated.delete('error_code');
        updated.delete('error_description');
        return updated;
      },
      { replace: true },
    );

  let heading = auth.session && auth.needsMfa ? { title: 'One more step', lead: 'Confirm it is you.' } : HEADINGS[mode];
  if (invitation) heading = { title: 'Accept your invitation', lead: 'Your team has added you to their ComplianceCore workspace.' };

  let body;
  if (invitation) body = <AcceptInvitation tokenHash={invitation} onAccepted={acceptedInvitation} />;
  else if (auth.session && auth.needsMfa) body = <MfaStep />;
  else if (isSignedIn) body = <Spinner label="Signing you in" />;
  else {
    body = (
      <Tabs value={mode === 'sign-up' ? 'sign-up' : 'sign-in'} onValueChange={(value) => setMode(parseAuthMode(value))}>
        <TabsList className="grid w-full grid-cols-2">
          <TabsTrigger value="sign-in">Sign In</TabsTrigger>
          <TabsTrigger value="sign-up">Create Account</TabsTrigger>
        </TabsList>
        <TabsContent value="sign-in" className="grid gap-4">
          <GoogleButton returnTo={returnTo} />
          {mode === 'magic-link' ? (
            <MagicLinkForm returnTo={returnTo} onBack={() => setMode('sign-in')} />
          ) : (
            <SignInForm onForgotPassword={() => setMode('magic-link')} />
          )}
        </TabsContent>
        <TabsContent value="sign-up" className="grid gap-4">
          <GoogleButton returnTo={returnTo} />
          <SignUpForm returnTo={returnTo} />
        </TabsContent>
      </Tabs>
    );
  }

  return (
    <section className="bg-gradient-to-b from-muted/60 to-background">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-10 sm:px-6 sm:py-16 lg:grid-cols-2 lg:py-20">
        <SecurityPanel />
        <div className="mx-auto w-full max-w-md">
          <div className="rounded-2xl border border-border bg-card p-6 text-card-foreground shadow-sm sm:p-8">
            <h1 className="text-2xl font-bold tracking-tight">{heading.title}</h1>
            <p className="mt-1 text-sm text-muted-foreground">{heading.lead}</p>
            {redirectError && !auth.session ? (
              <div className="mt-6">
                <FormError title="That link did not work" message={redirectError} />
              </div>
            ) : null}
            <div className="mt-6">{body}</div>
          </div>
          <p className="mt-6 text-center text-xs text-muted-foreground">
            By continuing you agree to our{' '}
            <Link to="/terms" className="underline underline-offset-2 hover:text-foreground">
              terms of service
            </Link>{' '}
            and{' '}
            <Link to="/privacy-policy" className="underline underline-offset-2 hover:text-foreground">
              privacy policy
            </Link>
            .
          </p>
        </div>
      </div>
    </section>
  );
}
