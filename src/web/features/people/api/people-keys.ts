import { PROGRAMME_ROOT } from '../../../lib/query-roots.ts';

/** What the roster filters by (listPeople's query without the organization). */
export interface PeopleFilters {
  status?: 'active' | 'inactive';
  department?: string;
  q?: string;
}

/** Query keys of the roster. Under the programme's root: a register import refreshes it too. */
export const peopleKeys = {
  all: [...PROGRAMME_ROOT, 'people'] as const,
  list: (organizationId: string | undefined, filters: PeopleFilters) =>
    [...PROGRAMME_ROOT, 'people', 'list', organizationId ?? 'mine', filters] as const,
};
