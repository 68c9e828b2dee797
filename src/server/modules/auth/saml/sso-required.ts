import { emailDomain } from '../../../../shared/schemas/sso.ts';
import type { Db } from '../../../db/client.ts';
import { GoTrueError } from '../gotrue-errors.ts';
import { samlProviderForDomain } from './saml-provider.ts';

/** The code the web app reads to send the person to their identity provider instead. */
export const SSO_REQUIRED_CODE = 'sso_required';

/**
 * An organization that requires single sign-on for its domain (docs/auth.md "SAML SSO") accepts no
 * password, magic link or sign-up for addresses there: they sign in through its identity provider.
 * The answer depends on the domain only, so it says nothing about which accounts exist.
 */
export async function refuseWhenSsoRequired(db: Db, email: string): Promise<void> {
  const domain = emailDomain(email);
  if (!domain) return;
  const provider = await samlProviderForDomain(db, domain);
  if (provider?.enabled && provider.required) {
    throw new GoTrueError(
      422,
      SSO_REQUIRED_CODE,
      `Your organization signs in with single sign-on: use “Continue with SSO” with your ${domain} address.`,
    );
  }
}
