import { and, eq, inArray } from 'drizzle-orm';
import type { ActionConfig } from '../../../../shared/schemas/workflow-runs.ts';
import { authUsers } from '../../../db/schema/auth.ts';
import { organizationMembers } from '../../../db/schema/organizations.ts';
import { enqueueEmail } from '../../../platform/mail/mail.service.ts';
import { notify } from '../../notifications/notifications.service.ts';
import type { ActionContext, ActionResult } from './action-context.ts';
import { workspaceHref } from '../../../../shared/workspace-links.ts';

/**
 * Tells the organization's members (or its owners) in the app (the bell, through notify) and by
 * e-mail (the outbox), both in the run's transaction: the workflow's author asked for the e-mail, so it
 * goes whatever a member's preferences for workflow notices say.
 */
export async function notifyAction(context: ActionContext<ActionConfig<'notify'>>): Promise<ActionResult> {
  const { tx, jobs, run, config } = context;
  const members = await tx
    .select({ userId: organizationMembers.userId })
    .from(organizationMembers)
    .where(
      and(
        eq(organizationMembers.organizationId, run.organizationId),
        ...(config.recipients === 'owners' ? [eq(organizationMembers.role, 'owner')] : []),
      ),
    );
  const ids = members.map((member) => member.userId);
  const users = ids.length === 0 ? [] : await tx.select({ email: authUsers.email }).from(authUsers).where(inArray(authUsers.id, ids));
  const emails = [...new Set(users.map((user) => user.email).filter((email): email is string => Boolean(email)))].sort();
  const inApp = await notify(tx, jobs, {
    organizationId: run.organizationId,
    userIds: ids,
    kind: 'workflow',
    title: config.subject,
    body: config.message,
    link: workspaceHref.workflows(),
    sourceKey: `workflow-run:${run.id}:${run.stepSeq}`,
    inAppOnly: true,
  });
  for (const to of emails) {
    await enqueueEmail(tx, jobs, {
      kind: 'workflow-notice',
      to,
      subject: config.subject,
      text: `${config.message}\n\nOpen your workflows: ${workspaceHref.workflows()}`,
    });
  }
  return {
    outcome: { recipients: ids.length, inApp: inApp.created, emails: emails.length },
    next: { kind: 'continue' },
  };
}
