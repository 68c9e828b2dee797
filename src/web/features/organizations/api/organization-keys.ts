/** Query keys of organizations and staff assignments, one factory so invalidation cannot miss a variant. */
export const organizationKeys = {
  all: ['organizations'] as const,
  list: (q: string) => ['organizations', 'list', q] as const,
  one: (organizationId: string) => ['organizations', 'one', organizationId] as const,
  staffAssignments: (organizationId: string) => ['organizations', 'staff-assignments', organizationId] as const,
  staffMembers: () => ['organizations', 'staff-members'] as const,
};
