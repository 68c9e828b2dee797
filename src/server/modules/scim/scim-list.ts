import { ScimError } from './scim-errors.ts';
import { compileScimFilter } from './scim-filter.ts';
import { resolveAttribute } from './scim-paths.ts';
import { LIST_RESPONSE_SCHEMA, type ResourceDefinition } from './scim-schemas.ts';

/**
 * Query parameters of a list (RFC 7644 §3.4.2): filter, 1-based startIndex, count (default 100, at most
 * MAX_COUNT; 0 answers the total only), and attributes / excludedAttributes (top-level names: Entra asks
 * Groups without their members). Filtering runs over the organization's resources as the server shows
 * them (docs/scim.md: a roster is thousands of people, not millions).
 */

export const DEFAULT_COUNT = 100;
export const MAX_COUNT = 200;

export interface ListQuery {
  filter?: string;
  startIndex?: string;
  count?: string;
  attributes?: string;
  excludedAttributes?: string;
}

export interface ListResponse {
  schemas: [typeof LIST_RESPONSE_SCHEMA];
  totalResults: number;
  startIndex: number;
  itemsPerPage: number;
  Resources: Record<string, unknown>[];
}

/** A non-negative integer parameter; RFC 7644 §3.4.2.4 reads a startIndex below 1 as 1 and a negative count as 0. */
function integer(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  if (!/^-?\d+$/.test(value)) throw new ScimError(400, `${name} is an integer.`, 'invalidValue');
  return Number.parseInt(value, 10);
}

function attributeNames(resource: ResourceDefinition, list: string | undefined): string[] | null {
  if (!list) return null;
  return list.split(',').map((name) => {
    const attribute = resolveAttribute(resource, name.trim());
    if (!attribute) throw new ScimError(400, `Unknown attribute: ${name.trim()}.`, 'invalidValue');
    return (attribute.keys[0] ?? '').toLowerCase();
  });
}

/** Keeps the attributes asked for (id, schemas and meta always), or drops the ones excluded. */
export function project<T extends Record<string, unknown>>(resource: ResourceDefinition, view: T, query: ListQuery): Partial<T> {
  const only = attributeNames(resource, query.attributes);
  const without = attributeNames(resource, query.excludedAttributes);
  if (!only && !without) return view;
  const always = ['id', 'schemas', 'meta'];
  return Object.fromEntries(
    Object.entries(view).filter(([key]) => {
      const name = key.toLowerCase();
      if (always.includes(name)) return true;
      return only ? only.includes(name) : !without?.includes(name);
    }),
  ) as Partial<T>;
}

export function listResponse(resource: ResourceDefinition, views: readonly Record<string, unknown>[], query: ListQuery): ListResponse {
  const matching = query.filter ? views.filter(compileScimFilter(query.filter, resource)) : views;
  const startIndex = Math.max(1, integer(query.startIndex, 'startIndex', 1));
  const count = Math.min(MAX_COUNT, Math.max(0, integer(query.count, 'count', DEFAULT_COUNT)));
  const page = matching.slice(startIndex - 1, startIndex - 1 + count).map((view) => project(resource, view, query));
  return { schemas: [LIST_RESPONSE_SCHEMA], totalResults: matching.length, startIndex, itemsPerPage: page.length, Resources: page };
}
