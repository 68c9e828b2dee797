import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type UpdateUserAccessInput, adminUserSchema } from '../../../../shared/schemas/access.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { accessQueryKey } from '../../auth/access-query.tsx';
import { adminKeys } from './admin-keys.ts';

/** PUT /api/v1/admin/users/:userId/access */
export function useUpdateUserAccess() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, input }: { userId: string; input: UpdateUserAccessInput }) =>
      apiFetch(`/api/v1/admin/users/${userId}/access`, { method: 'PUT', body: input, schema: adminUserSchema }),
    onSuccess: async (_user, { userId }) => {
      await queryClient.invalidateQueries({ queryKey: [...adminKeys.all, 'users'] });
      // An administrator editing their own flags sees the change at once.
      await queryClient.invalidateQueries({ queryKey: accessQueryKey(userId) });
    },
  });
}
