import { eq, type SQL, sql } from 'drizzle-orm';
import { strToU8, zipSync } from 'fflate';
import type { OffboardingPreview } from '../../../shared/schemas/organizations.ts';
import { AppError } from '../../app-error.ts';
import type { Db, DbTransaction } from '../../db/client.ts';
import { organizations } from '../../db/schema/organizations.ts';
import { recordAudit, type AuditOrigin } from '../../platform/audit/record-audit.ts';
import type { FileStore } from '../../platform/files/file-store.ts';
import { withholdSecrets } from './export-withheld.ts';
import { reachableOrganization } from './organization-members.ts';
import { tenantOf, type Tenant } from '../../platform/tenancy/tenant.ts';

/**
 * Offboarding a client (docs/organizations.md): everything the organization owns is every row of every
 * table with an `organization_id` equal to its id (found in the catalogue, so a table added later is
 * exported and deleted without a change here), the organization row itself, and the files those rows
 * name by hash. The export is a ZIP of one CSV per table, the files and a manifest; the deletion
 * removes the rows in one transaction and keeps the audit trail (append-only), which records it.
 */

/** Tables that outlive the organization: the append-only audit trail and its chain heads. */
const KEPT = new Set(['audit_events', 'audit_chain_heads']);
const system = { kind: 'all', userId: null } as const;

/** Both drivers answer `{ rows }` (the union type of the two clients says unknown). */
async function query<T>(tx: DbTransaction, statement: SQL): Promise<T[]> {
  return ((await tx.execute(statement)) as unknown as { rows: T[] }).rows;
}

interface OwnedTable {
  table: string;
  hasSha256: boolean;
}

async function ownedTables(tx: DbTransaction): Promise<OwnedTable[]> {
  const rows = await query<OwnedTable>(
    tx,
    sql`
    select c.table_name as "table",
           exists (select 1 from information_schema.columns s
                   where s.table_schema = c.table_schema and s.table_name = c.table_name and s.column_name = 'sha256') as "hasSha256"
    from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
    where c.table_schema = 'public' and c.column_name = 'organization_id'
    order by c.table_name`,
  );
  return rows.map((row) => ({ table: String(row.table), hasSha256: Boolean(row.hasSha256) }));
}

async function rowsOf(tx: DbTransaction, table: string, organizationId: string): Promise<Record<string, unknown>[]> {
  return query<Record<string, unknown>>(tx, sql`select * from ${sql.identifier(table)} where organization_id = ${organizationId}`);
}

function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text =
    value instanceof Date ? value.toISOString() : typeof value === 'object' ? JSON.stringify(value) : String(value as string | number);
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(rows: Record<string, unknown>[]): string {
  if (rows.length === 0) return '';
  const columns = Object.keys(rows[0] ?? {});
  return [columns.join(','), ...rows.map((row) => columns.map((column) => cell(row[column])).join(','))].join('\r\n') + '\r\n';
}

async function inventory(tx: DbTransaction, organizationId: string) {
  const tables: { table: string; rows: Record<string, unknown>[] }[] = [];
  const [organization] = await tx.select().from(organizations).where(eq(organizations.id, organizationId));
  tables.push({ table: 'organizations', rows: organization ? [organization as unknown as Record<string, unknown>] : [] });
  const files = new Map<string, string>();
  for (const owned of await ownedTables(tx)) {
    const rows = await rowsOf(tx, owned.table, organizationId);
    tables.push({ table: owned.table, rows });
    if (owned.hasSha256) {
      for (const row of rows) {
        if (typeof row.sha256 === 'string') files.set(row.sha256, typeof row.file_name === 'string' ? row.file_name : row.sha256);
      }
    }
  }
  return { tables, files };
}

/** What deleting would remove: each table's row count (nothing else's), the files, and what stays. */
export async function previewOffboarding(tenant: Tenant, organizationId: string): Promise<OffboardingPreview> {
  return tenant.transaction(async (tx) => {
    const organization = await reachableOrganization(tx, tenant, organizationId);
    const { tables, files } = await inventory(tx, organizationId);
    return {
      organizationId,
      name: organization.name,
      tables: tables
        .filter((entry) => !KEPT.has(entry.table))
        .map((entry) => ({ table: entry.table, rows: entry.rows.length }))
        .filter((entry) => entry.rows > 0),
      files: files.size,
      kept: [...KEPT].filter((table) => tables.some((entry) => entry.table === table && entry.rows.length > 0)),
    };
  });
}

