import type { AdminUserListQuery, SecurityEventListQuery } from '../../../../shared/schemas/access.ts';

/** Query keys of the admin area, one factory so invalidation cannot miss a variant. */
export const adminKeys = {
  all: ['admin'] as const,
  users: (query: Partial<AdminUserListQuery>) => ['admin', 'users', query] as const,
  rolePermissions: () => ['admin', 'role-permissions'] as const,
  securityEvents: (type: SecurityEventListQuery['type'] | 'all') => ['admin', 'security-events', type] as const,
};
