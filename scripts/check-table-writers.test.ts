import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  OWNERS,
  SHARED_WRITERS,
  type SchemaTable,
  owners,
  schemaTables,
  tableWrites,
  writerViolations,
  writesInSource,
} from './check-table-writers.ts';

const root = path.resolve(import.meta.dirname, '..');
const tables = schemaTables(path.join(root, 'src/server/db/schema'));

const fakeTables = new Map<string, SchemaTable>([
  ['taskRequests', { table: 'task_requests', domain: 'task-requests' }],
  ['organizationControls', { table: 'organization_controls', domain: 'controls' }],
]);
const fromSchema = (specifier: string) => specifier.includes('/db/schema/');
const scan = (text: string, module = 'reviews') => writesInSource('probe.ts', text, module, fakeTables, fromSchema);

describe('writesInSource', () => {
  it('finds drizzle writes of imported tables, under an alias or a namespace', () => {
    const writes = scan(
      [
        "import { taskRequests as requests } from '../../db/schema/task-requests.ts';",
        "import * as controls from '../../db/schema/controls.ts';",
        "await tx.update(requests).set({ status: 'delivered' });",
        'await tx.insert(controls.organizationControls).values(rows);',
        'await tx.delete(requests).where(x);',
      ].join('\n'),
    );
    expect(writes.map((write) => [write.table, write.kind, write.at])).toEqual([
      ['task_requests', 'update', 'probe.ts:3'],
      ['organization_controls', 'insert', 'probe.ts:4'],
      ['task_requests', 'delete', 'probe.ts:5'],
    ]);
  });

  it('finds raw SQL writes, by name or by an interpolated table', () => {
    const writes = scan(
      [
        "import { taskRequests } from '../../db/schema/task-requests.ts';",
        'await tx.execute(sql`update ${taskRequests} set status = ${status}`);',
        "await client.query('DELETE FROM organization_controls WHERE id = $1', [id]);",
      ].join('\n'),
    );
    expect(writes.map((write) => [write.table, write.kind])).toEqual([
      ['task_requests', 'sql'],
      ['organization_controls', 'sql'],
    ]);
  });

  it('ignores what is not a table write: a map, a hash, a read, words in a message', () => {
    const writes = scan(
      [
        "import { taskRequests } from '../../db/schema/task-requests.ts';",
        'seen.delete(key);',
        "hash.update('task_requests');",
        'await tx.select().from(taskRequests).for(sql`update`);',
        "throw new Error('Could not update task_requests');",
      ].join('\n'),
    );
    expect(writes).toEqual([]);
  });
});

describe('writerViolations', () => {
  it('names the write, the owner and what to call instead', () => {
    const violations = writerViolations(
      [{ table: 'organization_controls', module: 'workflow-runs', at: 'src/x.ts:3', kind: 'update' }],
      new Map([['organization_controls', 'controls']]),
    );
    expect(violations).toHaveLength(1);
    expect(violations[0]).toContain('src/x.ts:3: module workflow-runs writes organization_controls (update), which module controls owns');
    expect(violations[0]).toContain('call setControlStatus');
  });

  it('lets the owner write its own table', () => {
    expect(
      writerViolations(
        [{ table: 'organization_controls', module: 'controls', at: 'src/x.ts:3', kind: 'update' }],
        new Map([['organization_controls', 'controls']]),
      ),
    ).toEqual([]);
  });
});

describe('the tree', () => {
  const writes = tableWrites(root);

  it('has one writing module per table (the listed shared writers aside)', () => {
    expect(writerViolations(writes, owners(tables))).toEqual([]);
  });

  it('sees the writes it is meant to see', () => {
    const writers = (table: string) => new Set(writes.filter((write) => write.table === table).map((write) => write.module));
    expect(writers('organization_controls')).toEqual(new Set(['frameworks']));
    expect(writers('agent_runs')).toEqual(new Set(['task-requests']));
    expect(writers('task_requests')).toEqual(new Set(['task-requests']));
    expect(writers('audit_events')).toEqual(new Set(['audit']));
    expect(writers('outbound_emails')).toEqual(new Set(['mail']));
    expect(writers('users')).toEqual(new Set(['auth']));
  });

  it('lists no exception that is no longer one', () => {
    const known = new Set([...tables.values()].map((table) => table.table));
    for (const table of Object.keys(OWNERS)) expect(known, table).toContain(table);
    for (const shared of SHARED_WRITERS) {
      expect(
        writes.some((write) => write.table === shared.table && write.module === shared.module),
        `${shared.module} no longer writes ${shared.table}: remove it from SHARED_WRITERS`,
      ).toBe(true);
    }
  });
});
