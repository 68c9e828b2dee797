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
 * post twice, under one delivery id (what it deduplicates on).
 * Both engines: in the postgres project the children share a database on the DATABASE_URL server
 * (tests/crash-children.ts), so this file keeps an engine marker (scripts/test-steps.ts).
 */

const child = path.resolve(import.meta.dirname, '../../../../tests/fixtures/workflow-run-child.ts');
const children = crashChildren();
afterAll(() => children.cleanup());

/** A receiver that never answers the first post (the server sending it is killed meanwhile) and takes the rest. */
async function receiver() {
  const posts: { at: number; delivery: string | undefined }[] = [];
  const hanging: ServerResponse[] = [];
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    request.resume();
    request.on('end', () => {
      posts.push({ at: Date.now(), delivery: request.headers['compliancecore-delivery'] as string | undefined });
      if (posts.length === 1) hanging.push(response);
      else response.writeHead(200).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    posts,
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

describe('a workflow step and kill -9', () => {
  it('resumes within 15 s on the server left (PostgreSQL) or the restarted one (PGlite), and the run ends once', async () => {
    const { target, kind } = await children.database();
    const hook = await receiver();
    try {
      const first = children.start(child, ['start', target, hook.url]);
      await first.waitFor(/started/);
      await until(() => hook.posts.length === 1, 120_000);

      let resumeFrom: number;
      let survivor;
      if (kind === 'postgres') {
        // Two servers on one database: the second is up before the first dies mid-step.
        survivor = children.start(child, ['serve', target]);
        await survivor.waitFor(/ready/);
        first.process.kill('SIGKILL');
        await first.exited();
        resumeFrom = Date.now();
      } else {
        first.process.kill('SIGKILL');
        await first.exited();
        survivor = children.start(child, ['serve', target]);
        await survivor.waitFor(/ready/);
        resumeFrom = Date.now();
      }
      const resumedAt = await until(() => hook.posts.length >= 2, 30_000);
      expect(resumedAt - resumeFrom).toBeLessThan(15_000);

      expect(await survivor.waitFor(/run \w+ steps \S+/)).toBe('run succeeded steps 0:start:succeeded,1:post:succeeded,2:end:succeeded');
      await survivor.exited();
      expect(hook.posts).toHaveLength(2);
      expect(hook.posts[1]!.delivery).toBe(hook.posts[0]!.delivery);
    } finally {
      hook.close();
    }
  }, 900_000);
});
