import type { z } from 'zod';
import type { CheckResource, ConnectorId, CredentialField } from '../../../shared/schemas/connectors.ts';

/**
 * What a connector declares (docs/connectors.md): the credentials it needs (zod), how it makes its SDK
 * client, who the credentials say they are (`identify`, the connection test), and its checks, each with
 * the common controls (data/catalogue) it evidences and a run function that reads the provider.
 */

export interface CheckContext {
  /** Aborted when the check's time is up. */
  signal: AbortSignal;
  now: Date;
}

/** What a check found: every resource it looked at with pass/fail, and the provider's answers, raw. */
export interface CheckOutput {
  summary: string;
  resources: CheckResource[];
  /** The provider's answers as they came (stored as the evidence file, with its SHA-256). */
  raw: unknown;
  /** Passes without resources (a setting): the check's own verdict; otherwise every resource must pass. */
  passed?: boolean;
}

export interface ConnectorCheckDefinition<Client> {
  id: string;
  title: string;
  controlIds: readonly string[];
  run(client: Client, context: CheckContext): Promise<CheckOutput>;
}

export interface ConnectorDefinition<Credentials = unknown, Client = unknown> {
  id: ConnectorId;
  name: string;
  description: string;
  credentialFields: readonly CredentialField[];
  credentials: z.ZodType<Credentials>;
  /** The SDK client; `timeoutMs` bounds each request. */
  connect(credentials: Credentials, options: { timeoutMs: number }): Client;
  /** Who the credentials are, in a few words (`octo-org`, an account id); throws when they do not work. */
  identify(client: Client, context: CheckContext): Promise<string>;
  checks: readonly ConnectorCheckDefinition<Client>[];
}

/** Declares a connector with its credential and client types tied together. */
export function defineConnector<Credentials, Client>(definition: ConnectorDefinition<Credentials, Client>): ConnectorDefinition {
  return definition as unknown as ConnectorDefinition;
}

/** The provider refused the credentials (401, or a 403 on the identity call): the whole run stops and says so. */
export class CredentialsRefusedError extends Error {}

/** The HTTP status an SDK's error carries, wherever that SDK keeps it (Octokit, AWS, gaxios, Okta, fetch). */
export function providerStatusOf(error: unknown): number | null {
  if (typeof error !== 'object' || error === null) return null;
  const candidate = error as {
    status?: unknown;
    statusCode?: unknown;
    response?: { status?: unknown };
    $metadata?: { httpStatusCode?: unknown };
  };
  for (const value of [candidate.status, candidate.statusCode, candidate.response?.status, candidate.$metadata?.httpStatusCode]) {
    if (typeof value === 'number') return value;
    if (typeof value === 'string' && /^\d{3}$/.test(value)) return Number(value);
  }
  return null;
}

/** Why a call failed, in words a person can act on. */
export function describeProviderError(error: unknown): string {
  const status = providerStatusOf(error);
  const message = error instanceof Error ? error.message : String(error);
  const name = error instanceof Error ? error.name : '';
  if (name === 'AbortError' || name === 'TimeoutError' || /aborted|timed? ?out/i.test(message))
    return 'The provider did not answer in time.';
  if (isCredentialsRefused(error)) return `The provider refused the credentials${status ? ` (${status})` : ''}: ${message.slice(0, 200)}`;
  if (status === 403) return `The credentials lack a read permission this check needs (403): ${message.slice(0, 200)}`;
  if (status === 429) return 'The provider kept answering 429 (rate limited) after retries.';
  if (status !== null && status >= 500) return `The provider answered ${status} after retries.`;
  return `${status ? `${status}: ` : ''}${message.slice(0, 300)}`;
}

/** Whether the error says the credentials themselves are refused (not one permission missing). */
export function isCredentialsRefused(error: unknown): boolean {
  if (error instanceof CredentialsRefusedError) return true;
  if (providerStatusOf(error) === 401) return true;
  const name = error instanceof Error ? error.name : '';
  return ['InvalidClientTokenId', 'SignatureDoesNotMatch', 'UnrecognizedClientException', 'ExpiredToken', 'AuthFailure'].includes(name);
}

/** Resource ids and pass/fail for many items, and the usual summary. */
export function resourcesOutput(
  items: readonly { id: string; passed: boolean; detail: string }[],
  raw: unknown,
  words: { what: string; failing: string },
): CheckOutput {
  const failing = items.filter((item) => !item.passed);
  return {
    summary:
      failing.length === 0
        ? `All ${items.length} ${words.what} pass.`
        : `${failing.length} of ${items.length} ${words.what} ${words.failing}.`,
    resources: items.map((item) => ({ id: item.id, passed: item.passed, detail: item.detail })),
    raw,
  };
}
