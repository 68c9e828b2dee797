import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  answerLibrarySchema,
  type AnswerQuestionnaireInput,
  type Questionnaire,
  questionnaireListSchema,
  questionnaireSchema,
  type UpdateQuestionnaireAnswerInput,
} from '../../../../shared/schemas/questionnaires.ts';
import { apiDownload, apiFetch } from '../../../lib/api-client.ts';
import { apiUpload } from '../../../lib/api-upload.ts';
import { questionnaireKeys } from './questionnaire-keys.ts';

/** GET /api/v1/questionnaires (listQuestionnaires) */
export function useQuestionnaires(organizationId: string | undefined) {
  return useQuery({
    queryKey: questionnaireKeys.list(organizationId),
    queryFn: ({ signal }) => apiFetch('/api/v1/questionnaires', { query: { organizationId }, schema: questionnaireListSchema, signal }),
  });
}

/** GET /api/v1/questionnaires/:id (getQuestionnaire), polled every 2 s while the answering job runs. */
export function useQuestionnaire(id: string) {
  return useQuery({
    queryKey: questionnaireKeys.detail(id),
    queryFn: ({ signal }) => apiFetch(`/api/v1/questionnaires/${id}`, { schema: questionnaireSchema, signal }),
    refetchInterval: (query) => (query.state.data?.status === 'answering' ? 2_000 : false),
  });
}

/** GET /api/v1/answer-library (listAnswerLibrary) */
export function useAnswerLibrary(organizationId: string | undefined) {
  return useQuery({
    queryKey: questionnaireKeys.library(organizationId),
    queryFn: ({ signal }) => apiFetch('/api/v1/answer-library', { query: { organizationId }, schema: answerLibrarySchema, signal }),
  });
}

/** POST /api/v1/questionnaires (createQuestionnaire): multipart, the `fields` JSON part first, then the `file`. */
export function useCreateQuestionnaire() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, organizationId }: { file: File; organizationId: string | undefined }) => {
      const form = new FormData();
      form.append('fields', JSON.stringify({ organizationId }));
      form.append('file', file, file.name);
      return apiUpload('/api/v1/questionnaires', {
        body: form,
        schema: questionnaireSchema,
        tooLargeMessage: 'This file is too large (at most 10 MB).',
        fieldsPart: 'fields',
      });
    },
    onSuccess: (created) => {
      queryClient.setQueryData(questionnaireKeys.detail(created.id), created);
      return queryClient.invalidateQueries({ queryKey: questionnaireKeys.all });
    },
  });
}

function useQuestionnaireChange<TInput>(send: (id: string, input: TInput) => Promise<Questionnaire>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: TInput }) => send(id, input),
    onSuccess: (updated) => {
      queryClient.setQueryData(questionnaireKeys.detail(updated.id), updated);
      return queryClient.invalidateQueries({ queryKey: questionnaireKeys.all });
    },
  });
}

/** POST /api/v1/questionnaires/:id/answer (answerQuestionnaire): starts the job with the mapping as corrected. */
export const useAnswerQuestionnaire = () =>
  useQuestionnaireChange((id, input: AnswerQuestionnaireInput) =>
    apiFetch(`/api/v1/questionnaires/${id}/answer`, { method: 'POST', body: input, schema: questionnaireSchema }),
  );

/** PATCH /api/v1/questionnaires/:id/answers (updateQuestionnaireAnswer): accept, bulk accept, edit, reassign. */
export const useUpdateQuestionnaireAnswer = () =>
  useQuestionnaireChange((id, input: UpdateQuestionnaireAnswerInput) =>
    apiFetch(`/api/v1/questionnaires/${id}/answers`, { method: 'PATCH', body: input, schema: questionnaireSchema }),
  );

/** GET /api/v1/questionnaires/:id/export (exportQuestionnaire), saved as a file. */
export function useExportQuestionnaire() {
  return useMutation({
    mutationFn: async ({ id, format }: { id: string; format: 'original' | 'pdf' }) => {
      const { blob, fileName } = await apiDownload(`/api/v1/questionnaires/${id}/export`, { query: { format } });
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = fileName ?? `questionnaire.${format === 'pdf' ? 'pdf' : 'xlsx'}`;
      link.hidden = true;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    },
  });
}
