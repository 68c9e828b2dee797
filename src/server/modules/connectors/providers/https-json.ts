import { JSONPath } from 'jsonpath-plus';
import { z } from 'zod';
import { defineConnector, type CheckOutput } from '../connector-types.ts';
import { retryingFetch } from '../retrying-fetch.ts';

/**
 * A generic HTTPS JSON check (docs/connectors.md): one GET of a URL the client names (a status page, an
 * internal health endpoint, a vendor's API), optionally with one header (a token), and a JSONPath
 * assertion on its JSON (jsonpath-plus, with its safe evaluator for filters). For anything no connector covers.
 */

const credentials = z.object({
  url: z.url({ protocol: /^https?$/, error: 'An http(s) address' }).max(2000),
  jsonPath: z.string().trim().min(1, 'A JSONPath such as $.status').max(500),
  expected: z.string().max(500).optional().default(''),
  headerName: z
    .string()
    .trim()
    .max(100)
    .regex(/^[A-Za-z0-9-]*$/, 'A header name')
    .optional()
    .default(''),
  headerValue: z.string().max(4000).optional().default(''),
  maxResponseMs: z.coerce.number().int().min(100).max(60_000).optional().default(2000),
});
type Credentials = z.output<typeof credentials>;

interface Fetched {
  status: number;
  headers: Record<string, string>;
  body: unknown;
  text: string;
  ms: number;
}

interface Client {
  credentials: Credentials;
  get(signal: AbortSignal): Promise<Fetched>;
}

function connect(given: Credentials, options: { timeoutMs: number }): Client {
  const request = retryingFetch({ timeoutMs: options.timeoutMs });
  let once: Promise<Fetched> | null = null;
  return {
    credentials: given,
    get(signal) {
      once ??= (async () => {
        const started = performance.now();
        const headers: Record<string, string> = { accept: 'application/json' };
        if (given.headerName) headers[given.headerName] = given.headerValue;
        const response = await request(given.url, { headers, signal, redirect: 'manual' });
        const text = await response.text();
        const ms = Math.round(performance.now() - started);
        let body: unknown = null;
        try {
          body = JSON.parse(text) as unknown;
        } catch {
          body = null;
        }
        return { status: response.status, headers: Object.fromEntries(response.headers.entries()), body, text: text.slice(0, 100_000), ms };
      })();
      return once;
    },
  };
}

const answer = (fetched: Fetched) => ({
  status: fetched.status,
  headers: fetched.headers,
  body: fetched.body ?? fetched.text,
  ms: fetched.ms,
});

function assertion(client: Client, fetched: Fetched): CheckOutput {
  const { jsonPath, expected } = client.credentials;
  if (fetched.body === null) return { summary: 'The answer is not JSON.', resources: [], raw: answer(fetched), passed: false };
  const found = JSONPath({ path: jsonPath, json: fetched.body as object, wrap: true }) as unknown[];
  const values = found.map((value) => (typeof value === 'string' ? value : JSON.stringify(value)));
  const passed =
    expected === '' ? found.length > 0 && found.every(Boolean) : found.length > 0 && values.every((value) => value === expected);
  return {
    summary: `${jsonPath} ${found.length === 0 ? 'matched nothing' : `is ${values.slice(0, 5).join(', ')}`}${expected ? `; expected ${expected}` : ''}.`,
    resources: [{ id: jsonPath, passed, detail: values.slice(0, 5).join(', ') || 'no match' }],
    raw: { ...answer(fetched), matched: found.slice(0, 100) },
  };
}

export const httpsJsonConnector = defineConnector<Credentials, Client>({
  id: 'https_json',
  name: 'HTTPS JSON check',
  description: 'Reads a JSON endpoint you name and checks one value in it with JSONPath: for anything the other connectors do not cover.',
  credentialFields: [
    { key: 'url', label: 'URL', kind: 'url', required: true, help: 'The https address to read, e.g. your status endpoint.' },
    { key: 'jsonPath', label: 'JSONPath', kind: 'text', required: true, help: 'What to check, e.g. $.status or $.components[*].ok' },
    {
      key: 'expected',
      label: 'Expected value',
      kind: 'text',
      required: false,
      help: 'Every match must equal it; empty: every match must be true.',
    },
    { key: 'headerName', label: 'Header name', kind: 'text', required: false, help: 'Sent with the request, e.g. Authorization.' },
    { key: 'headerValue', label: 'Header value', kind: 'secret', required: false, help: 'Kept sealed; never shown again.' },
    { key: 'maxResponseMs', label: 'Slowest acceptable answer (ms)', kind: 'text', required: false, help: 'Default 2000.' },
  ],
  credentials,
  connect,
  async identify(client, context) {
    const fetched = await client.get(context.signal);
    if (fetched.status === 401 || fetched.status === 403)
      throw Object.assign(new Error(`The endpoint answered ${fetched.status}`), { status: fetched.status });
    return `${new URL(client.credentials.url).host} answered ${fetched.status}`;
  },
  checks: [
    {
      id: 'reachable',
      title: 'The endpoint answers 2xx',
      controlIds: ['BCM-04', 'MON-01'],
      async run(client, context) {
        const fetched = await client.get(context.signal);
        const passed = fetched.status >= 200 && fetched.status < 300;
        return {
          summary: `Answered ${fetched.status}.`,
          resources: [{ id: client.credentials.url, passed, detail: `HTTP ${fetched.status}` }],
          raw: answer(fetched),
        };
      },
    },
    {
      id: 'json_assertion',
      title: 'The JSONPath assertion holds',
      controlIds: ['MON-01', 'OPS-06'],
      async run(client, context) {
        return assertion(client, await client.get(context.signal));
      },
    },
    {
      id: 'encrypted_transport',
      title: 'Served over HTTPS',
      controlIds: ['CRY-03'],
      async run(client) {
        const passed = new URL(client.credentials.url).protocol === 'https:';
        return {
          summary: passed ? 'Served over HTTPS (the certificate was verified by the request).' : 'Served over plain HTTP.',
          resources: [{ id: client.credentials.url, passed, detail: new URL(client.credentials.url).protocol }],
          raw: { url: client.credentials.url },
        };
      },
    },
    {
      id: 'strict_transport_security',
      title: 'Strict-Transport-Security is sent',
      controlIds: ['CRY-03', 'CFG-03'],
      async run(client, context) {
        const fetched = await client.get(context.signal);
        const header = fetched.headers['strict-transport-security'] ?? '';
        const maxAge = Number(/max-age=(\d+)/i.exec(header)?.[1] ?? 0);
        const passed = maxAge >= 15_552_000;
        return {
          summary: header ? `Strict-Transport-Security: ${header}` : 'No Strict-Transport-Security header.',
          resources: [{ id: client.credentials.url, passed, detail: header || 'missing (at least 180 days wanted)' }],
          raw: answer(fetched),
        };
      },
    },
    {
      id: 'response_time',
      title: 'Answers within the time set',
      controlIds: ['OPS-02'],
      async run(client, context) {
        const fetched = await client.get(context.signal);
        const passed = fetched.ms <= client.credentials.maxResponseMs;
        return {
          summary: `Answered in ${fetched.ms} ms (at most ${client.credentials.maxResponseMs} ms wanted).`,
          resources: [{ id: client.credentials.url, passed, detail: `${fetched.ms} ms` }],
          raw: { ms: fetched.ms, status: fetched.status },
        };
      },
    },
  ],
});
