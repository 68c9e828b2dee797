import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { crashChildren } from '../../../../tests/crash-children.ts';

/**
 * An agent run survives `kill -9` of the server drafting it, with the production job settings: after a
 * restart on the same database (PGlite files, or a PostgreSQL database) the job runs again within 10 s of
 * the server being up, the dead run's slot is free again (the organization's plan runs one at a time, and
 * its second request is drafted too), and each request gets exactly one output. Real processes.
 * Both engines: in the postgres project the children share a database on the DATABASE_URL server
 * (tests/crash-children.ts), so this file keeps an engine marker (scripts/test-steps.ts).
 */

const child = path.resolve(import.meta.dirname, '../../../../tests/fixtures/agent-run-child.ts');
const children = crashChildren();
afterAll(() => children.cleanup());

describe('an agent run and kill -9', () => {
  it('runs again within 10 s of the restart, frees its slot, and writes each output once', async () => {
    const { target } = await children.database();
    const first = children.start(child, ['submit', target]);
    await first.waitFor(/submitted/);
    await first.waitFor(/drafting/);
    first.process.kill('SIGKILL');
    await first.exited();

    const second = children.start(child, ['resume', target]);
    await second.waitFor(/ready/);
    const ready = Date.now();
    expect(await second.waitFor(/drafted \d+ \d+/)).toBe('drafted 1 1');
    expect(Date.now() - ready).toBeLessThan(10_000);
    await second.exited();
  }, 900_000);
});
