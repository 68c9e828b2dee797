import type { AccessScope, Permission, PermissionSubject } from '../../../shared/permissions.ts';
import { CATALOGUE_FRAMEWORK_IDS, type CatalogueFrameworkId } from '../../../shared/schemas/programme-statuses.ts';
import { eq } from 'drizzle-orm';
import { AppError } from '../../app-error.ts';
import { organizations } from '../../db/schema/organizations.ts';
import { isInScope } from '../access/scoped-read.ts';
import type { Tenant } from '../organizations/tenant.ts';

/**
 * Which organization a programme request is about, and which part of the programme a reader's access
 * scopes (product.md §6) let them see (docs/programme.md "Scopes"). Every programme service (frameworks,
 * controls, evidence, risks, registers) decides with these functions, so they agree.
 */

/**
 * A client's own organization; staff and administrators name one (a staff member assigned to exactly one
 * organization may leave it out). Another organization's id answers 404, as if it did not exist.
 */
export function programmeOrganization(tenant: Tenant, named: string | undefined): string {
  const { scope } = tenant;
  if (scope.kind === 'none') {
    throw new AppError(
      'CONFLICT',
      'Your account has no organization yet. Subscribe to a plan first: the compliance programme belongs to the organization your subscription creates.',
    );
  }
  if (scope.kind === 'member') {
    if (named && named !== scope.organizationId) throw new AppError('NOT_FOUND', 'No such organization.');
    return scope.organizationId;
  }
  if (!named && scope.kind === 'staff' && scope.organizationIds.length === 1) return scope.organizationIds[0] ?? '';
  if (!named) {
    throw new AppError('VALIDATION_FAILED', 'Name the client organization.', [
      { path: 'query.organizationId', message: 'Choose the client organization' },
    ]);
  }
  tenant.assert(named, 'No such organization.');
  return named;
}

/**
 * `programmeOrganization`, and for callers who reach every organization (administrators, the service
 * role), a check that the named one exists: an unknown id answers 404 like anyone else's, never a
 * foreign-key error.
 */
export async function resolveProgrammeOrganization(tenant: Tenant, named: string | undefined): Promise<string> {
  const organizationId = programmeOrganization(tenant, named);
  if (tenant.scope.kind !== 'all') return organizationId;
  const [row] = await tenant.transaction((tx) =>
    tx.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, organizationId)),
  );
  if (!row) throw new AppError('NOT_FOUND', 'No such organization.');
  return organizationId;
}

/**
 * The scope a framework sits in: access scopes name frameworks by their catalogue id (iso27001) and a
 * region; a 'Global' framework (SOC 2, ISO 27001…) belongs to every region.
 */
export function frameworkScope(framework: { id: string; region: string }): AccessScope {
  return { framework: framework.id, region: framework.region === 'Global' ? null : framework.region };
}

/**
 * The frameworks a reader may see with `permission`: all of them without scopes; with scopes, those whose
 * framework and region a scope matches (a user scoped to region EU sees GDPR and the global frameworks,
 * not HIPAA or CCPA; one scoped to framework iso27001 sees ISO 27001 only).
 */
export function visibleFrameworkIds(
  reader: PermissionSubject,
  permission: Permission,
  frameworks: readonly { id: CatalogueFrameworkId; region: string }[],
): Set<CatalogueFrameworkId> {
  const subject = programmeReader(reader);
  return new Set(frameworks.filter((framework) => isInScope(subject, permission, frameworkScope(framework))).map((f) => f.id));
}

const EVERYWHERE = [{ is_active: true }] as const;

/**
 * The programme's reader: access scopes narrow what a user sees, and a user with no active scope at
 * all (every client who signed up, most staff) is not narrowed: they see the whole programme of the
 * organizations they reach. Pass this, not the raw access, to `isInScope`/`keepInScope` for
 * programme rows (frameworks, controls, evidence, risks).
 */
export function programmeReader(reader: PermissionSubject): PermissionSubject {
  return reader.scopes.length === 0 ? { permissions: reader.permissions, scopes: EVERYWHERE } : reader;
}

/** The attribute scope of a row (evidence, a risk): the fields it fills in, empty ones match anything. */
export function rowScope(row: { region?: string; businessUnit?: string; environment?: string; dataClassification?: string }): AccessScope {
  return {
    region: row.region || null,
    business_unit: row.businessUnit || null,
    environment: row.environment || null,
    data_classification: row.dataClassification || null,
  };
}

export function isCatalogueFrameworkId(value: string): value is CatalogueFrameworkId {
  return (CATALOGUE_FRAMEWORK_IDS as readonly string[]).includes(value);
}
