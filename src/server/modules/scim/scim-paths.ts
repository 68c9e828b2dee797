import { type AttributeDefinition, COMMON_ATTRIBUTES, type ResourceDefinition } from './scim-schemas.ts';

/**
 * Attribute paths (RFC 7644 §3.10): `userName`, `name.givenName`, `emails.value`, with or without the
 * schema URN (`urn:…:enterprise:2.0:User:department`), compared without regard to case. A path
 * resolves to the JSON keys of the resource as this server writes it, and to its definition.
 */

export interface ResolvedAttribute {
  /** The keys from the resource's top down: `['emails', 'value']`, `[ENTERPRISE_USER_SCHEMA, 'department']`. */
  keys: string[];
  definition: AttributeDefinition;
}

const byName = (definitions: readonly AttributeDefinition[], name: string) =>
  definitions.find((definition) => definition.name.toLowerCase() === name.toLowerCase());

function walk(definitions: readonly AttributeDefinition[], names: readonly string[], keys: string[]): ResolvedAttribute | null {
  const [first, second, ...rest] = names;
  if (!first || rest.length > 0) return null;
  const definition = byName(definitions, first);
  if (!definition) return null;
  if (second === undefined) return { keys: [...keys, definition.name], definition };
  const sub = definition.subAttributes ? byName(definition.subAttributes, second) : undefined;
  return sub ? { keys: [...keys, definition.name, sub.name], definition: sub } : null;
}

/** The attribute a path names in the resource, or null when none of its schemas defines it. */
export function resolveAttribute(resource: ResourceDefinition, path: string, within?: ResolvedAttribute): ResolvedAttribute | null {
  if (within) {
    // Inside `emails[type eq "work"]`: a sub-attribute of each value, keyed from the value itself.
    const subAttributes = within.definition.subAttributes ?? [];
    return path.includes('.') ? null : walk(subAttributes, [path], []);
  }
  const lower = path.toLowerCase();
  for (const extension of resource.extensions) {
    if (lower.startsWith(`${extension.schema.toLowerCase()}:`)) {
      return walk(extension.attributes, path.slice(extension.schema.length + 1).split('.'), [extension.schema]);
    }
  }
  const core = lower.startsWith(`${resource.schema.toLowerCase()}:`) ? path.slice(resource.schema.length + 1) : path;
  if (core.toLowerCase().startsWith('urn:')) return null;
  return walk([...COMMON_ATTRIBUTES, ...resource.attributes], core.split('.'), []);
}

/** The value at `keys` in a resource; arrays on the way are flattened (a multi-valued attribute's sub-attribute). */
export function valuesAt(resource: unknown, keys: readonly string[]): unknown[] {
  if (keys.length === 0) return Array.isArray(resource) ? resource : [resource];
  if (Array.isArray(resource)) return resource.flatMap((item) => valuesAt(item, keys));
  if (typeof resource !== 'object' || resource === null) return [];
  const [key, ...rest] = keys;
  const record = resource as Record<string, unknown>;
  const found = Object.keys(record).find((name) => name.toLowerCase() === key?.toLowerCase());
  if (found === undefined || record[found] === undefined || record[found] === null) return [];
  return valuesAt(record[found], rest);
}
