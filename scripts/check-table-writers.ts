/**
 * `npm run lint`'s check that every table has one writing module (issue 40). Every non-test file of
 * `src/server/modules/<module>/` and `src/server/platform/<piece>/` is read for writes: drizzle's
 * `.insert(table)`, `.update(table)` and `.delete(table)` with a table imported from `src/server/db/schema/`, and raw SQL (`sql` templates,
 * `sql.raw`, `exec`, `query`) that says `insert into`, `update` or `delete from` a known table. A table
 * declared in `db/schema/<domain>.ts` belongs to `modules/<domain>/` unless `OWNERS` says otherwise;
 * any other module writing it fails the check, which names the named function to call instead.
 * `SHARED_WRITERS` lists the few second writers left, each with its reason. Not seen: a table named at
 * run time (`sql.identifier(name)`), which only the erasures do (offboarding, the sample data's removal),
 * and a table handed around in a variable.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** A table whose owner is not the module named like its schema file. */
export const OWNERS: Readonly<Record<string, { module: string; reason: string }>> = {
  controls: {
    module: 'frameworks',
    reason: 'the reference catalogue (data/catalogue) is seeded whole by frameworks/catalogue-seed.ts; no request or job changes it',
  },
  control_mappings: {
    module: 'frameworks',
    reason: 'the reference catalogue (data/catalogue) is seeded whole by frameworks/catalogue-seed.ts; no request or job changes it',
  },
  agent_runs: {
    module: 'task-requests',
    reason:
      'a run is a request’s attempt at a draft: submitting, redrafting and cancelling a request queue and cancel its runs, and the worker (agent-runs, ranked above task-requests) moves a run through its life with task-requests/agent-run-state.ts',
  },
  organization_controls: {
    module: 'frameworks',
    reason:
      'the programme: activating a framework adds its controls, and every programme module (controls, evidence, registers, workflow runs) ranks above frameworks (src/server/server-layers.ts), so its state changes live in frameworks/control-state.ts',
  },
};

/** A second writer that stays, with why (none today). Each entry would be an invariant its owner cannot guard. */
export const SHARED_WRITERS: readonly { table: string; module: string; reason: string }[] = [];

/** Where a table's state changes live, for the failure message: the named functions to call instead. */
export const WRITE_FUNCTIONS: Readonly<Record<string, string>> = {
  organization_controls:
    'setControlStatus, addProgrammeControls, restoreControlsWithFreshEvidence, markControlsStale or importControlChange (controls/control-state.ts)',
  task_requests: 'setTaskRequestStatus or assignTaskRequest (task-requests/task-request-status.ts)',
  task_attachments: 'recordTaskAttachment (task-requests/task-attachment-records.ts)',
  deliverables: 'openDeliverable, assignDeliverable, putDeliverableInReview (deliverables/deliverable-state.ts) or publishDeliverable',
  agent_runs: 'insertQueuedAgentRun, attachAgentRunJob or cancelQueuedAgentRuns (agent-runs/agent-run-state.ts)',
  ai_outputs: 'recordAgentDraft (reviews/agent-draft.ts)',
  organizations: 'foundOrganization or setOrganizationTimeZone (organizations/organization-records.ts)',
  organization_members: 'foundOrganization (organizations/organization-records.ts)',
  organization_workflows: 'setWorkflowNextRun (workflows/workflow-next-run.ts) or the organization-workflows service',
  subscriptions: 'deleteOrganizationSubscriptions (billing/billing.service.ts)',
  outbound_emails: 'enqueueEmail (mail/mail.service.ts), recordOutboxSms or discardMailTo (mail/mail-outbox.ts)',
  users: 'a function of auth/users/user-store.ts (deleteUsers, findOrCreateEmailUser …)',
};

export interface TableWrite {
  table: string;
  /** The module whose folder holds the write. */
  module: string;
  /** `path:line`, relative to the repository. */
  at: string;
  kind: 'insert' | 'update' | 'delete' | 'sql';
}

export interface SchemaTable {
  /** The SQL name, `task_requests`. */
  table: string;
  /** The schema file's domain, `task-requests`. */
  domain: string;
}

/** Each schema file's exported tables: export name → SQL name and domain. */
export function schemaTables(schemaDir: string): Map<string, SchemaTable> {
  const tables = new Map<string, SchemaTable>();
  for (const file of fs.readdirSync(schemaDir)) {
    if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue;
    const text = fs.readFileSync(path.join(schemaDir, file), 'utf8');
    for (const match of text.matchAll(/export const (\w+) = (?:pgTable|\w+\.table)\(\s*'(\w+)'/g))
      tables.set(match[1]!, { table: match[2]!, domain: file.replace(/\.ts$/, '') });
  }
  return tables;
}

const DRIZZLE_WRITES = new Set(['insert', 'update', 'delete']);
const RAW_SQL_CALLS = new Set(['raw', 'exec', 'query', 'execute']);
const RAW_WRITE = /\b(?:insert\s+into|update|delete\s+from)\s+(?:\$\{\s*([\w.]+)\s*\}|"?(?:auth"?\.)?"?(\w+)"?)/gi;

