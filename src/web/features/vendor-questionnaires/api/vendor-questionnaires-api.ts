import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type SendVendorQuestionnaireInput,
  vendorQuestionnaireListSchema,
  vendorQuestionnaireSchema,
} from '../../../../shared/schemas/vendor-questionnaires.ts';
import { apiDownload, apiFetch } from '../../../lib/api-client.ts';
import { PROGRAMME_ROOT } from '../../../lib/query-roots.ts';
import { vendorQuestionnaireKeys } from './vendor-questionnaire-keys.ts';

/** GET /api/v1/vendors/:vendorId/questionnaires (listVendorQuestionnaires); looks again while a draft is awaited. */
export function useVendorQuestionnaires(vendorId: string) {
  return useQuery({
    queryKey: vendorQuestionnaireKeys.forVendor(vendorId),
    queryFn: ({ signal }) => apiFetch(`/api/v1/vendors/${vendorId}/questionnaires`, { schema: vendorQuestionnaireListSchema, signal }),
    refetchInterval: (query) =>
      query.state.data?.questionnaires.some((questionnaire) => questionnaire.status === 'submitted' && !questionnaire.assessment?.draft)
        ? 3_000
        : false,
  });
}

/** POST /api/v1/vendors/:vendorId/questionnaires (sendVendorQuestionnaire); the vendor may have moved into review. */
export function useSendVendorQuestionnaire(vendorId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SendVendorQuestionnaireInput) =>
      apiFetch(`/api/v1/vendors/${vendorId}/questionnaires`, { method: 'POST', body: input, schema: vendorQuestionnaireSchema }),
    // The programme's root: a proposed vendor moved into review, so the register refreshes with the list.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PROGRAMME_ROOT }),
  });
}

/** GET /api/v1/vendor-questionnaires/:questionnaireId/files/:fileId (downloadVendorQuestionnaireFile), saved as a file. */
export function useDownloadVendorFile() {
  return useMutation({
    mutationFn: async ({ questionnaireId, fileId, fileName }: { questionnaireId: string; fileId: string; fileName: string }) => {
      const { blob } = await apiDownload(`/api/v1/vendor-questionnaires/${questionnaireId}/files/${fileId}`);
      const url = URL.createObjectURL(blob);
      const anchor = document.createElement('a');
      anchor.href = url;
      anchor.download = fileName;
      anchor.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    },
  });
}
