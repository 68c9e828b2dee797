import { SEARCH } from '../../../../shared/constants.ts';
import { type SearchResponse, searchResponseSchema } from '../../../../shared/schemas/search.ts';
import { ApiError, apiFetch } from '../../../lib/api-client.ts';

export const searchKeys = {
  all: ['search'] as const,
  query: (q: string) => ['search', q] as const,
};

/**
 * GET /functions/v1/search-content with the user's token or the anonymous key. A failure is logged
 * as 'Search failed: {status}' and yields null: the dialog then shows nothing (product.md §8).
 */
export async function fetchSearchResults(
  q: string,
  options: { token: string | null; signal?: AbortSignal },
): Promise<SearchResponse | null> {
  try {
    return await apiFetch('/functions/v1/search-content', {
      query: { q, limit: SEARCH.maxResultsShown, offset: 0 },
      schema: searchResponseSchema,
      token: options.token,
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    console.error(`Search failed: ${error instanceof ApiError ? error.status : 0}`);
    return null;
  }
}
