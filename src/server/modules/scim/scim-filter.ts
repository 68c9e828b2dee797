import { type Filter, parse } from 'scim2-parse-filter';
import { ScimError } from './scim-errors.ts';
import { type ResolvedAttribute, resolveAttribute, valuesAt } from './scim-paths.ts';
import type { ResourceDefinition } from './scim-schemas.ts';

/**
 * The `filter` query parameter (RFC 7644 §3.4.2.2): parsed by scim2-parse-filter, every attribute
 * checked against the resource's schemas (an unknown one is 400 invalidFilter, as is text that does
 * not parse), then compiled to a predicate over the resource as this server writes it. Strings
 * compare without regard to case unless the attribute is caseExact (id, externalId); `gt`/`lt` on
 * dateTime compare instants.
 */

export type ResourcePredicate = (resource: unknown) => boolean;
type Comparable = string | number | boolean | null;
type Compare = Extract<Filter, { compValue: unknown }>;

const MAX_FILTER_LENGTH = 2000;

function invalidFilter(detail: string): ScimError {
  return new ScimError(400, detail, 'invalidFilter');
}

function normalise(value: unknown, attribute: ResolvedAttribute): Comparable | undefined {
  if (value === null || value === undefined) return null;
  if (typeof value === 'boolean' || typeof value === 'number') return value;
  if (typeof value !== 'string') return undefined;
  if (attribute.definition.type === 'dateTime') {
    const time = Date.parse(value);
    return Number.isNaN(time) ? value : time;
  }
  return attribute.definition.caseExact ? value : value.toLowerCase();
}

function comparison(op: Compare['op'], actual: Comparable, expected: Comparable): boolean {
  switch (op) {
    case 'eq':
      return actual === expected;
    case 'ne':
      return actual !== expected;
    case 'co':
      return typeof actual === 'string' && typeof expected === 'string' && actual.includes(expected);
    case 'sw':
      return typeof actual === 'string' && typeof expected === 'string' && actual.startsWith(expected);
    case 'ew':
      return typeof actual === 'string' && typeof expected === 'string' && actual.endsWith(expected);
    case 'gt':
      return actual !== null && expected !== null && typeof actual === typeof expected && actual > expected;
    case 'ge':
      return actual !== null && expected !== null && typeof actual === typeof expected && actual >= expected;
    case 'lt':
      return actual !== null && expected !== null && typeof actual === typeof expected && actual < expected;
    case 'le':
      return actual !== null && expected !== null && typeof actual === typeof expected && actual <= expected;
  }
}

function resolveOrThrow(resource: ResourceDefinition, path: string, within?: ResolvedAttribute): ResolvedAttribute {
  const attribute = resolveAttribute(resource, path, within);
  if (!attribute) throw invalidFilter(`The filter names an attribute ${resource.name} does not have: ${path}.`);
  if (attribute.definition.returned === 'never') throw invalidFilter(`${path} cannot be filtered on.`);
  return attribute;
}

function compileCompare(filter: Compare, resource: ResourceDefinition, within?: ResolvedAttribute): ResourcePredicate {
  const attribute = resolveOrThrow(resource, filter.attrPath, within);
  const { type } = attribute.definition;
  if (type === 'complex') throw invalidFilter(`${filter.attrPath} is complex: compare one of its sub-attributes.`);
  if (type === 'boolean' && !['eq', 'ne'].includes(filter.op)) throw invalidFilter(`${filter.attrPath} is a boolean: use eq or ne.`);
  const expected = normalise(filter.compValue, attribute);
  if (expected === undefined) throw invalidFilter(`Not a value for ${filter.attrPath}.`);
  return (target) => {
    const values = valuesAt(target, attribute.keys);
    // ne on an unassigned attribute matches; every other operator needs a value (RFC 7644 §3.4.2.2).
    if (values.length === 0) return filter.op === 'ne' && expected !== null;
    const matches = values.map((value) => normalise(value, attribute)).filter((value) => value !== undefined);
    return filter.op === 'ne'
      ? matches.every((value) => comparison('ne', value, expected))
      : matches.some((value) => comparison(filter.op, value, expected));
  };
}

function compile(filter: Filter, resource: ResourceDefinition, within?: ResolvedAttribute): ResourcePredicate {
  switch (filter.op) {
    case 'and':
    case 'or': {
      const parts = filter.filters.map((part) => compile(part, resource, within));
      return filter.op === 'and' ? (target) => parts.every((part) => part(target)) : (target) => parts.some((part) => part(target));
    }
    case 'not': {
      const inner = compile(filter.filter, resource, within);
      return (target) => !inner(target);
    }
    case 'pr': {
      const attribute = resolveOrThrow(resource, filter.attrPath, within);
      return (target) => valuesAt(target, attribute.keys).some((value) => value !== '' && !(Array.isArray(value) && value.length === 0));
    }
    case '[]': {
      if (within) throw invalidFilter('A value filter cannot nest another.');
      const parent = resolveOrThrow(resource, filter.attrPath);
      if (parent.definition.type !== 'complex') throw invalidFilter(`${filter.attrPath} has no sub-attributes to filter.`);
      const inner = compile(filter.valFilter, resource, parent);
      return (target) => valuesAt(target, parent.keys).some((value) => inner(value));
    }
    default:
      return compileCompare(filter, resource, within);
  }
}

/** The predicate a filter text stands for; 400 invalidFilter when it does not parse or names an unknown attribute. */
export function compileScimFilter(text: string, resource: ResourceDefinition): ResourcePredicate {
  if (text.length > MAX_FILTER_LENGTH) throw invalidFilter(`A filter has at most ${MAX_FILTER_LENGTH} characters.`);
  let parsed: Filter;
  try {
    parsed = parse(text);
  } catch (error) {
    throw invalidFilter(
      `The filter is not valid SCIM filter syntax (RFC 7644 §3.4.2.2): ${error instanceof Error ? error.message : String(error)}.`,
    );
  }
  return compile(parsed, resource);
}
