import { Worker } from 'node:worker_threads';
import type { BriefFacts } from '../../../../shared/schemas/brief-facts.ts';
import type { ReadBriefInput } from '../brief/read-brief.ts';
import type { Grounding } from '../providers/agent-grounding.ts';
import type { DraftResult } from '../providers/agent-provider.ts';
import type { ComposeInput } from './compose-builtin.ts';

/** What the drafting thread is asked: pure functions of plain data (structured clones both ways). */
export type DraftingCall = { task: 'readBrief'; input: ReadBriefInput } | { task: 'compose'; grounding: Grounding; input: ComposeInput };

type Reply = { id: number; result?: unknown; error?: { name: string; message: string } };

const THREAD_FILE = new URL('./drafting-thread.ts', import.meta.url);

/**
 * One drafting thread per process, started at the first draft (a server that drafts nothing never
 * loads it) and kept: it does not keep the process alive while idle. If it dies, the calls in flight
 * fail (the agent run's attempt fails and is retried) and the next call starts a new one.
 */
class DraftingThread {
  private worker: Worker | undefined;
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();

  private start(): Worker {
    const worker = new Worker(THREAD_FILE);
    worker.unref();
    worker.on('message', (reply: Reply) => {
      const waiting = this.pending.get(reply.id);
      if (!waiting) return;
      this.pending.delete(reply.id);
      if (this.pending.size === 0) worker.unref();
      if (reply.error) waiting.reject(Object.assign(new Error(reply.error.message), { name: reply.error.name }));
      else waiting.resolve(reply.result);
    });
    const fail = (error: Error) => {
      if (this.worker === worker) this.worker = undefined;
      for (const waiting of this.pending.values()) waiting.reject(error);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`The drafting thread exited (code ${code}).`)));
    return worker;
  }

  call<T>(call: DraftingCall): Promise<T> {
    this.worker ??= this.start();
    const worker = this.worker;
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.ref();
      worker.postMessage({ ...call, id });
    });
  }
}

let shared: DraftingThread | undefined;

function thread(): DraftingThread {
  shared ??= new DraftingThread();
  return shared;
}

/** readBrief (brief/read-brief.ts) in the drafting thread. */
export function readBriefOffThread(input: ReadBriefInput): Promise<BriefFacts> {
  return thread().call({ task: 'readBrief', input });
}

/** composeBuiltinDraft (compose-builtin.ts) in the drafting thread. */
export function composeOffThread(grounding: Grounding, input: ComposeInput): Promise<DraftResult> {
  return thread().call({ task: 'compose', grounding, input });
}
