/**
 * Access scopes (product.md §6): a user's role may hold only within a business unit, region,
 * framework, environment or data classification. The permission catalogue (permissions.ts) checks
 * them with `scopeMatches`.
 */
export const SCOPE_FIELDS = ['business_unit', 'region', 'framework', 'environment', 'data_classification'] as const;
export type ScopeField = (typeof SCOPE_FIELDS)[number];
export type AccessScope = Partial<Record<ScopeField, string | null>>;
export interface UserAccessScope extends AccessScope {
  is_active: boolean;
}

const isBlank = (value: string | null | undefined): boolean => value === undefined || value === null || value === '';

/**
 * A user scope matches a required scope when it is active and agrees on every field the
 * requirement fills in; a field the user's scope leaves empty counts as matching (product.md §6).
 */
export function scopeMatches(userScope: UserAccessScope, required: AccessScope): boolean {
  if (!userScope.is_active) return false;
  return SCOPE_FIELDS.every((field) => {
    const wanted = required[field];
    if (isBlank(wanted)) return true;
    const held = userScope[field];
    return isBlank(held) || held === wanted;
  });
}

/** A required scope that fills in no field: anyone with the permission meets it. */
export function isEmptyScope(scope: AccessScope): boolean {
  return SCOPE_FIELDS.every((field) => isBlank(scope[field]));
}
