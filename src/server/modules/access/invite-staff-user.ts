import type { AdminUser, UpdateUserAccessInput } from '../../../shared/schemas/access.ts';
import { AppError } from '../../app-error.ts';
import type { Db } from '../../db/client.ts';
import { type AuditOrigin, recordAudit } from '../../platform/audit/record-audit.ts';
import { adminInviteUser } from '../auth/admin/admin.service.ts';
import type { AuthDeps } from '../auth/context.ts';
import type { LinkTarget } from '../auth/email/send-email-link.ts';
import { GoTrueError } from '../auth/gotrue-errors.ts';
import { getUser, replaceUserAccess } from './access-admin.service.ts';
import { invitationIntro } from './invitation-words.ts';

/**
 * Invites a person by e-mail (POST /auth/v1/invite) with the type, roles and scopes they start with:
 * their access and its trail entry are written in the invitation's transaction. Someone who already
 * has an account is a conflict: the administrator changes their access instead.
 */
export async function inviteStaffUser(
  db: Db,
  authDeps: AuthDeps,
  input: { actorId: string | null; email: string; access: UpdateUserAccessInput; target: LinkTarget; origin: AuditOrigin },
): Promise<AdminUser> {
  const { email, access } = input;
  let invitedId: string;
  try {
    const intro = await invitationIntro(db, { inviterId: input.actorId, target: { kind: 'staff' } });
    const invited = await adminInviteUser(
      authDeps,
      { email },
      input.target,
      async (tx, userId) => {
        await replaceUserAccess(tx, { ...access, userId });
        await recordAudit(tx, {
          ...input.origin,
          organizationId: null,
          action: 'user.invite',
          entityType: 'user',
          entityId: userId,
          after: { email, ...access },
        });
      },
      { intro },
    );
    invitedId = invited.user.id;
  } catch (error) {
    if (error instanceof GoTrueError && error.code === 'email_exists') {
      throw new AppError(
        'CONFLICT',
        'Someone with this email address already has an account. Find them in the list to change their access.',
      );
    }
    throw error;
  }
  return getUser(db, invitedId);
}
