import { invalidValue } from './scim-errors.ts';
import { type ResolvedAttribute, resolveAttribute } from './scim-paths.ts';
import type { AttributeDefinition, ResourceDefinition } from './scim-schemas.ts';

/**
 * A resource body (POST, PUT, and what PATCH leaves) checked against the resource's schemas before
 * anything is read from it: an attribute no schema defines, a schema URN the resource does not have,
 * or a value of the wrong type is 400 invalidValue naming it (docs/scim.md).
 */

export type ScimBody = Record<string, unknown>;

const isRecord = (value: unknown): value is ScimBody => typeof value === 'object' && value !== null && !Array.isArray(value);

function checkValue(definition: AttributeDefinition, value: unknown, path: string): void {
  if (value === null || value === undefined) return;
  if (definition.multiValued) {
    if (!Array.isArray(value)) throw invalidValue(`${path} is multi-valued: send an array.`);
    for (const item of value) checkValue({ ...definition, multiValued: false }, item, path);
    return;
  }
  switch (definition.type) {
    case 'complex': {
      if (!isRecord(value)) throw invalidValue(`${path} is complex: send an object.`);
      for (const [key, sub] of Object.entries(value)) {
        const subDefinition = definition.subAttributes?.find((candidate) => candidate.name.toLowerCase() === key.toLowerCase());
        if (!subDefinition) throw invalidValue(`Unknown attribute: ${path}.${key}.`);
        checkValue(subDefinition, sub, `${path}.${key}`);
      }
      return;
    }
    case 'boolean':
      if (typeof value !== 'boolean' && !/^(true|false)$/i.test(String(value))) throw invalidValue(`${path} is a boolean.`);
      return;
    case 'integer':
    case 'decimal':
      if (typeof value !== 'number') throw invalidValue(`${path} is a number.`);
      return;
    default:
      if (typeof value !== 'string') throw invalidValue(`${path} is a string.`);
  }
}

/** Throws 400 invalidValue for anything in the body the resource's schemas do not define. */
export function checkBody(resource: ResourceDefinition, body: unknown): ScimBody {
  if (!isRecord(body)) throw invalidValue('Send the resource as a JSON object.');
  const known = [resource.schema, ...resource.extensions.map((extension) => extension.schema)].map((schema) => schema.toLowerCase());
  if (body.schemas !== undefined) {
    if (!Array.isArray(body.schemas) || body.schemas.some((schema) => typeof schema !== 'string'))
      throw invalidValue('schemas is an array of URNs.');
    const unknown = (body.schemas as string[]).find((schema) => !known.includes(schema.toLowerCase()));
    if (unknown) throw invalidValue(`Unknown schema for a ${resource.name}: ${unknown}.`);
  }
  for (const [key, value] of Object.entries(body)) {
    if (key === 'schemas') continue;
    const extension = resource.extensions.find((candidate) => candidate.schema.toLowerCase() === key.toLowerCase());
    if (extension) {
      checkValue({ name: key, type: 'complex', subAttributes: extension.attributes } as AttributeDefinition, value, key);
      continue;
    }
    const attribute: ResolvedAttribute | null = resolveAttribute(resource, key);
    if (!attribute) throw invalidValue(`Unknown attribute: ${key}.`);
    checkValue(attribute.definition, value, key);
  }
  return body;
}

/** The value at a case-insensitive key of a body (SCIM attribute names ignore case). */
export function field(body: ScimBody | undefined, name: string): unknown {
  if (!body) return undefined;
  const key = Object.keys(body).find((candidate) => candidate.toLowerCase() === name.toLowerCase());
  return key === undefined ? undefined : body[key];
}

export function record(value: unknown): ScimBody | undefined {
  return isRecord(value) ? value : undefined;
}

export function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/** A SCIM boolean; Entra sends "True"/"False" as strings in PATCH. */
export function bool(value: unknown, fallback: boolean): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string' && /^(true|false)$/i.test(value)) return value.toLowerCase() === 'true';
  return fallback;
}
