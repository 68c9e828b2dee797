import type { FastifyRequest } from 'fastify';
import { adminInviteUser } from '../auth/admin/admin.service.ts';
import type { AuthDeps } from '../auth/context.ts';
import { linkTarget } from '../auth/route-schemas.ts';
import { replaceUserAccess } from '../access/access-admin.service.ts';
import { auditOrigin, recordAudit } from '../../platform/audit/record-audit.ts';
import { resolveAuditors } from './engagements.service.ts';

/**
 * The auditors of a new engagement: known staff accounts as they are; unknown addresses invited by
 * e-mail through the invitation flow (POST /auth/v1/invite's service), as staff with the auditor role.
 * The invitations commit before the engagement (each in the invitation's own transaction).
 */
export async function auditorAccounts(
  request: FastifyRequest,
  authDeps: AuthDeps,
  organizationId: string,
  emails: readonly string[],
): Promise<{ userId: string; email: string; invited: boolean }[]> {
  const db = request.server.database.db;
  const { known, unknown } = await db.transaction((tx) => resolveAuditors(tx, emails));
  const accounts = known.map((account) => ({ ...account, invited: false }));
  for (const email of unknown) {
    const invited = await adminInviteUser(authDeps, { email }, linkTarget(authDeps, request, '/auditor-portal'), async (tx, userId) => {
      await replaceUserAccess(tx, {
        userId,
        userType: 'staff',
        roles: [{ role: 'auditor', is_approver: false, is_integration_admin: false, is_data_ai_admin: false }],
        scopes: [],
      });
      await recordAudit(tx, {
        ...auditOrigin(request),
        organizationId,
        action: 'user.invite',
        entityType: 'user',
        entityId: userId,
        after: { email, role: 'auditor' },
      });
    });
    accounts.push({ userId: invited.user.id, email, invited: true });
  }
  return accounts;
}
