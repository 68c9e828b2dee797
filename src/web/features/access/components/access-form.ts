import { ROLES, type Role, type ScopeField } from '../../../../shared/permissions.ts';
import type { AdminUser } from '../../../../shared/schemas/access.ts';

/** The shape the access dialog edits; mapped to UpdateUserAccessInput on save. */
export interface RoleState {
  enabled: boolean;
  is_approver: boolean;
  is_integration_admin: boolean;
  is_data_ai_admin: boolean;
}
export type ScopeRow = Record<ScopeField, string> & { is_active: boolean };
export interface AccessFormValues {
  /** Asked only when inviting; an existing user's address is not edited here. */
  email: string;
  userType: 'staff' | 'client';
  roles: Record<Role, RoleState>;
  scopes: ScopeRow[];
}

export const emptyScope = (): ScopeRow => ({
  business_unit: '',
  region: '',
  framework: '',
  environment: '',
  data_classification: '',
  is_active: true,
});

export function toFormValues(user: AdminUser): AccessFormValues {
  const roles = Object.fromEntries(
    ROLES.map((role) => {
      const held = user.roles.find((assignment) => assignment.role === role);
      const state: RoleState = {
        enabled: Boolean(held),
        is_approver: held?.is_approver ?? false,
        is_integration_admin: held?.is_integration_admin ?? false,
        is_data_ai_admin: held?.is_data_ai_admin ?? false,
      };
      return [role, state];
    }),
  ) as Record<Role, RoleState>;
  const scopes = user.scopes.map((scope) => ({
    business_unit: scope.business_unit ?? '',
    region: scope.region ?? '',
    framework: scope.framework ?? '',
    environment: scope.environment ?? '',
    data_classification: scope.data_classification ?? '',
    is_active: scope.is_active,
  }));
  return { email: user.email, userType: user.userType, roles, scopes };
}

/** Someone invited starts as a client user with the client role, until the administrator says otherwise. */
export function newUserFormValues(): AccessFormValues {
  const values = toFormValues({
    userId: '',
    email: '',
    createdAt: '',
    lastSignInAt: null,
    emailConfirmedAt: null,
    userType: 'client',
    roles: [],
    scopes: [],
  });
  values.roles.client.enabled = true;
  return values;
}

/** The form as the API's access input (type, roles with flags, scopes); the schemas validate it. */
export function toAccessInput(form: AccessFormValues) {
  return {
    userType: form.userType,
    roles: ROLES.filter((role) => form.roles[role].enabled).map((role) => {
      const { is_approver, is_integration_admin, is_data_ai_admin } = form.roles[role];
      // product.md §6: the flags apply only to staff, so a client keeps none.
      const flags = form.userType === 'staff' ? { is_approver, is_integration_admin, is_data_ai_admin } : {};
      return { role, ...flags };
    }),
    scopes: form.scopes,
  };
}
