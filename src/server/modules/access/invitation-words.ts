import { eq } from 'drizzle-orm';
import { ROLE_LABELS } from '../../../shared/permissions.ts';
import type { Db } from '../../db/client.ts';
import { authUsers } from '../../db/schema/auth.ts';
import { loadAccess } from '../../platform/access/access.service.ts';

/**
 * The opening line of an invitation e-mail (docs/organizations.md "Invitations"): who invited the person,
 * by name and role, and to what — never an anonymous "An administrator has added you". The service-role
 * key (scripts) is nobody's account: its invitations come from "The ComplianceCore team".
 */

export type InvitationTarget =
  { kind: 'organization'; organizationName: string } | { kind: 'staff' } | { kind: 'audit'; engagementName: string };

const NEXT_STEP = 'Accept the invitation to sign in, then choose a password on your profile.';

/** "Maya Okafor (Client manager)": the inviter's profile name, else their e-mail, with their main role. */
export async function inviterWords(db: Db, inviterId: string | null): Promise<string> {
  if (!inviterId) return 'The ComplianceCore team';
  const [user] = await db
    .select({ email: authUsers.email, metadata: authUsers.userMetadata })
    .from(authUsers)
    .where(eq(authUsers.id, inviterId));
  const fullName = user?.metadata.full_name;
  const name = typeof fullName === 'string' && fullName.trim() ? fullName.trim() : (user?.email ?? 'A ComplianceCore user');
  const { primaryRole } = await loadAccess(db, inviterId);
  return primaryRole ? `${name} (${ROLE_LABELS[primaryRole]})` : name;
}

export async function invitationIntro(db: Db, input: { inviterId: string | null; target: InvitationTarget }): Promise<string> {
  const who = await inviterWords(db, input.inviterId);
  const { target } = input;
  const what =
    target.kind === 'organization'
      ? `has invited you to join ${target.organizationName} on ComplianceCore.`
      : target.kind === 'audit'
        ? `has invited you to the audit “${target.engagementName}” on ComplianceCore.`
        : 'has invited you to ComplianceCore.';
  return `${who} ${what} ${NEXT_STEP}`;
}
