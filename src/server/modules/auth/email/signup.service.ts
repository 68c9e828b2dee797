import { refuseWhenSsoRequired } from '../saml/sso-required.ts';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db, DbTransaction } from '../../../db/client.ts';
import { authUsers } from '../../../db/schema/auth.ts';
import { isValidEmail } from '../../../../shared/rules/email.ts';
import { checkedPasswordHash } from '../users/passwords.ts';
import type { AuthDeps, ClientInfo } from '../context.ts';
import { type SessionResponse, sessionResponse, startSession } from '../tokens/sessions.ts';
import { type EmailLinkType, type LinkTarget, checkEmailInterval, emailIntervalWaitMs, sendEmailLink } from './send-email-link.ts';
import { GoTrueError, errors } from '../gotrue-errors.ts';
import { type PkceParams, createFlowState, readPkceParams } from '../tokens/pkce.ts';
import {
  type UserRow,
  findOrCreateEmailUser,
  findUserByEmail,
  loadUserBundle,
  markEmailVerified,
  normalizeEmail,
  userJson,
} from '../users/user-store.ts';

export interface SignUpInput extends PkceParams {
  email?: string;
  phone?: string;
  password?: string;
  data?: Record<string, unknown>;
}

function validEmail(email: string | undefined): string {
  const normalized = normalizeEmail(email ?? '');
  if (!isValidEmail(normalized)) throw errors.invalidEmail();
  return normalized;
}

async function mailLink(
  tx: Db | DbTransaction,
  deps: AuthDeps,
  user: UserRow,
  type: EmailLinkType,
  target: LinkTarget,
  pkce: ReturnType<typeof readPkceParams>,
) {
  const flowStateId = pkce
    ? await createFlowState(tx, {
        challenge: pkce,
        providerType: 'email',
        authenticationMethod: type === 'signup' ? 'email/signup' : type,
        redirectTo: target.redirectTo,
        userId: user.id,
      })
    : undefined;
  await sendEmailLink(tx, deps, {
    user,
    type,
    to: user.email ?? '',
    redirectTo: target.redirectTo,
    authBase: target.authBase,
    flowStateId,
  });
}

/** The look-alike answer for an e-mail that is already registered and confirmed (auth-wire.md §2.1). */
function obfuscatedUser(email: string, data: Record<string, unknown>): Record<string, unknown> {
  const now = new Date().toISOString();
  return {
    id: randomUUID(),
    aud: 'authenticated',
    role: 'authenticated',
    email,
    phone: '',
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: data,
    identities: [],
    created_at: now,
    updated_at: now,
    is_anonymous: false,
  };
}

/**
 * POST /signup (auth-wire.md §2.1). Confirmations on (the default): 200 with the bare user and a
 * confirmation e-mail. With AUTH_MAILER_AUTOCONFIRM: confirmed at once and a session.
 */
export async function signUp(
  deps: AuthDeps,
  input: SignUpInput,
  target: LinkTarget,
  client: ClientInfo,
): Promise<Record<string, unknown> | SessionResponse> {
  // auth-js `signInAnonymously()` posts here with neither; GoTrue checks this before anything else.
  if (!input.email && !input.phone) throw errors.anonymousDisabled();
  if (deps.env.AUTH_DISABLE_SIGNUP) throw new GoTrueError(422, 'signup_disabled', 'Signups not allowed for this instance');
  if (input.phone && !input.email) throw new GoTrueError(422, 'phone_provider_disabled', 'Phone signups are disabled');
  if (!input.password) throw errors.validation('Signup requires a valid password');
  const passwordHash = await checkedPasswordHash(input.password);
  if (input.email && input.phone) throw errors.validation('Only an email address or phone number should be provided on signup.');
  const pkce = readPkceParams(input);
  const email = validEmail(input.email);
  await refuseWhenSsoRequired(deps.db, email);
  const data = input.data ?? {};
  if (deps.env.AUTH_MAILER_AUTOCONFIRM) return signUpConfirmed(deps, { email, passwordHash, data }, client);
  const result = await deps.db.transaction(async (tx) => {
    const found = await findOrCreateEmailUser(tx, { email, passwordHash, confirmed: false, userMetadata: data });
    let user: UserRow = found.user;
    if (!found.created) {
      const existing = found.user;
      if (existing.emailConfirmedAt) return { obfuscated: true as const };
      checkEmailInterval(deps, existing, 'signup');
      // Whoever confirms the address owns the account: a squatter's earlier password must not survive (auth-wire.md §5.7).
      const [updated] = await tx
        .update(authUsers)
        .set({ encryptedPassword: passwordHash, userMetadata: data, updatedAt: new Date() })
        .where(eq(authUsers.id, existing.id))
        .returning();
      user = updated ?? existing;
    }
    await mailLink(tx, deps, user, 'signup', target, pkce);
    return { userId: user.id };
  });
  if ('obfuscated' in result) return obfuscatedUser(email, data);
  const bundle = await loadUserBundle(deps.db, result.userId);
  if (!bundle) throw new Error('signUp: user vanished');
  return userJson(bundle);
}

