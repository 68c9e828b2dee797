import { and, eq, inArray } from 'drizzle-orm';
import type { Permission, PermissionSubject } from '../../../shared/permissions.ts';
import { AppError } from '../../app-error.ts';
import type { DbTransaction } from '../../db/client.ts';
import { controlMappings, controls, organizationControls } from '../../db/schema/controls.ts';
import { frameworkRequirements, frameworks } from '../../db/schema/frameworks.ts';
import { isCatalogueFrameworkId, visibleFrameworkIds } from '../frameworks/programme-scope.ts';

/**
 * The organization's controls as evidence, risks and imports see them: which control ids are in its
 * programme, their freshness policies, and which controls a framework-scoped reader may see.
 */

/** 400 on `path` unless every id is a control in the organization's programme; returns their freshness days. */
export async function requireProgrammeControls(
  tx: DbTransaction,
  organizationId: string,
  controlIds: readonly string[],
  path = 'body.controlIds',
): Promise<Map<string, number>> {
  const wanted = [...new Set(controlIds)];
  if (wanted.length === 0) return new Map();
  const rows = await tx
    .select({ controlId: organizationControls.controlId, freshnessDays: controls.freshnessDays })
    .from(organizationControls)
    .innerJoin(controls, eq(controls.id, organizationControls.controlId))
    .where(and(eq(organizationControls.organizationId, organizationId), inArray(organizationControls.controlId, wanted)));
  const found = new Map(rows.map((row) => [row.controlId, row.freshnessDays]));
  const missing = wanted.filter((id) => !found.has(id));
  if (missing.length > 0) {
    throw new AppError('VALIDATION_FAILED', 'The request is not valid.', [
      {
        path,
        message: `Not in this organization's programme: ${missing.join(', ')}. Activate a framework that maps to ${missing.length === 1 ? 'it' : 'them'} first.`,
      },
    ]);
  }
  return found;
}

/**
 * The controls a reader scoped to some frameworks may see (those mapped to a framework they see), or
 * null when no framework is hidden from them.
 */
export async function visibleControlIds(tx: DbTransaction, reader: PermissionSubject, permission: Permission): Promise<Set<string> | null> {
  if (!reader.scopes.some((scope) => scope.is_active && (scope.framework || scope.region))) return null;
  const catalogue = (await tx.select({ id: frameworks.id, region: frameworks.region }).from(frameworks)).flatMap((row) =>
    isCatalogueFrameworkId(row.id) ? [{ id: row.id, region: row.region }] : [],
  );
  const visible = visibleFrameworkIds(reader, permission, catalogue);
  if (visible.size === catalogue.length) return null;
  if (visible.size === 0) return new Set();
  const rows = await tx
    .selectDistinct({ controlId: controlMappings.controlId })
    .from(controlMappings)
    .innerJoin(frameworkRequirements, eq(frameworkRequirements.id, controlMappings.requirementId))
    .where(inArray(frameworkRequirements.frameworkId, [...visible]));
  return new Set(rows.map((row) => row.controlId));
}

/** Whether an item linked to `controlIds` is visible under `visible` (null: everything is). */
export function linkedControlsVisible(visible: Set<string> | null, controlIds: readonly string[]): boolean {
  return visible === null || controlIds.length === 0 || controlIds.some((id) => visible.has(id));
}

/** The ids among `controlIds` that are in the organization's programme (in the order given). */
export async function programmeControlsAmong(tx: DbTransaction, organizationId: string, controlIds: readonly string[]): Promise<string[]> {
  const wanted = [...new Set(controlIds)];
  if (wanted.length === 0) return [];
  const rows = await tx
    .select({ controlId: organizationControls.controlId })
    .from(organizationControls)
    .where(and(eq(organizationControls.organizationId, organizationId), inArray(organizationControls.controlId, wanted)));
  const found = new Set(rows.map((row) => row.controlId));
  return wanted.filter((id) => found.has(id));
}
