import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { crashChildren } from '../../../../tests/crash-children.ts';

/**
 * A workflow run survives `kill -9` of the server running its step, with the production job settings:
 * on PostgreSQL a second server on the same database (already up) takes the step over; on PGlite the
 * restarted server does. Either way the step resumes within 15 s and the run ends once, one step per seq.
 * Real processes, a real receiver: the killed server's post got no answer, so the receiver sees the step's
 * post twice, under one delivery id (what it deduplicates on). A webhook subscription's delivery, posted by
 * the killed server too, is posted again as quickly, and its log counts both posts the receiver got.
 * Both engines: in the postgres project the children share a database on the DATABASE_URL server
 * (tests/crash-children.ts), so this file keeps an engine marker (scripts/test-steps.ts).
 */

const child = path.resolve(import.meta.dirname, '../../../../tests/fixtures/workflow-run-child.ts');
const children = crashChildren();
afterAll(() => children.cleanup());

/**
 * A receiver that never answers the first post to each path (the server sending it is killed meanwhile) and
 * takes the rest: `/hook` is the workflow step's, `/events` the subscription's.
 */
async function receiver() {
  const posts: { at: number; path: string | undefined; delivery: string | undefined }[] = [];
  const hanging: ServerResponse[] = [];
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    request.resume();
    request.on('end', () => {
      posts.push({ at: Date.now(), path: request.url, delivery: request.headers['compliancecore-delivery'] as string | undefined });
      if (posts.filter((post) => post.path === request.url).length === 1) hanging.push(response);
      else response.writeHead(200).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    posts,
    to: (path: string) => posts.filter((post) => post.path === path),
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}

async function until(check: () => boolean, timeoutMs: number): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return Date.now();
}

/** Both posts are still waiting for their answer in the server about to be killed: neither was answered, nor timed out (10 s). */
function expectInFlight(hook: Awaited<ReturnType<typeof receiver>>): void {
  expect(hook.to('/hook')).toHaveLength(1);
  expect(hook.to('/events')).toHaveLength(1);
  expect(Date.now() - Math.min(hook.to('/hook')[0]!.at, hook.to('/events')[0]!.at)).toBeLessThan(9_000);
}

describe('a workflow step and kill -9', () => {
  it('resumes within 15 s on the server left (PostgreSQL) or the restarted one (PGlite), and the run ends once', async () => {
    const { target, kind } = await children.database();
    const hook = await receiver();
    try {
      let resumeFrom: number;
      let survivor;
      if (kind === 'postgres') {
        // Two servers on one database: the second is loaded while the first waits, and up before the first
        // dies mid-step (within a second or two of its posts, long before their 10 s timeout).
        const first = children.start(child, ['start', target, hook.url, 'hold']);
        await first.waitFor(/ready/);
        survivor = children.start(child, ['serve', target, 'hold']);
        await survivor.waitFor(/loaded/);
        first.process.kill('SIGUSR2');
        await first.waitFor(/started/);
        await until(() => hook.to('/hook').length === 1 && hook.to('/events').length === 1, 120_000);
        survivor.process.kill('SIGUSR2');
        await survivor.waitFor(/ready/);
        expectInFlight(hook);
        first.process.kill('SIGKILL');
        await first.exited();
        resumeFrom = Date.now();
      } else {
        const first = children.start(child, ['start', target, hook.url]);
        await first.waitFor(/started/);
        await until(() => hook.to('/hook').length === 1 && hook.to('/events').length === 1, 120_000);
        expectInFlight(hook);
        first.process.kill('SIGKILL');
        await first.exited();
        survivor = children.start(child, ['serve', target]);
        await survivor.waitFor(/ready/);
        resumeFrom = Date.now();
      }
      const resumedAt = await until(() => hook.to('/hook').length >= 2, 30_000);
      const redeliveredAt = await until(() => hook.to('/events').length >= 2, 30_000);
      // Measured, for docs/jobs.md's table (the test's output): seconds after the kill / the restart.
      console.log(`${kind}: step posted again ${(resumedAt - resumeFrom) / 1000} s, delivery ${(redeliveredAt - resumeFrom) / 1000} s`);
      expect(resumedAt - resumeFrom).toBeLessThan(15_000);
      expect(redeliveredAt - resumeFrom).toBeLessThan(15_000);

      expect(await survivor.waitFor(/delivery \w+ attempts \d+/)).toBe('delivery succeeded attempts 2');
      expect(await survivor.waitFor(/run \w+ steps \S+/)).toBe('run succeeded steps 0:start:succeeded,1:post:succeeded,2:end:succeeded');
      await survivor.exited();
      expect(hook.to('/hook')).toHaveLength(2);
      expect(hook.to('/hook')[1]!.delivery).toBe(hook.to('/hook')[0]!.delivery);
      // Every post the receiver got is in the log (attempts 2 above), under one delivery id.
      expect(hook.to('/events')).toHaveLength(2);
      expect(hook.to('/events')[1]!.delivery).toBe(hook.to('/events')[0]!.delivery);
    } finally {
      hook.close();
    }
  }, 900_000);
});
