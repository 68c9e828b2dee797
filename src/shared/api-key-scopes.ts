/**
 * API-key scopes (docs/integrations.md): the areas a key reaches, read or read and write, and the rule each
 * endpoint declares for keys (`apiKeyScope` in ENDPOINT_ACCESS). Apart from schemas/integrations.ts, which
 * maps areas to permissions, so that permissions.ts can name a rule without importing what imports it.
 */

/** What an API key may reach, area by area: read, or read and write. */
export const API_KEY_AREAS = ['tasks', 'deliverables', 'evidence', 'programme', 'risks', 'vendors', 'policies', 'people'] as const;
export type ApiKeyArea = (typeof API_KEY_AREAS)[number];
export const API_KEY_ACCESS = ['none', 'read', 'read_write'] as const;
export type ApiKeyAccess = (typeof API_KEY_ACCESS)[number];

/** One scope a key may hold, as integrators set it: `risks:read`, `evidence:read_write`. */
export type ApiKeyScope = `${ApiKeyArea}:${Exclude<ApiKeyAccess, 'none'>}`;
/** Scopes of which a key must hold at least one. */
export type ApiKeyScopeList = readonly [ApiKeyScope, ...ApiKeyScope[]];
/** Scopes chosen by the value of a path parameter (a register export needs the register's own area). */
export interface ApiKeyScopesByParam {
  param: string;
  scopes: Readonly<Record<string, ApiKeyScopeList>>;
}

/**
 * What an API key needs to call an endpoint (ENDPOINT_ACCESS, docs/integrations.md): `refused` (keys may
 * not call it at all: a person signs in), `unscoped` (the call answers anyone, so a key needs no scope), the
 * scopes of which the key must hold at least one, or those scopes chosen by a path parameter.
 */
export type ApiKeyRule = 'refused' | 'unscoped' | ApiKeyScopeList | ApiKeyScopesByParam;

/** What a key needs to export each register (`exportRegisters`): the register's own area. */
export const REGISTER_EXPORT_KEY_SCOPES = {
  controls: ['programme:read'],
  requirements: ['programme:read'],
  evidence: ['evidence:read'],
  risks: ['risks:read'],
  vendors: ['vendors:read'],
} as const satisfies Record<string, ApiKeyScopeList>;

/** What a key needs to import each importable register (`importRegisters`). */
export const REGISTER_IMPORT_KEY_SCOPES = {
  controls: ['programme:read_write'],
  risks: ['risks:read_write'],
  vendors: ['vendors:read_write'],
  people: ['people:read_write'],
} as const satisfies Record<string, ApiKeyScopeList>;

const API_KEY_SCOPE = new RegExp(`^(${API_KEY_AREAS.join('|')}):(read|read_write)$`);
const isScopeList = (value: unknown): value is ApiKeyScopeList =>
  Array.isArray(value) && value.length > 0 && value.every((scope) => typeof scope === 'string' && API_KEY_SCOPE.test(scope));

/** True for a well-formed rule: what route registration demands of every endpoint keys can reach. */
export function isApiKeyRule(value: unknown): value is ApiKeyRule {
  if (value === 'refused' || value === 'unscoped' || isScopeList(value)) return true;
  if (typeof value !== 'object' || value === null || !('param' in value) || !('scopes' in value)) return false;
  const { param, scopes } = value;
  return typeof param === 'string' && typeof scopes === 'object' && scopes !== null && Object.values(scopes).every(isScopeList);
}

/** The rule for one call: a parameter's scopes picked by its value (a value the rule does not name: refused). */
export function apiKeyRuleFor(rule: ApiKeyRule, params: Readonly<Record<string, unknown>>): 'refused' | 'unscoped' | ApiKeyScopeList {
  if (typeof rule === 'string' || !('param' in rule)) return rule;
  const { param, scopes } = rule;
  const value = params[param];
  return (typeof value === 'string' && Object.hasOwn(scopes, value) && scopes[value]) || 'refused';
}

/** Whether a key holding `scopes` may make a call under `rule` (read_write holds read too). */
export function apiKeyRuleAdmits(
  rule: 'refused' | 'unscoped' | ApiKeyScopeList,
  scopes: Partial<Record<ApiKeyArea, ApiKeyAccess>>,
): boolean {
  if (rule === 'refused') return false;
  if (rule === 'unscoped') return true;
  return rule.some((scope) => {
    const [area, access] = scope.split(':') as [ApiKeyArea, Exclude<ApiKeyAccess, 'none'>];
    const held = scopes[area] ?? 'none';
    return access === 'read' ? held !== 'none' : held === 'read_write';
  });
}

/** How a list of scopes reads in an answer: `risks: read or evidence: read`. */
export function describeApiKeyScopes(scopes: ApiKeyScopeList): string {
  return scopes.map((scope) => scope.replace(':', ': ')).join(' or ');
}