/**
 * The ZIP: `tables/<table>.csv` per table with rows, `files/<sha256>-<name>`, and `manifest.json`. No secret
 * and no hash of one (export-withheld.ts): the manifest names each column withheld.
 */
export async function exportOrganization(
  tenant: Tenant,
  store: FileStore,
  organizationId: string,
): Promise<{ name: string; zip: Uint8Array }> {
  const { organization, tables, files } = await tenant.transaction(async (tx) => {
    const found = await reachableOrganization(tx, tenant, organizationId);
    return { organization: found, ...(await inventory(tx, organizationId)) };
  });
  const entries: Record<string, Uint8Array> = {};
  const manifestTables: { table: string; rows: number; file: string; withheld?: string[] }[] = [];
  for (const entry of tables) {
    if (entry.rows.length === 0) continue;
    const file = `tables/${entry.table}.csv`;
    const { rows, withheld } = withholdSecrets(entry.table, entry.rows);
    entries[file] = strToU8(toCsv(rows));
    manifestTables.push({ table: entry.table, rows: rows.length, file, ...(withheld.length > 0 ? { withheld } : {}) });
  }
  const manifestFiles: { sha256: string; fileName: string; path: string | null }[] = [];
  for (const [sha256, fileName] of files) {
    const bytes = await store.get(sha256);
    const path = bytes ? `files/${sha256.slice(0, 12)}-${fileName.replace(/[^\w.-]+/g, '_')}` : null;
    if (bytes && path) entries[path] = new Uint8Array(bytes);
    manifestFiles.push({ sha256, fileName, path });
  }
  const manifest = {
    organization: { id: organization.id, name: organization.name },
    exportedAt: new Date().toISOString(),
    tables: manifestTables,
    files: manifestFiles,
  };
  entries['manifest.json'] = strToU8(JSON.stringify(manifest, null, 2));
  return { name: organization.name, zip: zipSync(entries, { level: 6 }) };
}

/**
 * Deletes the organization and everything it owns, after the caller typed its name. One transaction:
 * its subscriptions (which restrict the delete), then every owned table, then the organization; the
 * audit trail stays and records the deletion with the counts.
 */
export async function deleteOrganization(
  db: Db,
  tenant: Tenant,
  input: {
    organizationId: string;
    confirmName: string;
    origin: AuditOrigin;
    /**
     * Rows that restrict the delete, removed first by the modules that own them (billing's
     * subscriptions): handed in by the caller, as billing ranks above organizations.
     */
    eraseFirst: (tx: DbTransaction, organizationId: string) => Promise<void>;
  },
): Promise<OffboardingPreview> {
  const preview = await previewOffboarding(tenant, input.organizationId);
  if (input.confirmName.trim() !== preview.name) {
    throw new AppError('VALIDATION_FAILED', 'Type the organization’s name exactly to confirm.', [
      { path: 'body.confirmName', message: `Type “${preview.name}” to confirm` },
    ]);
  }
  await tenantOf(db, system).transaction(async (tx) => {
    // Locked: of two deletions at once, the second finds the organization gone and records nothing.
    const [locked] = await tx
      .select({ id: organizations.id })
      .from(organizations)
      .where(eq(organizations.id, input.organizationId))
      .for('update');
    if (!locked) throw new AppError('CONFLICT', 'This organization was deleted by another request just now.');
    await input.eraseFirst(tx, input.organizationId);
    const owned = (await ownedTables(tx)).filter((entry) => !KEPT.has(entry.table));
    // Children before parents: retry a table whose rows are still referenced until a pass removes nothing more.
    let pending = owned.map((entry) => entry.table);
    for (let pass = 0; pending.length > 0 && pass < owned.length + 1; pass += 1) {
      const next: string[] = [];
      for (const table of pending) {
        try {
          await tx.transaction(async (savepoint) => {
            await savepoint.execute(sql`delete from ${sql.identifier(table)} where organization_id = ${input.organizationId}`);
          });
        } catch {
          next.push(table);
        }
      }
      if (next.length === pending.length) throw new Error(`deleteOrganization: cannot delete from ${next.join(', ')}`);
      pending = next;
    }
    await tx.delete(organizations).where(eq(organizations.id, input.organizationId));
    await recordAudit(tx, {
      ...input.origin,
      organizationId: input.organizationId,
      action: 'organization.deleted',
      entityType: 'organization',
      entityId: input.organizationId,
      before: { name: preview.name, tables: preview.tables, files: preview.files },
      after: null,
    });
  });
  return preview;
}
