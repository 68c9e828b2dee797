import { GoTrueAdminApi, isAuthApiError } from '@supabase/auth-js';
import { type Role, isRole } from '../../../../shared/permissions.ts';
import type { z } from 'zod';
import { type AdminUser, type UpdateUserAccessInput, adminUserListSchema, adminUserSchema } from '../../../../shared/schemas/access.ts';
import { normalizeEmail } from '../users/user-store.ts';

/**
 * `npm run user:create`: a confirmed e-mail user made through the admin APIs, as any back-office
 * tool would: `POST /auth/v1/admin/users` (the pinned `@supabase/auth-js` admin client) for the
 * account, `PUT /api/v1/admin/users/{id}/access` for the role. Both take the service-role key.
 * Running it again for the same address resets the password and adds the role.
 */

/** Where the admin APIs answer: a running server, or an app built in this process (`fetch` = inject). */
export interface AdminConnection {
  /** The site origin, e.g. http://localhost:3000. */
  url: string;
  serviceRoleKey: string;
  fetch: typeof fetch;
}

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

async function appApi<T>(connection: AdminConnection, path: string, schema: z.ZodType<T>, init: RequestInit = {}): Promise<T> {
  const response = await connection.fetch(`${connection.url}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${connection.serviceRoleKey}`, 'content-type': 'application/json', ...init.headers },
  });
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const message = (body as { error?: { message?: string } } | null)?.error?.message ?? `HTTP ${response.status}`;
    throw new UserCreateError(`${init.method ?? 'GET'} ${path} failed: ${message}`);
  }
  return schema.parse(body);
}

async function findUserId(connection: AdminConnection, email: string): Promise<string> {
  const list = await appApi(connection, `/api/v1/admin/users?${new URLSearchParams({ q: email, limit: '100' })}`, adminUserListSchema);
  const match = list.users.find((user) => user.email === email);
  if (!match) throw new UserCreateError(`The auth service says ${email} exists, but it is not in the user list.`);
  return match.userId;
}

/** The user's access with `role` added (its flags replaced); staff once any staff role is held. */
function withRole(current: AdminUser, role: Role, command: CreateUserCommand): UpdateUserAccessInput {
  const assignment = {
    role,
    is_approver: command.isApprover === true,
    is_integration_admin: command.isIntegrationAdmin === true,
    is_data_ai_admin: command.isDataAiAdmin === true,
  };
  const userType = current.userType === 'staff' || role !== 'client' ? 'staff' : 'client';
  // Staff read client work through their access scopes (docs/permissions.md "Scopes"): a staff user
  // made here without any gets one scope with every field empty (everywhere), for an administrator
  // to narrow. A user who already has scopes keeps exactly those.
  const scopes = userType === 'staff' && current.scopes.length === 0 ? [{ is_active: true }] : current.scopes;
  return {
    userType,
    roles: [...current.roles.filter((held) => held.role !== role), assignment],
    scopes,
  };
}

export async function createUserWithRole(connection: AdminConnection, command: CreateUserCommand): Promise<CreateUserOutcome> {
  const email = normalizeEmail(command.email);
  const role = command.role ?? null;
  if (role !== null && !isRole(role)) throw new UserCreateError(`Unknown role "${role}".`);
  const admin = new GoTrueAdminApi({
    url: `${connection.url}/auth/v1`,
    headers: { authorization: `Bearer ${connection.serviceRoleKey}`, apikey: connection.serviceRoleKey },
    fetch: connection.fetch,
  });

  let userId: string;
  let created = true;
  const made = await admin.createUser({ email, password: command.password, email_confirm: true });
  if (made.error) {
    if (!isAuthApiError(made.error) || made.error.code !== 'email_exists') throw new UserCreateError(made.error.message);
    created = false;
    userId = await findUserId(connection, email);
    // A new password ends the user's sessions (the admin API does that on every password change).
    const updated = await admin.updateUserById(userId, { password: command.password, email_confirm: true });
    if (updated.error) throw new UserCreateError(updated.error.message);
  } else {
    userId = made.data.user.id;
  }

  if (role !== null) {
    const path = `/api/v1/admin/users/${userId}`;
    const current = await appApi(connection, path, adminUserSchema);
    await appApi(connection, `${path}/access`, adminUserSchema, {
      method: 'PUT',
      body: JSON.stringify(withRole(current, role, command)),
    });
  }
  return { userId, created, role };
}
