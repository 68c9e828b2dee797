import { MailCheck } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button } from '../../../components/ui/button.tsx';

/** What follows a sign-up or a magic-link request: the mail is on its way. */
export function CheckEmail({ email, purpose, onBack }: { email: string; purpose: 'confirm' | 'sign-in'; onBack: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="grid gap-4 text-center" role="status">
      <MailCheck className="mx-auto size-10 text-primary" aria-hidden />
      <h2 ref={heading} tabIndex={-1} className="text-xl font-semibold outline-none">
        Check your email
      </h2>
      <p className="text-sm text-muted-foreground">
        We sent a link to <strong className="break-all text-foreground">{email}</strong>.{' '}
        {purpose === 'confirm'
          ? 'Open it to confirm your address; you will be signed in and taken to your dashboard.'
          : 'Open it on this device to sign in. The link works once and expires in an hour.'}
      </p>
      <p className="text-xs text-muted-foreground">No email after a few minutes? Check your spam folder, then try again.</p>
      <Button type="button" variant="outline" onClick={onBack}>
        Back
      </Button>
    </div>
  );
}
