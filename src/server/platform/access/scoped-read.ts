import { type AccessScope, type Permission, type PermissionSubject, hasPermission } from '../../../shared/permissions.ts';
import type { AppError } from '../../app-error.ts';

/**
 * The one server-side scope check for reads (product.md §6, docs/permissions.md "Scopes"): a read of
 * a scoped resource passes only when the reader holds the permission and, if the resource names any
 * scope field, has an active access scope that matches every non-empty one (a field the reader's
 * scope leaves empty matches anything). Every scoped read goes through `keepInScope` (lists) or
 * `requireInScope` (one item); the rule itself is `hasPermission` in src/shared/permissions.ts.
 *
 * Out of scope reads like somebody else's data: left out of a list, 404 for one item, and no
 * security event (nothing was attempted that the list did not already withhold).
 */

export function isInScope(reader: PermissionSubject, permission: Permission, scope: AccessScope): boolean {
  return hasPermission(reader, permission, scope);
}

export function keepInScope<T>(
  reader: PermissionSubject,
  permission: Permission,
  items: readonly T[],
  scopeOf: (item: T) => AccessScope,
): T[] {
  return items.filter((item) => isInScope(reader, permission, scopeOf(item)));
}

export function requireInScope(reader: PermissionSubject, permission: Permission, scope: AccessScope, notFound: AppError): void {
  if (!isInScope(reader, permission, scope)) throw notFound;
}
