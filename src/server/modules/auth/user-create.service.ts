import { eq } from 'drizzle-orm';
import { type Role, isRole } from '../../../shared/permissions.ts';
import type { Db } from '../../db/client.ts';
import { authSessions, authUsers } from '../../db/schema/auth.ts';
import { ensureProfile, grantRole, setUserType } from '../access/access.service.ts';
import { checkedPasswordHash, isValidEmail } from './admin.service.ts';
import { GoTrueError } from './gotrue-errors.ts';
import { createEmailUser, findUserByEmail, normalizeEmail } from './users.ts';

export interface CreateUserCommand {
  email: string;
  password: string;
  role?: string;
  isApprover?: boolean;
  isIntegrationAdmin?: boolean;
  isDataAiAdmin?: boolean;
}

export interface CreateUserOutcome {
  userId: string;
  created: boolean;
  role: Role | null;
}

export class UserCreateError extends Error {}

/**
 * `npm run user:create`: a confirmed e-mail user written straight to the database (no e-mail
 * round trip: this is how the first administrator exists), with a profile and, when asked, a role.
 * Running it again for the same address resets the password and adds the role.
 */
export async function createUserWithRole(db: Db, command: CreateUserCommand): Promise<CreateUserOutcome> {
  const email = normalizeEmail(command.email);
  if (!isValidEmail(email)) throw new UserCreateError(`Not a valid e-mail address: ${command.email}`);
  const role = command.role ?? null;
  if (role !== null && !isRole(role)) throw new UserCreateError(`Unknown role "${role}".`);
  let passwordHash: string;
  try {
    passwordHash = await checkedPasswordHash(command.password);
  } catch (error) {
    throw new UserCreateError(error instanceof GoTrueError ? error.message : String(error));
  }
  return db.transaction(async (tx) => {
    const existing = await findUserByEmail(tx, email);
    let userId: string;
    if (existing) {
      userId = existing.id;
      await tx
        .update(authUsers)
        .set({ encryptedPassword: passwordHash, emailConfirmedAt: existing.emailConfirmedAt ?? new Date(), updatedAt: new Date() })
        .where(eq(authUsers.id, userId));
      await tx.delete(authSessions).where(eq(authSessions.userId, userId));
    } else {
      userId = (await createEmailUser(tx, { email, passwordHash, confirmed: true })).id;
    }
    const userType = role === null || role === 'client' ? 'client' : 'staff';
    await ensureProfile(tx, { userId, userType });
    if (role !== null) {
      if (userType === 'staff') await setUserType(tx, { userId, userType });
      await grantRole(tx, {
        userId,
        role,
        isApprover: command.isApprover,
        isIntegrationAdmin: command.isIntegrationAdmin,
        isDataAiAdmin: command.isDataAiAdmin,
      });
    }
    return { userId, created: !existing, role };
  });
}
