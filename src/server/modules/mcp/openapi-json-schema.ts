/**
 * The OpenAPI 3.0 schemas of the API document, as the JSON Schema an MCP tool's `inputSchema` is: 3.0's
 * `nullable: true` becomes a `null` in `type` (or a `null` branch), and nothing else changes.
 */

export type JsonSchema = { [key: string]: unknown };

const isSchema = (value: unknown): value is JsonSchema => typeof value === 'object' && value !== null && !Array.isArray(value);

const NESTED_MAPS = new Set(['properties', 'patternProperties', 'definitions', '$defs']);
const NESTED_LISTS = new Set(['anyOf', 'oneOf', 'allOf', 'prefixItems']);
const NESTED_ONE = new Set(['items', 'additionalProperties', 'not', 'contains']);

function convertEntry(key: string, value: unknown): unknown {
  if (NESTED_MAPS.has(key) && isSchema(value)) {
    return Object.fromEntries(Object.entries(value).map(([name, child]) => [name, toJsonSchema(child)]));
  }
  if (NESTED_LISTS.has(key) && Array.isArray(value)) return value.map((child) => toJsonSchema(child));
  if (NESTED_ONE.has(key) && isSchema(value)) return toJsonSchema(value);
  return value;
}

export function toJsonSchema(schema: unknown): JsonSchema {
  if (!isSchema(schema)) return {};
  const { nullable, ...rest } = schema;
  const converted: JsonSchema = Object.fromEntries(Object.entries(rest).map(([key, value]) => [key, convertEntry(key, value)]));
  if (nullable !== true) return converted;
  if (Array.isArray(converted.enum) && !converted.enum.includes(null)) converted.enum = [...(converted.enum as unknown[]), null];
  if (typeof converted.type === 'string') return { ...converted, type: [converted.type, 'null'] };
  if (Array.isArray(converted.type)) return { ...converted, type: [...(converted.type as unknown[]), 'null'] };
  return { anyOf: [converted, { type: 'null' }] };
}
