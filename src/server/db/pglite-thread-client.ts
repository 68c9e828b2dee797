import { Worker } from 'node:worker_threads';
import { type QueryOptions, type Results, type Transaction, TransactionAbortedError, protocol } from '@electric-sql/pglite';

/**
 * The embedded database in a thread of its own (docs/decisions/014-pglite-off-the-main-thread.md):
 * `pglite-thread.js` owns the PGlite instance; this is the side the server holds. It offers what
 * drizzle's PGlite driver and pg-boss's PGlite adapter call — `query`, `exec`, `transaction`,
 * `listen` — with PGlite's own semantics (the thread runs the real calls, so its locks order them:
 * a transaction's statements on the one connection in order, every other call waiting for it).
 *
 * A row crosses the thread as a structured clone. Parsers are functions and cannot cross: the types a
 * caller gives parsers for (drizzle passes them for dates, timestamps and intervals) come back as
 * PostgreSQL's text and the caller's parsers run here.
 */

/** What drizzle's driver and pg-boss's adapter use of a PGlite instance; the thread client and PGlite itself both have it. */
export interface PgliteClient {
  query<T>(query: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(query: string, options?: QueryOptions): Promise<Results[]>;
  transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T>;
  listen(channel: string, callback: (payload: string) => void, tx?: Transaction): Promise<(tx?: Transaction) => Promise<void>>;
  dumpDataDir(compression?: 'none' | 'gzip' | 'auto'): Promise<Blob>;
  close(): Promise<void>;
}

export interface PgliteThreadOptions {
  dataDir?: string;
  /** A dump (`dumpDataDir`) to start from instead of an empty cluster. */
  template?: Blob;
  /** Added to PGlite's default start parameters. */
  startParams: string[];
}

type WireOptions = { rowMode?: QueryOptions['rowMode']; paramTypes?: number[]; rawTypes?: number[] };

type Call =
  | { op: 'query'; text: string; params?: unknown[]; options?: WireOptions; tx?: number }
  | { op: 'exec'; text: string; options?: WireOptions; tx?: number }
  | { op: 'begin' }
  | { op: 'commit' | 'rollback'; tx: number }
  | { op: 'listen'; channel: string; tx?: number }
  | { op: 'unlisten'; listener: number; tx?: number }
  | { op: 'dump'; compression?: string }
  | { op: 'close' };

interface ErrorFields {
  name: string;
  message: string;
  stack?: string;
  kind: 'aborted' | 'database' | 'error';
  [field: string]: unknown;
}

type FromThread =
  | { type: 'ready' }
  | { type: 'failed'; error: ErrorFields }
  | { type: 'notify'; listener: number; payload: string }
  | { type: 'reply'; id: number; result?: unknown; error?: ErrorFields };

const THREAD_FILE = new URL('./pglite-thread.js', import.meta.url);

/** PGlite's error, rebuilt on this side with its SQLSTATE, constraint and the rest (errors.ts reads them). */
function rebuildError(fields: ErrorFields, query?: string, params?: unknown[]): Error {
  const { name, message, stack, kind, ...rest } = fields;
  let error: Error;
  if (kind === 'aborted') error = new TransactionAbortedError();
  else if (kind === 'database') error = new protocol.messages.DatabaseError(message, Number(rest.length ?? 0), 'error');
  else {
    error = new Error(message);
    error.name = name;
  }
  Object.assign(error, rest, query === undefined ? {} : { query, params });
  error.stack = `${stack ?? `${name}: ${message}`}\n    (in the PGlite thread)`;
  return error;
}

/** Only what a structured clone can carry; a function-valued option nobody here uses is refused, not dropped. */
function wireOptions(options: QueryOptions | undefined): WireOptions | undefined {
  if (!options) return undefined;
  if (options.serializers || options.blob || options.onNotice) {
    throw new Error('The PGlite thread does not take serializers, blobs or notice callbacks.');
  }
  const rawTypes = options.parsers ? Object.keys(options.parsers).map(Number) : undefined;
  return { rowMode: options.rowMode, paramTypes: options.paramTypes, rawTypes };
}

/** Runs the caller's parsers over the columns the thread returned as text. */
function parseRows<T>(result: Results<T>, options: QueryOptions | undefined): Results<T> {
  const parsers = options?.parsers;
  if (!parsers || !result.fields) return result;
  result.fields.forEach((field, index) => {
    const parser = parsers[field.dataTypeID];
    if (!parser) return;
    const key = options.rowMode === 'array' ? index : field.name;
    for (const row of result.rows as Record<string | number, unknown>[]) {
      const value = row[key];
      // PGlite calls a parser with the value and its type (array parsers use the type).
      if (typeof value === 'string') row[key] = (parser as (text: string, typeId: number) => unknown)(value, field.dataTypeID);
    }
  });
  return result;
}

export class PgliteThread implements PgliteClient {
  private readonly worker: Worker;
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  private readonly listeners = new Map<number, (payload: string) => void>();
  private stopped: Error | undefined;

  private constructor(worker: Worker) {
    this.worker = worker;
    worker.on('message', (message: FromThread) => this.receive(message));
    worker.on('error', (error) => this.stop(error));
    worker.on('exit', (code) => this.stop(new Error(`The PGlite thread exited (code ${code}).`)));
    // Idle, the thread does not keep the process alive; a call in flight does (ref in `call`).
    worker.unref();
  }

