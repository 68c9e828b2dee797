import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../../tests/test-database.ts';
import { seedContent } from '../../content/content.service.ts';
import { readBrief } from '../brief/read-brief.ts';
import type { DraftInput } from '../providers/agent-provider.ts';
import { createBuiltinAgentProvider } from '../providers/builtin-agent-provider.ts';
import { readBriefOffThread } from './drafting-thread-client.ts';

/**
 * The builtin agent's CPU work in the drafting thread: the same facts and the same draft as in
 * process, while the event loop keeps turning.
 */

const BRIEF = {
  title: 'ISO 27001 readiness gap assessment for our payment platform',
  description: Array.from(
    { length: 40 },
    (_, index) =>
      `Team ${index} uses Okta with MFA and reviews access quarterly, but has no risk register yet; we process card data with vendor ${index} and keep logs for 90 days.`,
  ).join('\n'),
  frameworks: ['iso27001', 'PCI DSS'],
};

describe('the drafting thread', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    await seedContent(database.db);
  }, 120_000);
  afterAll(() => database.dispose());

  it('reads a brief to the same facts as in process, with the event loop turning meanwhile', async () => {
    await readBriefOffThread({ title: 'warm up', description: 'The thread loads its modules.' });
    let ticks = 0;
    const timer = setInterval(() => (ticks += 1), 2);
    const offThread = await readBriefOffThread(BRIEF);
    clearInterval(timer);
    expect(offThread).toEqual(await readBrief(BRIEF));
    expect(offThread.frameworks.length).toBeGreaterThan(0);
    expect(ticks).toBeGreaterThan(1);
  }, 120_000);

  it('drafts the same document as the in-process provider, first draft and redraft', async () => {
    const input: DraftInput = {
      request: { id: 'req-1', department: 'compliance', deadline: null, workKind: 'gap_assessment', ...BRIEF },
      organization: { id: 'org-1', name: 'Northwind Analytics', size: '51-200', country: 'Germany', website: null },
      reviewNotes: null,
      previous: null,
      earlierDeliverables: [],
    };
    const inProcess = createBuiltinAgentProvider();
    const threaded = createBuiltinAgentProvider({ offThread: true });
    const first = await threaded.draft(database.db, input);
    expect(first).toEqual(await inProcess.draft(database.db, input));
    expect(first.body).toMatch(/^## Requirement-by-requirement assessment$/m);

    const redraft = { ...input, previous: { version: 1, body: first.body }, reviewNotes: 'Add a section on vendor risk.' };
    expect(await threaded.draft(database.db, redraft)).toEqual(await inProcess.draft(database.db, redraft));
  }, 120_000);
});
