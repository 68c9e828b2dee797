import { AccountDetails } from './account-details.tsx';
import { IdentitiesSection } from './identities-section.tsx';
import { PasswordForm } from './password-form.tsx';
import { PhoneSection } from './phone-section.tsx';
import { SessionsSection } from './sessions-section.tsx';
import { TotpSection } from './totp-section.tsx';
import { PasskeySection } from './passkey-section.tsx';

/** /profile: account details, password, two-factor authentication, sign-in methods, sessions. */
export function ProfileScreen() {
  return (
    <div className="mx-auto grid max-w-3xl gap-6">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Profile</h1>
        <p className="mt-2 text-muted-foreground">Your account details, password, two-factor authentication and linked sign-in methods.</p>
      </div>
      <AccountDetails />
      <PasswordForm />
      <TotpSection />
      <PasskeySection />
      <PhoneSection />
      <IdentitiesSection />
      <SessionsSection />
    </div>
  );
}
