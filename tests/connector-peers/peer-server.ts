import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for a provider's API (docs/connectors.md, "Tests"): a plain node:http server that
 * answers the part of the API a connector calls, so no test needs the internet. Each peer gives it a
 * handler; this keeps what every peer shares: the port, JSON answers, the body, a log of the calls.
 */

export interface PeerRequest {
  method: string;
  url: URL;
  headers: IncomingMessage['headers'];
  body: string;
}

export type PeerHandler = (request: PeerRequest, response: ServerResponse) => unknown;

export interface Peer {
  url: string;
  calls: PeerRequest[];
  close(): Promise<void>;
}

export function sendJson(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
}

export function sendXml(response: ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'content-type': 'text/xml', ...headers });
  response.end(body);
}

export async function startPeer(handler: PeerHandler): Promise<Peer> {
  const calls: PeerRequest[] = [];
  const server: Server = createServer((incoming, response) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const request: PeerRequest = {
        method: incoming.method ?? 'GET',
        url: new URL(incoming.url ?? '/', 'http://peer.local'),
        headers: incoming.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      calls.push(request);
      Promise.resolve(handler(request, response)).catch((error: unknown) => {
        if (!response.headersSent) sendJson(response, 500, { message: String(error) });
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
