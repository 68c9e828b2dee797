import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  publicVendorQuestionnaireSchema,
  type SaveVendorAnswersInput,
  vendorQuestionnaireFileSchema,
  vendorQuestionnaireReceiptSchema,
} from '../../../../shared/schemas/vendor-questionnaires.ts';
import { apiFetch, retryUnlessRefused } from '../../../lib/api-client.ts';
import { apiUpload } from '../../../lib/api-upload.ts';
import { vendorQuestionnaireKeys } from './vendor-questionnaire-keys.ts';

/** The vendor's side: no account, the link's token is the key (never an Authorization header). */
const base = (token: string) => `/api/v1/vendor-questionnaire/${encodeURIComponent(token)}`;

/** GET /api/v1/vendor-questionnaire/:token (getVendorQuestionnaire) */
export function useVendorQuestionnaireLink(token: string) {
  return useQuery({
    queryKey: vendorQuestionnaireKeys.link(token),
    queryFn: ({ signal }) => apiFetch(base(token), { schema: publicVendorQuestionnaireSchema, token: null, signal }),
    retry: retryUnlessRefused(2),
    refetchOnWindowFocus: false,
  });
}

/** PUT /api/v1/vendor-questionnaire/:token/answers (saveVendorQuestionnaireAnswers) */
export function useSaveVendorAnswers(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveVendorAnswersInput) =>
      apiFetch(`${base(token)}/answers`, { method: 'PUT', body: input, schema: publicVendorQuestionnaireSchema, token: null }),
    onSuccess: (page) => queryClient.setQueryData(vendorQuestionnaireKeys.link(token), page),
  });
}

/** POST /api/v1/vendor-questionnaire/:token/submission (submitVendorQuestionnaire) */
export function useSubmitVendorQuestionnaire(token: string) {
  return useMutation({
    mutationFn: (input: SaveVendorAnswersInput) =>
      apiFetch(`${base(token)}/submission`, { method: 'POST', body: input, schema: vendorQuestionnaireReceiptSchema, token: null }),
  });
}

/** POST /api/v1/vendor-questionnaire/:token/files (uploadVendorQuestionnaireFile) */
export function useAttachVendorFile(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) =>
      apiUpload(`${base(token)}/files`, {
        body: file,
        query: { fileName: file.name },
        schema: vendorQuestionnaireFileSchema,
        tooLargeMessage: 'The file is larger than 10 MB.',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: vendorQuestionnaireKeys.link(token) }),
  });
}
