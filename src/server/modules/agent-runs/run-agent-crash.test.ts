import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type Child, crashChildren } from '../../../../tests/crash-children.ts';

/**
 * An agent run and a mail survive `kill -9` of the server working them, with the production job settings.
 * On PostgreSQL a second server on the same database, already up, takes them over (two servers, one
 * killed); on PGlite the restarted server does. Either way the dead run's slot is free again at once (the
 * organization's plan runs one at a time, and its second request is drafted too), both requests are drafted
 * within 15 s of the kill (PostgreSQL) or 10 s of the restart (PGlite), each gets exactly one output, and
 * the mail the killed server left `sending` is sent once, by the server left, within seconds. Real processes.
 * Both engines: in the postgres project the children share a database on the DATABASE_URL server
 * (tests/crash-children.ts), so this file keeps an engine marker (scripts/test-steps.ts).
 */

const child = path.resolve(import.meta.dirname, '../../../../tests/fixtures/agent-run-child.ts');
const children = crashChildren();
afterAll(() => children.cleanup());

/** Seconds from `from` until the line appears in the child's output (polled every 50 ms). */
async function secondsUntil(survivor: Child, line: RegExp, from: number): Promise<number> {
  await survivor.waitFor(line, 60_000);
  return (Date.now() - from) / 1000;
}

describe('an agent run, a mail and kill -9', () => {
  it('resume within seconds on the server left (PostgreSQL) or the restarted one (PGlite), the slot freed, nothing twice', async () => {
    const { target, kind } = await children.database();
    const first = children.start(child, ['submit', target]);
    await first.waitFor(/submitted/);
    await first.waitFor(/drafting/);
    await first.waitFor(/mailing Crash test mail/);

    let survivor: Child;
    let from: number;
    if (kind === 'postgres') {
      survivor = children.start(child, ['resume', target]);
      await survivor.waitFor(/ready/);
      first.process.kill('SIGKILL');
      await first.exited();
      from = Date.now();
    } else {
      first.process.kill('SIGKILL');
      await first.exited();
      survivor = children.start(child, ['resume', target]);
      await survivor.waitFor(/ready/);
      from = Date.now();
    }
    const [firstDrafted, secondDrafted, mailSent] = await Promise.all([
      secondsUntil(survivor, /in-review 1/, from),
      secondsUntil(survivor, /in-review 2/, from),
      secondsUntil(survivor, /mail sent \d+/, from),
    ]);
    expect(await survivor.waitFor(/drafted \d+ \d+/)).toBe('drafted 1 1');
    await survivor.exited();
    // Measured, for docs/jobs.md's table (the test's output): seconds after the kill / the restart.
    console.log(`${kind}: request 1 drafted ${firstDrafted} s, request 2 ${secondDrafted} s, mail sent ${mailSent} s`);
    const limit = kind === 'postgres' ? 15 : 10;
    expect(Math.max(firstDrafted, secondDrafted, mailSent)).toBeLessThan(limit);
    // The killed attempt counted once; the mail went out once, from the server left.
    expect(await survivor.waitFor(/mail sent \d+/)).toBe('mail sent 2');
    expect(survivor.output().match(/mailed Crash test mail/g)).toHaveLength(1);
  }, 900_000);
});
