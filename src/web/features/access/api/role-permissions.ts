import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type UpdateRolePermissionsInput, rolePermissionMatrixSchema } from '../../../../shared/schemas/access.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { ACCESS_QUERY_ROOT } from '../../auth/access-query.tsx';
import { adminKeys } from './admin-keys.ts';

/** GET /api/v1/admin/role-permissions */
export function useRolePermissions() {
  return useQuery({
    queryKey: adminKeys.rolePermissions(),
    queryFn: ({ signal }) => apiFetch('/api/v1/admin/role-permissions', { schema: rolePermissionMatrixSchema, signal }),
  });
}

/** PUT /api/v1/admin/role-permissions */
export function useUpdateRolePermissions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateRolePermissionsInput) =>
      apiFetch('/api/v1/admin/role-permissions', { method: 'PUT', body: input, schema: rolePermissionMatrixSchema }),
    onSuccess: async (matrix) => {
      queryClient.setQueryData(adminKeys.rolePermissions(), matrix);
      // Everyone's effective permissions may have changed, this administrator's included.
      await queryClient.invalidateQueries({ queryKey: ACCESS_QUERY_ROOT });
    },
  });
}
