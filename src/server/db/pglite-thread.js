/**
 * The embedded database's own thread (docs/decisions/014-pglite-off-the-main-thread.md): this
 * worker owns the PGlite instance and answers the calls `pglite-thread-client.ts` sends over the
 * worker's port, so PostgreSQL's work in WebAssembly never blocks the server's event loop.
 *
 * Every call is handled as it arrives (never one after another here): PGlite's own locks order them
 * exactly as they do in process — a query outside a transaction waits for the open transaction to
 * end, and a transaction's statements run on the one connection in the order the caller awaits them.
 *
 * Plain JavaScript on purpose, like main.js: a `.ts` entry would load Node's type stripper into
 * this thread (~0.4 s of CPU and ~15 MB) on every start, for a file that only forwards calls.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, protocol, TransactionAbortedError } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/** Thrown into a transaction's callback to make PGlite roll it back. */
const ROLLBACK = Symbol('rollback');

/** A value PGlite hands a column of one of these types is passed through as text; the caller parses it. */
const rawText = (value) => value;

function queryOptions(options) {
  if (!options) return undefined;
  const { rawTypes, ...rest } = options;
  if (!rawTypes?.length) return rest;
  return { ...rest, parsers: Object.fromEntries(rawTypes.map((oid) => [oid, rawText])) };
}

/** What crosses the port of an error: its own fields that are plain values, and what it was. */
function errorFields(error) {
  if (!error || typeof error !== 'object') return { name: 'Error', message: String(error), kind: 'error' };
  const fields = { name: error.name, message: error.message, stack: error.stack };
  for (const [key, value] of Object.entries(error)) {
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value;
  }
  fields.kind =
    error instanceof TransactionAbortedError ? 'aborted' : error instanceof protocol.messages.DatabaseError ? 'database' : 'error';
  return fields;
}

async function open() {
  const { dataDir, template, startParams } = workerData;
  return PGlite.create({
    dataDir,
    extensions: { pg_trgm },
    startParams: [...PGlite.defaultStartParams, ...startParams],
    ...(template ? { loadDataDir: new Blob([template]) } : {}),
  });
}

let pg;
try {
  pg = await open();
} catch (error) {
  parentPort.postMessage({ type: 'failed', error: errorFields(error) });
  parentPort.close();
}

/** Open transactions by id: the PGlite transaction object, and how to end its callback. */
const transactions = new Map();
/** LISTEN subscriptions by id: how to end them. */
const listeners = new Map();

function begin(id) {
  return new Promise((resolve, reject) => {
    const done = pg.transaction(
      (tx) =>
        new Promise((commit, rollback) => {
          transactions.set(id, { tx, commit, rollback, done });
          resolve(id);
        }),
    );
    // BEGIN itself failed: the callback never ran.
    done.catch((error) => {
      if (!transactions.has(id)) reject(error);
    });
  });
}

async function end(id, commit) {
  const open = transactions.get(id);
  if (!open) throw new Error(`No open transaction ${id}`);
  transactions.delete(id);
  if (commit) {
    open.commit();
    await open.done;
    return;
  }
  open.rollback(ROLLBACK);
  await open.done.catch((error) => {
    if (error !== ROLLBACK) throw error;
  });
}

/** The connection a call runs on: its transaction's, or the instance (which waits for any open transaction). */
function target(txId) {
  if (txId === undefined) return pg;
  const open = transactions.get(txId);
  if (!open) throw new Error(`No open transaction ${txId}`);
  return open.tx;
}

async function handle(message) {
  switch (message.op) {
    case 'query':
      return target(message.tx).query(message.text, message.params, queryOptions(message.options));
    case 'exec':
      return target(message.tx).exec(message.text, queryOptions(message.options));
    case 'begin':
      return begin(message.id);
    case 'commit':
      return end(message.tx, true);
    case 'rollback':
      return end(message.tx, false);
    case 'listen': {
      const unlisten = await pg.listen(
        message.channel,
        (payload) => parentPort.postMessage({ type: 'notify', listener: message.id, payload }),
        message.tx === undefined ? undefined : target(message.tx),
      );
      listeners.set(message.id, unlisten);
      return message.id;
    }
    case 'unlisten': {
      const unlisten = listeners.get(message.listener);
      listeners.delete(message.listener);
      await unlisten?.(message.tx === undefined ? undefined : target(message.tx));
      return null;
    }
    case 'dump': {
      const blob = await pg.dumpDataDir(message.compression);
      return new Uint8Array(await blob.arrayBuffer());
    }
    case 'close':
      await pg.close();
      return null;
    default:
      throw new Error(`Unknown PGlite thread call ${message.op}`);
  }
}

if (pg) {
  parentPort.on('message', (message) => {
    handle(message).then(
      (result) => {
        const transfer = result instanceof Uint8Array ? [result.buffer] : [];
        parentPort.postMessage({ type: 'reply', id: message.id, result }, transfer);
        if (message.op === 'close') parentPort.close();
      },
      (error) => parentPort.postMessage({ type: 'reply', id: message.id, error: errorFields(error) }),
    );
  });
  parentPort.postMessage({ type: 'ready' });
}