/**
 * Sign-up with GoTrue's mailer autoconfirm: nobody proves the address, so an account that is
 * already confirmed is refused openly (422 user_already_exists, as GoTrue does then), and an
 * unconfirmed one is taken over by this sign-up, confirmed, and signed in (AMR `password`).
 */
async function signUpConfirmed(
  deps: AuthDeps,
  input: { email: string; passwordHash: string; data: Record<string, unknown> },
  client: ClientInfo,
): Promise<SessionResponse> {
  return deps.db.transaction(async (tx) => {
    const found = await findOrCreateEmailUser(tx, {
      email: input.email,
      passwordHash: input.passwordHash,
      confirmed: true,
      userMetadata: input.data,
    });
    const userId = found.user.id;
    if (!found.created) {
      if (found.user.emailConfirmedAt) throw new GoTrueError(422, 'user_already_exists', 'User already registered');
      const now = new Date();
      await tx
        .update(authUsers)
        .set({ encryptedPassword: input.passwordHash, userMetadata: input.data, emailConfirmedAt: now, updatedAt: now })
        .where(eq(authUsers.id, userId));
      await markEmailVerified(tx, userId);
    }
    const { session, refreshToken } = await startSession(tx, { userId, method: 'password', client, provider: 'email' });
    return sessionResponse(deps, tx, session, refreshToken);
  });
}

export interface OtpInput extends PkceParams {
  email?: string;
  phone?: string;
  create_user?: boolean;
  data?: Record<string, unknown>;
}

/**
 * POST /otp with an e-mail: a magic link, or a sign-up confirmation for a new or unconfirmed user
 * (auth-wire.md §2.3). With `create_user: false` the answer is `{}` whether or not the address has an
 * account, and inside the resend interval too, so the endpoint cannot be used to find accounts
 * (GoTrue answers 422 `otp_disabled` for an unknown one; we deliberately do not).
 */
export async function requestEmailOtp(deps: AuthDeps, input: OtpInput, target: LinkTarget): Promise<void> {
  if (input.phone && !input.email) throw new GoTrueError(422, 'phone_provider_disabled', 'Unsupported phone provider');
  const email = validEmail(input.email);
  await refuseWhenSsoRequired(deps.db, email);
  const pkce = readPkceParams(input);
  await deps.db.transaction(async (tx) => {
    let user = await findUserByEmail(tx, email);
    const quiet = input.create_user === false;
    if (!user) {
      if (quiet) return;
      if (deps.env.AUTH_DISABLE_SIGNUP) throw new GoTrueError(422, 'otp_disabled', 'Signups not allowed for otp');
      ({ user } = await findOrCreateEmailUser(tx, { email, passwordHash: null, confirmed: false, userMetadata: input.data ?? {} }));
    } else if (!user.emailConfirmedAt && user.encryptedPassword) {
      // The address is being proven by link now; a password set before that proof cannot be trusted.
      await tx.update(authUsers).set({ encryptedPassword: null }).where(eq(authUsers.id, user.id));
    }
    const type: EmailLinkType = user.emailConfirmedAt ? 'magiclink' : 'signup';
    if (quiet && emailIntervalWaitMs(deps, user, type) > 0) return;
    checkEmailInterval(deps, user, type);
    await mailLink(tx, deps, user, type, target, pkce);
  });
}

/** POST /recover: always `{}`, also for unknown addresses and inside the resend interval (no enumeration). */
export async function requestRecovery(deps: AuthDeps, input: { email?: string } & PkceParams, target: LinkTarget): Promise<void> {
  const email = validEmail(input.email);
  const pkce = readPkceParams(input);
  await deps.db.transaction(async (tx) => {
    const user = await findUserByEmail(tx, email);
    if (!user || emailIntervalWaitMs(deps, user, 'recovery') > 0) return;
    await mailLink(tx, deps, user, 'recovery', target, pkce);
  });
}

/** POST /resend type=signup: a new confirmation e-mail for an unconfirmed user. */
export async function resendConfirmation(deps: AuthDeps, input: { email?: string } & PkceParams, target: LinkTarget): Promise<void> {
  const email = validEmail(input.email);
  const pkce = readPkceParams(input);
  await deps.db.transaction(async (tx) => {
    const user = await findUserByEmail(tx, email);
    if (!user || user.emailConfirmedAt) return;
    checkEmailInterval(deps, user, 'signup');
    await mailLink(tx, deps, user, 'signup', target, pkce);
  });
}
