import { eq } from 'drizzle-orm';
import { authUsers } from '../../../db/schema/auth.ts';
import { isValidEmail } from '../../../../shared/rules/email.ts';
import type { AuthDeps } from '../context.ts';
import {
  type EmailLinkType,
  type LinkTarget,
  emailTokenHash,
  newEmailOtp,
  storeEmailToken,
  storeOneTimeToken,
  verifyLink,
} from '../email/send-email-link.ts';
import { GoTrueError, errors } from '../gotrue-errors.ts';
import { checkedPasswordHash } from '../users/passwords.ts';
import {
  type Tx,
  type UserRow,
  findOrCreateEmailUser,
  findUserByEmail,
  loadUserBundle,
  normalizeEmail,
  userJson,
} from '../users/user-store.ts';

export const GENERATE_LINK_TYPES = ['signup', 'invite', 'magiclink', 'recovery', 'email_change_current', 'email_change_new'] as const;

export interface GenerateLinkInput {
  type?: string;
  email?: string;
  new_email?: string;
  password?: string;
  data?: Record<string, unknown>;
}

interface Generated {
  user: UserRow;
  otp: string;
  hash: string;
  /** The `type` of the /verify link, which for an e-mail change is `email_change`. */
  linkType: EmailLinkType;
  verificationType: string;
}

const emailExists = () => new GoTrueError(422, 'email_exists', 'A user with this email address has already been registered');
const userNotFound = () => new GoTrueError(404, 'user_not_found', 'User with this email not found');

function validEmail(value: string | undefined): string {
  const email = normalizeEmail(value ?? '');
  if (!isValidEmail(email)) throw errors.invalidEmail();
  return email;
}

/**
 * POST /admin/generate_link (auth-js `admin.generateLink`, GoTrue's mail.go `adminGenerateLink`):
 * the link and code an e-mail would carry, handed to the administrator to pass on over another
 * channel; nothing is mailed. The user JSON with `action_link`, `email_otp`, `hashed_token`,
 * `verification_type` and `redirect_to` beside it, as GoTrue answers.
 */
export async function adminGenerateLink(deps: AuthDeps, input: GenerateLinkInput, target: LinkTarget): Promise<Record<string, unknown>> {
  const email = validEmail(input.email);
  let type = input.type ?? '';
  if (!(GENERATE_LINK_TYPES as readonly string[]).includes(type)) {
    throw errors.validation(`Invalid email action link type requested: ${type}`);
  }
  const existing = await findUserByEmail(deps.db, email);
  let passwordHash: string | null = null;
  if (!existing) {
    if (type === 'recovery' || type.startsWith('email_change')) throw userNotFound();
    if (type === 'signup') {
      if (!input.password) throw errors.validation('Signup requires a valid password');
      passwordHash = await checkedPasswordHash(input.password);
    }
    // GoTrue signs an unknown address up for a magic link, without a password.
    if (type === 'magiclink') type = 'signup';
  }
  const generated = await deps.db.transaction(async (tx): Promise<Generated> => {
    const user = existing ? await findUserByEmail(tx, email) : undefined;
    switch (type) {
      case 'signup':
      case 'invite':
        return confirmationLink(tx, { email, type, user, passwordHash, data: input.data });
      case 'magiclink':
      case 'recovery': {
        if (!user) throw userNotFound();
        const { otp, hash } = await storeEmailToken(tx, { user, type, to: email });
        return { user, otp, hash, linkType: type, verificationType: type };
      }
      default:
        if (!user) throw userNotFound();
        return emailChangeLink(tx, user, type, input.new_email);
    }
  });
  const bundle = await loadUserBundle(deps.db, generated.user.id);
  if (!bundle) throw new Error('adminGenerateLink: user vanished');
  return {
    ...userJson(bundle),
    action_link: verifyLink(target.authBase, generated.hash, generated.linkType, target.redirectTo),
    email_otp: generated.otp,
    hashed_token: generated.hash,
    verification_type: generated.verificationType,
    redirect_to: target.redirectTo,
  };
}

async function confirmationLink(
  tx: Tx,
  input: {
    email: string;
    type: 'signup' | 'invite';
    user: UserRow | undefined;
    passwordHash: string | null;
    data?: Record<string, unknown>;
  },
): Promise<Generated> {
  const found = input.user
    ? { user: input.user, created: false }
    : await findOrCreateEmailUser(tx, { email: input.email, passwordHash: input.passwordHash, confirmed: false, userMetadata: input.data });
  if (found.user.emailConfirmedAt) throw emailExists();
  let user = found.user;
  const changes: Partial<typeof authUsers.$inferInsert> = {};
  if (input.type === 'invite') changes.invitedAt = new Date();
  if (!found.created && input.type === 'signup' && input.data) changes.userMetadata = { ...user.userMetadata, ...input.data };
  if (Object.keys(changes).length > 0) {
    const [updated] = await tx.update(authUsers).set(changes).where(eq(authUsers.id, user.id)).returning();
    user = updated ?? user;
  }
  const { otp, hash } = await storeEmailToken(tx, { user, type: input.type, to: input.email });
  return { user, otp, hash, linkType: input.type, verificationType: input.type };
}

/**
 * Our e-mail change is confirmed on the new address only, which is GoTrue with secure e-mail change
 * off: `email_change_new` gives the new address's link, `email_change_current` GoTrue's refusal.
 */
async function emailChangeLink(tx: Tx, user: UserRow, type: string, newEmailInput: string | undefined): Promise<Generated> {
  if (type === 'email_change_current') throw errors.validation('Enable secure email change to generate link for current email');
  const newEmail = validEmail(newEmailInput);
  const taken = await findUserByEmail(tx, newEmail);
  if (taken && taken.id !== user.id) throw emailExists();
  const otp = newEmailOtp();
  const hash = emailTokenHash(newEmail, otp);
  await storeOneTimeToken(tx, { userId: user.id, tokenType: 'email_change_token', hash, relatesTo: newEmail });
  return { user, otp, hash, linkType: 'email_change', verificationType: type };
}
