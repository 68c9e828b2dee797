import type { AccessScope, Permission, PermissionSubject } from '../../../shared/permissions.ts';
import { CATALOGUE_FRAMEWORK_IDS, type CatalogueFrameworkId } from '../../../shared/schemas/programme-statuses.ts';
import { isInScope } from '../../platform/access/scoped-read.ts';

/**
 * Which part of the programme a reader's access scopes (product.md §6) let them see (docs/programme.md
 * "Scopes"). Every programme service (frameworks, controls, evidence, risks, registers) decides with these
 * functions, so they agree; which organization a request is about is `actingOrganization`
 * (platform/tenancy/acting-organization.ts), as for every domain.
 */

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