/** The writes of one source file. `schemaImport` says whether an import specifier is a schema file. */
export function writesInSource(
  fileName: string,
  text: string,
  module: string,
  tables: ReadonlyMap<string, SchemaTable>,
  schemaImport: (specifier: string) => boolean,
): TableWrite[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const local = new Map<string, string>();
  const namespaces = new Set<string>();
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    if (!schemaImport(statement.moduleSpecifier.text)) continue;
    const bindings = statement.importClause?.namedBindings;
    if (bindings && ts.isNamespaceImport(bindings)) namespaces.add(bindings.name.text);
    if (bindings && ts.isNamedImports(bindings))
      for (const element of bindings.elements) local.set(element.name.text, (element.propertyName ?? element.name).text);
  }
  const sqlNames = new Map([...tables.values()].map((table) => [table.table, table.table]));
  const tableOf = (expression: string): string | undefined => {
    const [head, tail] = expression.split('.');
    const exported = tail !== undefined ? (namespaces.has(head!) ? tail : undefined) : local.get(head!);
    return exported ? tables.get(exported)?.table : undefined;
  };
  const writes: TableWrite[] = [];
  const at = (node: ts.Node) => `${fileName}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}`;
  const scanSql = (node: ts.Node, sqlText: string) => {
    for (const match of sqlText.matchAll(RAW_WRITE)) {
      const table = match[1] !== undefined ? tableOf(match[1]) : sqlNames.get(match[2]!.toLowerCase());
      if (table) writes.push({ table, module, at: at(node), kind: 'sql' });
    }
  };
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const name = node.expression.name.text;
      const [argument] = node.arguments;
      if (DRIZZLE_WRITES.has(name) && node.arguments.length === 1 && argument) {
        const table = ts.isIdentifier(argument) || ts.isPropertyAccessExpression(argument) ? tableOf(argument.getText(source)) : undefined;
        if (table) writes.push({ table, module, at: at(node), kind: name as TableWrite['kind'] });
      }
      if (RAW_SQL_CALLS.has(name) && argument && (ts.isStringLiteralLike(argument) || ts.isTemplateExpression(argument)))
        scanSql(node, argument.getText(source));
    }
    if (ts.isTaggedTemplateExpression(node) && node.tag.getText(source) === 'sql') scanSql(node, node.template.getText(source));
    ts.forEachChild(node, visit);
  };
  visit(source);
  return writes;
}

/** Test code: `*.test.ts`, and the set-up files tests share (`*-fixture.ts`), which no route or job imports. */
const TEST_FILE = /(?:\.test|-fixture)\.tsx?$/;

/**
 * Every write in `src/server/modules` and `src/server/platform` (test files and test fixtures aside). A
 * platform piece writes under its own name (`platform/audit` is `audit`, the owner of `audit_events`):
 * the machinery of a domain and its module are one writer in two layers.
 */
export function tableWrites(root: string): TableWrite[] {
  const schemaDir = path.join(root, 'src/server/db/schema');
  const tables = schemaTables(schemaDir);
  const writes: TableWrite[] = [];
  for (const layerDir of [path.join(root, 'src/server/modules'), path.join(root, 'src/server/platform')]) {
    for (const entry of fs.readdirSync(layerDir, { withFileTypes: true, recursive: true })) {
      if (!entry.isFile() || !/\.tsx?$/.test(entry.name) || TEST_FILE.test(entry.name)) continue;
      const file = path.join(entry.parentPath, entry.name);
      const module = path.relative(layerDir, file).split(path.sep)[0]!;
      const schemaImport = (specifier: string) =>
        specifier.startsWith('.') && path.dirname(path.resolve(path.dirname(file), specifier)) === schemaDir;
      writes.push(...writesInSource(path.relative(root, file), fs.readFileSync(file, 'utf8'), module, tables, schemaImport));
    }
  }
  return writes;
}

/** The owning module of each table: its schema file's domain, or `OWNERS`. */
export function owners(tables: ReadonlyMap<string, SchemaTable>): Map<string, string> {
  return new Map([...tables.values()].map(({ table, domain }) => [table, OWNERS[table]?.module ?? domain]));
}

/** One message per write outside its table's owner (and not a listed shared writer). */
export function writerViolations(writes: readonly TableWrite[], owner: ReadonlyMap<string, string>): string[] {
  return writes
    .filter((write) => {
      const owning = owner.get(write.table);
      if (owning === undefined || owning === write.module) return false;
      return !SHARED_WRITERS.some((shared) => shared.table === write.table && shared.module === write.module);
    })
    .map((write) => {
      const owning = owner.get(write.table)!;
      const call = WRITE_FUNCTIONS[write.table] ?? `a named function of modules/${owning}/ (add one there, recording its audit entry)`;
      return `${write.at}: module ${write.module} writes ${write.table} (${write.kind}), which module ${owning} owns: call ${call} in module ${owning} instead.`;
    });
}

if (import.meta.main) {
  const root = path.resolve(import.meta.dirname, '..');
  const violations = writerViolations(tableWrites(root), owners(schemaTables(path.join(root, 'src/server/db/schema'))));
  for (const violation of violations) console.error(violation);
  if (violations.length > 0) process.exit(1);
  console.log('Every table in src/server/db/schema is written by its owning module only.');
}
