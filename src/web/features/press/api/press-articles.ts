import { useQuery } from '@tanstack/react-query';
import { type PressArticle, pressArticlesResponseSchema } from '../../../../shared/schemas/press.ts';
import { apiFetch } from '../../../lib/api-client.ts';

export const pressKeys = { all: ['press-articles'] as const };

export async function fetchPressArticles(signal?: AbortSignal): Promise<PressArticle[]> {
  const response = await apiFetch('/api/v1/press-articles', { token: null, schema: pressArticlesResponseSchema, signal });
  return response.articles;
}

export function usePressArticles() {
  return useQuery({ queryKey: pressKeys.all, queryFn: ({ signal }) => fetchPressArticles(signal), staleTime: 5 * 60_000 });
}
