import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { personListSchema } from '../../../../shared/schemas/people.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { type PeopleFilters, peopleKeys } from './people-keys.ts';

/** GET /api/v1/people (listPeople): the roster, filtered. */
export function usePeople(organizationId: string | undefined, filters: PeopleFilters = {}) {
  return useQuery({
    queryKey: peopleKeys.list(organizationId, filters),
    queryFn: ({ signal }) => apiFetch('/api/v1/people', { query: { organizationId, ...filters }, schema: personListSchema, signal }),
    placeholderData: keepPreviousData,
  });
}
