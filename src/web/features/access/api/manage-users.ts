import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type InviteUserInput, adminUserSchema } from '../../../../shared/schemas/access.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { adminKeys } from './admin-keys.ts';

function useRefreshUsersAfter<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...adminKeys.all, 'users'] }),
  });
}

/** POST /api/v1/admin/users: the invitation e-mail goes out; the user starts with this access. */
export function useInviteUser() {
  return useRefreshUsersAfter((input: InviteUserInput) =>
    apiFetch('/api/v1/admin/users', { method: 'POST', body: input, schema: adminUserSchema }),
  );
}

/** DELETE /api/v1/admin/users/:userId */
export function useDeleteUser() {
  return useRefreshUsersAfter((userId: string) => apiFetch(`/api/v1/admin/users/${userId}`, { method: 'DELETE' }));
}
