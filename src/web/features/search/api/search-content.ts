import { SEARCH } from '../../../../shared/constants.ts';
import {
  REQUIREMENT_RESULT_TYPE,
  type RequirementHit,
  SUPPORT_REQUEST_RESULT_TYPE,
  type SupportRequestHit,
  type SearchResponse,
  type SearchResult,
  searchResponseSchema,
} from '../../../../shared/schemas/search.ts';
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
    const response = await apiFetch('/functions/v1/search-content', {
      query: { q, limit: SEARCH.maxResultsShown, offset: 0 },
      schema: searchResponseSchema,
      token: options.token,
      signal: options.signal,
    });
    return withSupportRequestResults(withRequirementResults(response));
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    console.error(`Search failed: ${error instanceof ApiError ? error.status : 0}`);
    return null;
  }
}

function requirementResult(hit: RequirementHit): SearchResult {
  return {
    id: `requirement:${hit.frameworkId}:${hit.ref}`,
    title: `${hit.frameworkName} ${hit.ref} ${hit.title}`,
    excerpt: hit.excerpt,
    content_type: REQUIREMENT_RESULT_TYPE,
    category: hit.frameworkName,
    url_path: hit.url_path,
  };
}

/** The catalogue's requirement hits lead the list, as results of their own kind. */
export function withRequirementResults(response: SearchResponse): SearchResponse {
  const requirements = response.requirements ?? [];
  if (requirements.length === 0) return response;
  return { ...response, results: [...requirements.map(requirementResult), ...response.results] };
}

function supportRequestResult(hit: SupportRequestHit): SearchResult {
  return {
    id: `support-request:${hit.id}`,
    title: hit.subject,
    excerpt: `${hit.status} · ${hit.organizationName}`,
    content_type: SUPPORT_REQUEST_RESULT_TYPE,
    category: 'Support requests',
    url_path: hit.url_path,
  };
}

/** The signed-in user's own support requests (docs/support.md) lead the list, before the catalogue and content. */
export function withSupportRequestResults(response: SearchResponse): SearchResponse {
  const hits = response.supportRequests ?? [];
  if (hits.length === 0) return response;
  return { ...response, results: [...hits.map(supportRequestResult), ...response.results] };
}
