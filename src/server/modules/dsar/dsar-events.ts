import { inArray, sql } from 'drizzle-orm';
import type { DbTransaction } from '../../db/client.ts';
import { authUsers } from '../../db/schema/auth.ts';
import { organizationMembers } from '../../db/schema/organizations.ts';
import { emitDomainEvent } from '../../platform/events/domain-events.ts';
import type { Jobs } from '../../platform/jobs/job-types.ts';

/**
 * A privacy request names a person by e-mail (and perhaps their account's). When that person is a member
 * of client organizations, each of those organizations hears 'privacy_request.received' in the request's
 * own transaction, so their privacy workflows can start (docs/workflow-runs.md). Nothing else leaves the
 * privacy team: the event carries the reference and the request type, never the requester's details.
 */
export async function emitPrivacyRequestReceived(
  tx: DbTransaction,
  jobs: Jobs,
  request: { id: string; reference: string; requestType: string; emails: (string | null | undefined)[] },
): Promise<number> {
  const emails = [...new Set(request.emails.filter((email): email is string => Boolean(email)).map((email) => email.toLowerCase()))];
  if (emails.length === 0) return 0;
  const users = await tx
    .select({ id: authUsers.id })
    .from(authUsers)
    .where(inArray(sql`lower(${authUsers.email})`, emails));
  if (users.length === 0) return 0;
  const memberships = await tx
    .selectDistinct({ organizationId: organizationMembers.organizationId })
    .from(organizationMembers)
    .where(
      inArray(
        organizationMembers.userId,
        users.map((user) => user.id),
      ),
    );
  for (const { organizationId } of memberships) {
    await emitDomainEvent(tx, jobs, {
      type: 'privacy_request.received',
      organizationId,
      entityId: request.id,
      data: { reference: request.reference, requestType: request.requestType },
    });
  }
  return memberships.length;
}
