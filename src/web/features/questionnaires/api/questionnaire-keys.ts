/** Query keys of questionnaires and the answer library, one factory so invalidation cannot miss a variant. */
export const questionnaireKeys = {
  all: ['questionnaires'] as const,
  list: (organizationId: string | undefined) => ['questionnaires', 'list', organizationId ?? 'mine'] as const,
  detail: (id: string) => ['questionnaires', 'detail', id] as const,
  library: (organizationId: string | undefined) => ['questionnaires', 'library', organizationId ?? 'mine'] as const,
};