  /** Starts the thread and waits until PGlite has opened (or failed to open) the data directory. */
  static async start(options: PgliteThreadOptions): Promise<PgliteThread> {
    const template = options.template ? new Uint8Array(await options.template.arrayBuffer()) : undefined;
    const worker = new Worker(THREAD_FILE, {
      workerData: { dataDir: options.dataDir, startParams: options.startParams, template },
      transferList: template ? [template.buffer] : [],
    });
    // Only these listeners come off afterwards: the Worker keeps listeners of its own.
    const listeners: { message?: (message: FromThread) => void; error?: (error: Error) => void; exit?: (code: number) => void } = {};
    try {
      await new Promise<void>((resolve, reject) => {
        listeners.message = (message) => {
          if (message.type === 'ready') resolve();
          if (message.type === 'failed') reject(rebuildError(message.error));
        };
        listeners.error = reject;
        listeners.exit = (code) => reject(new Error(`The PGlite thread exited while opening (code ${code}).`));
        worker.on('message', listeners.message).on('error', listeners.error).on('exit', listeners.exit);
      });
    } finally {
      if (listeners.message) worker.off('message', listeners.message);
      if (listeners.error) worker.off('error', listeners.error);
      if (listeners.exit) worker.off('exit', listeners.exit);
    }
    return new PgliteThread(worker);
  }

  private receive(message: FromThread): void {
    if (message.type === 'notify') {
      this.listeners.get(message.listener)?.(message.payload);
      return;
    }
    if (message.type !== 'reply') return;
    const waiting = this.pending.get(message.id);
    if (!waiting) return;
    this.pending.delete(message.id);
    if (this.pending.size === 0) this.worker.unref();
    if (message.error) waiting.reject(rebuildError(message.error));
    else waiting.resolve(message.result);
  }

  private stop(error: Error): void {
    this.stopped ??= error;
    for (const waiting of this.pending.values()) waiting.reject(this.stopped);
    this.pending.clear();
  }

  private call<T>(message: Call, id = this.nextId++): Promise<T> {
    if (this.stopped) return Promise.reject(this.stopped);
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      if (this.pending.size === 1) this.worker.ref();
      this.worker.postMessage({ ...message, id });
    });
  }

  private async runQuery<T>(text: string, params: unknown[] | undefined, options: QueryOptions | undefined, tx?: number) {
    try {
      const result = await this.call<Results<T>>({ op: 'query', text, params, options: wireOptions(options), tx });
      return parseRows(result, options);
    } catch (error) {
      if (error instanceof Error && 'code' in error) Object.assign(error, { query: text, params });
      throw error;
    }
  }

  private async runExec(text: string, options: QueryOptions | undefined, tx?: number): Promise<Results[]> {
    const results = await this.call<Results[]>({ op: 'exec', text, options: wireOptions(options), tx });
    return results.map((result) => parseRows(result, options));
  }

  query<T>(query: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.runQuery<T>(query, params, options);
  }

  exec(query: string, options?: QueryOptions): Promise<Results[]> {
    return this.runExec(query, options);
  }

  /** As PGlite's: BEGIN, the callback, COMMIT; ROLLBACK when the callback throws (and the error goes on). */
  async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    const id = this.nextId++;
    await this.call<number>({ op: 'begin' }, id);
    let closed = false;
    const open = () => {
      if (closed) throw new Error('Transaction is closed');
    };
    const tx: Transaction = {
      query: async <R>(text: string, params?: unknown[], options?: QueryOptions) => (open(), this.runQuery<R>(text, params, options, id)),
      sql: async <R>(strings: TemplateStringsArray, ...params: unknown[]) => {
        open();
        const text = strings.reduce((all, part, index) => `${all}$${index}${part}`);
        return this.runQuery<R>(text, params, undefined, id);
      },
      exec: async (text: string, options?: QueryOptions) => (open(), this.runExec(text, options, id)),
      rollback: async () => {
        open();
        closed = true;
        await this.call({ op: 'rollback', tx: id });
      },
      listen: async (channel: string, listener: (payload: string) => void) => (open(), this.listen(channel, listener, tx, id)),
      get closed() {
        return closed;
      },
    };
    let result: T;
    try {
      result = await callback(tx);
    } catch (error) {
      if (!closed) {
        closed = true;
        await this.call({ op: 'rollback', tx: id });
      }
      throw error;
    }
    if (!closed) {
      closed = true;
      await this.call({ op: 'commit', tx: id });
    }
    return result;
  }

  async listen(
    channel: string,
    callback: (payload: string) => void,
    _tx?: Transaction,
    txId?: number,
  ): Promise<(tx?: Transaction) => Promise<void>> {
    const id = this.nextId++;
    this.listeners.set(id, callback);
    try {
      await this.call({ op: 'listen', channel, tx: txId }, id);
    } catch (error) {
      this.listeners.delete(id);
      throw error;
    }
    return async () => {
      this.listeners.delete(id);
      await this.call({ op: 'unlisten', listener: id });
    };
  }

  async dumpDataDir(compression?: 'none' | 'gzip' | 'auto'): Promise<Blob> {
    const bytes = await this.call<Uint8Array<ArrayBuffer>>({ op: 'dump', compression });
    return new Blob([bytes]);
  }

  async close(): Promise<void> {
    if (this.stopped) return;
    await this.call({ op: 'close' });
    this.stop(new Error('The PGlite thread is closed.'));
    await this.worker.terminate();
  }
}
