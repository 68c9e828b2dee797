import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type SaveWorkflowVersionInput, workflowTemplateDetailSchema } from '../../../../shared/schemas/workflows.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { workflowKeys } from './workflow-keys.ts';

/** Saves the builder's edits as the next version (the earlier versions stay as they were). */
export function useSaveWorkflowVersion(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveWorkflowVersionInput) =>
      apiFetch(`/api/v1/workflows/${id}/versions`, { method: 'POST', body: input, schema: workflowTemplateDetailSchema }),
    onSuccess: (saved) => {
      queryClient.setQueryData(workflowKeys.detail(saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: workflowKeys.all });
    },
  });
}
