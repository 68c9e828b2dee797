import { parentPort } from 'node:worker_threads';
import { readBrief } from '../brief/read-brief.ts';
import { composeBuiltinDraft } from './compose-builtin.ts';
import type { DraftingCall } from './drafting-thread-client.ts';

/**
 * The drafting thread (drafting-thread-client.ts starts it): reading a brief (its attachments
 * parsed, its sentences analysed) and composing the builtin agent's draft are seconds of CPU that
 * would otherwise hold the server's event loop. Calls are answered one after another.
 */
const port = parentPort;
if (!port) throw new Error('drafting-thread.ts runs as a worker thread');

async function run(call: DraftingCall): Promise<unknown> {
  if (call.task === 'readBrief') return readBrief(call.input);
  return composeBuiltinDraft(call.grounding, call.input);
}

port.on('message', (call: DraftingCall & { id: number }) => {
  run(call).then(
    (result) => port.postMessage({ id: call.id, result }),
    (error: unknown) =>
      port.postMessage({
        id: call.id,
        error: error instanceof Error ? { name: error.name, message: error.message } : { name: 'Error', message: String(error) },
      }),
  );
});
