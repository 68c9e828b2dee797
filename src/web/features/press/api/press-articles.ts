import { useQuery } from '@tanstack/react-query';
import type { PressArticle } from '../../../../shared/schemas/press.ts';
import { apiFetch } from '../../../lib/api-client.ts';

export const pressKeys = { all: ['press-articles'] as const };

export async function fetchPressArticles(signal?: AbortSignal): Promise<PressArticle[]> {
  // The schema (and zod) load with the first request, after the page has started.
  const { pressArticlesResponseSchema } = await import('../../../../shared/schemas/press.ts');
  const response = await apiFetch('/api/v1/press-articles', { token: null, schema: pressArticlesResponseSchema, signal });
  return response.articles;
}

/** `enabled`: the landing page asks once the block nears the viewport, not while it starts. */
export function usePressArticles(enabled = true) {
  return useQuery({ queryKey: pressKeys.all, queryFn: ({ signal }) => fetchPressArticles(signal), staleTime: 5 * 60_000, enabled });
}
