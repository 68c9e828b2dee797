import type { z } from 'zod';
import type { Permission, PermissionSubject } from '../../../shared/permissions.ts';
import { hasPermission } from '../../../shared/permissions.ts';
import type { ImportableRegister } from '../../../shared/schemas/programme-statuses.ts';
import type { ImportResult, importRegisterInputSchema } from '../../../shared/schemas/registers.ts';
import { AppError } from '../../app-error.ts';
import { recordAudit } from '../../platform/audit/record-audit.ts';
import type { Tenant } from '../../platform/tenancy/tenant.ts';
import { applyControlsImport, planControlsImport } from './register-import-controls.ts';
import { IMPORT_FIELDS } from '../../../shared/schemas/registers.ts';
import { mappedRows } from './register-import-csv.ts';
import { applyRisksImport, planRisksImport } from './register-import-risks.ts';
import { applyPeopleImport, planPeopleImport } from './register-import-people.ts';
import { applyVendorsImport, planVendorsImport } from './register-import-vendors.ts';
import { actingOrganization } from '../../platform/tenancy/acting-organization.ts';

/**
 * Importing a register from CSV (docs/programme.md "Registers: import"): the file is mapped column by
 * column, every row planned (create, update, unchanged, or error with its reasons) without writing, and
 * only a real run with no error row applies the plan, all of it in one transaction. A dry run writes
 * nothing at all.
 */

const WRITE_PERMISSION: Record<ImportableRegister, Permission> = {
  controls: 'controls:write',
  risks: 'risks:write',
  vendors: 'vendors:write',
  people: 'people:write',
};

export interface ImportActor {
  userId: string;
  reader: PermissionSubject;
}

export async function importRegister(
  tenant: Tenant,
  actor: ImportActor,
  register: ImportableRegister,
  input: z.output<typeof importRegisterInputSchema>,
  now = new Date(),
): Promise<ImportResult> {
  if (!hasPermission(actor.reader, WRITE_PERMISSION[register])) {
    throw new AppError('FORBIDDEN', `Importing the ${register} register needs the ${WRITE_PERMISSION[register]} permission.`);
  }
  const organizationId = await actingOrganization(tenant, input.organizationId, {
    field: 'query.organizationId',
    soleAssignmentImplied: true,
  });
  const rows = mappedRows(register, input.csv, input.mapping);
  return tenant.transaction(async (tx) => {
    const planned =
      register === 'controls'
        ? await planControlsImport(tx, organizationId, rows)
        : register === 'risks'
          ? await planRisksImport(tx, organizationId, rows)
          : register === 'vendors'
            ? await planVendorsImport(tx, organizationId, rows)
            : await planPeopleImport(tx, organizationId, rows);
    const summary = { create: 0, update: 0, unchanged: 0, error: 0 };
    for (const row of planned) summary[row.action] += 1;
    const applied = !input.dryRun && summary.error === 0 && summary.create + summary.update > 0;
    if (applied) {
      if (register === 'controls') {
        await applyControlsImport(
          tx,
          organizationId,
          planned as Parameters<typeof applyControlsImport>[2],
          { userId: actor.userId, origin: tenant.origin },
          now,
        );
      } else if (register === 'risks') {
        await applyRisksImport(tx, organizationId, planned as Parameters<typeof applyRisksImport>[2], actor.userId, now);
      } else if (register === 'vendors') {
        await applyVendorsImport(tx, organizationId, planned as Parameters<typeof applyVendorsImport>[2], actor.userId, now);
      } else {
        await applyPeopleImport(tx, organizationId, planned as Parameters<typeof applyPeopleImport>[2], tenant.origin, now);
      }
      // One entry for the import, naming the register; its rows' changes are the entry's `after`.
      await recordAudit(tx, {
        ...tenant.origin,
        organizationId,
        action: 'register.import',
        entityType: 'register',
        entityId: register,
        after: {
          summary,
          rows: planned.filter((row) => row.action !== 'unchanged').map(({ row, action, key, changes }) => ({ row, action, key, changes })),
        },
      });
    }
    return {
      register,
      dryRun: input.dryRun,
      applied,
      fields: [...IMPORT_FIELDS[register]],
      summary,
      rows: planned.map(({ apply: _apply, ...row }) => row),
    };
  });
}
