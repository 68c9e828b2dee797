import type { WorkKind } from '../../../../shared/schemas/task-requests.ts';
import type { Db } from '../../../db/client.ts';
import type { AgentProvider, DraftInput, DraftResult } from './agent-provider.ts';

/** Test helpers for the composers' property tests: a first draft of a brief, and reading its Markdown. */

/** A first draft of `title`/`description` as `workKind`, for one fixed organization. */
export function draftBrief(
  provider: AgentProvider,
  db: Db,
  workKind: WorkKind,
  title: string,
  description: string,
  frameworks: string[] = [],
): Promise<DraftResult> {
  const input: DraftInput = {
    request: { id: `req-${workKind}`, title, description, department: 'compliance', frameworks, workKind, deadline: null },
    organization: { id: 'org-1', name: 'Northwind Analytics', size: '51-200', country: 'Germany', website: null },
    reviewNotes: null,
    previous: null,
    earlierDeliverables: [],
  };
  return provider.draft(db, input);
}

/** The Markdown between one heading and the next of the same level. */
export function section(body: string, heading: string): string {
  const start = body.indexOf(heading);
  if (start < 0) return '';
  const level = /^#+/.exec(heading)?.[0] ?? '##';
  const rest = body.slice(start + heading.length);
  const next = rest.search(new RegExp(`\\n${level} `));
  return next < 0 ? rest : rest.slice(0, next);
}

/** A table's rows (its separator line left out). */
export const tableRows = (body: string) => body.split('\n').filter((line) => line.startsWith('| ') && !line.startsWith('| ---'));
