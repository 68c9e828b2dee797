import { lookup } from 'node:dns/promises';
import { AppError } from '../../app-error.ts';
import { isPublicAddress } from '../integrations/webhook-target.ts';
import type { ConnectorDefinition } from './connector-types.ts';

/**
 * A connection reads the endpoint its credentials name (a GitHub Enterprise host, an AWS-compatible
 * endpoint, an Okta org, a JSON URL): never one inside our own network (SSRF), unless
 * CONNECTOR_ALLOW_PRIVATE_ENDPOINTS says so (tests' local providers, a developer's machine).
 */
export async function assertPublicEndpoints(
  connector: ConnectorDefinition,
  credentials: Readonly<Record<string, unknown>>,
  allowPrivate: boolean,
): Promise<void> {
  if (allowPrivate) return;
  for (const field of connector.credentialFields) {
    const value = credentials[field.key];
    if (field.kind !== 'url' || typeof value !== 'string' || value === '') continue;
    const refuse = (why: string) =>
      new AppError('CONNECTOR_ENDPOINT_NOT_PUBLIC', `Connectors read public endpoints only: ${field.label} ${why}.`, [
        { path: `body.credentials.${field.key}`, message: why },
      ]);
    let hostname: string;
    try {
      hostname = new URL(value).hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
    } catch {
      throw refuse('is not a URL');
    }
    if (hostname === 'localhost' || hostname.endsWith('.localhost')) throw refuse('names this machine');
    const addresses = await lookup(hostname, { all: true, verbatim: true }).then(
      (entries) => entries.map((entry) => entry.address),
      () => [] as string[],
    );
    if (addresses.length === 0) throw refuse('does not resolve');
    if (!addresses.every(isPublicAddress)) throw refuse('is not a public address');
  }
}
