import { type ScimPatchOperation, type ScimResource, ScimError as PatchLibraryError, scimPatch } from 'scim-patch';
import { field, type ScimBody } from './scim-body.ts';
import { ScimError, type ScimType } from './scim-errors.ts';
import { compileScimFilter } from './scim-filter.ts';
import { resolveAttribute } from './scim-paths.ts';
import { PATCH_OP_SCHEMA, type ResourceDefinition } from './scim-schemas.ts';

/**
 * PATCH (RFC 7644 §3.5.2): the operations are applied by scim-patch to the resource as the server
 * shows it, and the result is then written like a PUT, through the same checks. Before that, each
 * operation is checked here: add, replace or remove; a path that names an attribute of the resource
 * (400 invalidPath otherwise); a value filter in a replace or remove path that selects nothing is 400
 * noTarget.
 */

const OPS = ['add', 'replace', 'remove'] as const;
const PATCH_SCIM_TYPES: readonly ScimType[] = ['invalidSyntax', 'invalidPath', 'noTarget', 'invalidValue'];

function invalid(detail: string, scimType: ScimType = 'invalidSyntax'): ScimError {
  return new ScimError(400, detail, scimType);
}

/** `emails[type eq "work"].value` → base `emails`, filter `type eq "work"`, sub `value`; a URN prefix stays on the base. */
function splitPath(path: string): { base: string; filter: string | null; sub: string | null } {
  const open = path.indexOf('[');
  if (open === -1) return { base: path, filter: null, sub: null };
  const close = path.lastIndexOf(']');
  if (close < open) throw invalid(`The path ${path} is not valid.`, 'invalidPath');
  const rest = path.slice(close + 1);
  if (rest !== '' && !/^\.[A-Za-z$][\w$-]*$/.test(rest)) throw invalid(`The path ${path} is not valid.`, 'invalidPath');
  return { base: path.slice(0, open), filter: path.slice(open + 1, close), sub: rest === '' ? null : rest.slice(1) };
}

function checkPath(resource: ResourceDefinition, current: ScimBody, op: (typeof OPS)[number], path: string): void {
  const { base, filter, sub } = splitPath(path);
  const attribute = resolveAttribute(resource, sub ? `${base}.${sub}` : base);
  if (!attribute) throw invalid(`Unknown attribute in path: ${path}.`, 'invalidPath');
  if (attribute.definition.mutability === 'readOnly' || attribute.keys[0] === 'id') {
    throw new ScimError(400, `${path} is read-only.`, 'mutability');
  }
  if (filter === null || op === 'add') return;
  let matches: boolean;
  try {
    matches = compileScimFilter(`${base}[${filter}]`, resource)(current);
  } catch (error) {
    if (error instanceof ScimError) throw invalid(`The path ${path} has an invalid filter: ${error.message}`, 'invalidPath');
    throw error;
  }
  if (!matches) throw invalid(`No value matches ${path}.`, 'noTarget');
}

function readOperations(resource: ResourceDefinition, current: ScimBody, body: unknown): ScimPatchOperation[] {
  const request = typeof body === 'object' && body !== null ? (body as ScimBody) : {};
  const schemas = field(request, 'schemas');
  if (!Array.isArray(schemas) || !schemas.some((schema) => String(schema).toLowerCase() === PATCH_OP_SCHEMA.toLowerCase())) {
    throw invalid(`A PATCH request names the schema ${PATCH_OP_SCHEMA}.`);
  }
  const operations = field(request, 'Operations');
  if (!Array.isArray(operations) || operations.length === 0) throw invalid('Operations is a non-empty array.');
  return operations.map((operation: unknown, index) => {
    const entry = typeof operation === 'object' && operation !== null ? (operation as ScimBody) : {};
    const op = String(field(entry, 'op') ?? '').toLowerCase();
    const path = field(entry, 'path');
    if (!OPS.includes(op as (typeof OPS)[number])) throw invalid(`Operations[${index}].op is add, replace or remove.`);
    if (path !== undefined && typeof path !== 'string') throw invalid(`Operations[${index}].path is a string.`, 'invalidPath');
    if (op === 'remove' && !path) throw invalid(`Operations[${index}]: remove needs a path.`, 'noTarget');
    if (path) checkPath(resource, current, op as (typeof OPS)[number], path);
    const value = field(entry, 'value');
    if (op !== 'remove' && value === undefined) throw invalid(`Operations[${index}]: ${op} needs a value.`, 'invalidValue');
    return { op, ...(path ? { path } : {}), ...(value === undefined ? {} : { value }) } as ScimPatchOperation;
  });
}

/** The resource after the request's operations; the caller writes it as it writes a PUT. */
export function applyScimPatch(resource: ResourceDefinition, current: ScimBody, body: unknown): ScimBody {
  const operations = readOperations(resource, current, body);
  try {
    // scim-patch only reads `meta` to refresh lastModified; the caller drops it with the other read-only attributes.
    const patched = scimPatch(structuredClone(current) as unknown as ScimResource, operations) as unknown as ScimBody;
    const { meta: _meta, groups: _groups, id: _id, ...writable } = patched;
    return writable;
  } catch (error) {
    if (error instanceof PatchLibraryError) {
      const code = PATCH_SCIM_TYPES.find((type) => type === error.scimCode) ?? 'invalidValue';
      throw invalid(error.message, code);
    }
    throw error;
  }
}
