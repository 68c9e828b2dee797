import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { onTestFinished } from 'vitest';

/** One request the fake endpoint received: its headers and its JSON body, typed by the test. */
export interface RecordedModelRequest<Body> {
  headers: http.IncomingHttpHeaders;
  body: Body;
}

/**
 * A local OpenAI-compatible endpoint for one test (a real HTTP peer, closed when the test ends): it
 * records each request and answers as `respond` says. `baseUrl` is what LLM_BASE_URL takes.
 */
export async function startModelServer<Body>(
  respond: (recorded: RecordedModelRequest<Body>, response: http.ServerResponse) => void,
): Promise<{ baseUrl: string; requests: RecordedModelRequest<Body>[] }> {
  const requests: RecordedModelRequest<Body>[] = [];
  const server = http.createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    request.on('end', () => {
      const recorded = { headers: request.headers, body: JSON.parse(raw) as Body };
      requests.push(recorded);
      respond(recorded, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  onTestFinished(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  const { port } = server.address() as AddressInfo;
  return { baseUrl: `http://127.0.0.1:${port}/v1`, requests };
}
