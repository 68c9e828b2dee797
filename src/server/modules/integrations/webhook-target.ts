import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';
import { AppError } from '../../app-error.ts';

/**
 * Webhook targets must be public addresses (docs/integrations.md, "Webhook targets"): a webhook must not
 * make the server POST to itself, its network or the cloud metadata service (SSRF). Checked when a
 * webhook is created and again right before each delivery (DNS can change); deliveries follow no redirect.
 */

/** Resolves a host name to every address it has (node:dns by default; tests give their own). */
export type ResolveHost = (hostname: string) => Promise<string[]>;

const resolveWithDns: ResolveHost = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);

/**
 * Only global unicast: not loopback, private (RFC 1918), link-local (169.254/16, cloud metadata), CGNAT
 * (100.64/10), 0.0.0.0/8, multicast, broadcast or reserved; for IPv6 not ::1, ::, fc00::/7, fe80::/10,
 * multicast, and an IPv4-mapped address is judged as its IPv4 address.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.process(address); // ::ffff:10.0.0.1 → 10.0.0.1
  return parsed.range() === 'unicast';
}

const refuse = (url: string, why: string) =>
  new AppError('WEBHOOK_TARGET_NOT_PUBLIC', `Webhooks deliver to public addresses only: ${url} ${why}.`);

/** Throws WEBHOOK_TARGET_NOT_PUBLIC unless every address the URL's host stands for is public. */
export async function assertPublicWebhookTarget(url: string, resolve: ResolveHost = resolveWithDns): Promise<void> {
  let hostname: string;
  try {
    hostname = new URL(url).hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  } catch {
    throw refuse(url, 'is not a URL');
  }
  if (hostname === 'localhost' || hostname.endsWith('.localhost')) throw refuse(url, 'names this machine');
  if (ipaddr.isValid(hostname)) {
    if (!isPublicAddress(hostname)) throw refuse(url, 'is not a public address');
    return;
  }
  let addresses: string[];
  try {
    addresses = await resolve(hostname);
  } catch {
    throw refuse(url, 'does not resolve');
  }
  if (addresses.length === 0) throw refuse(url, 'does not resolve');
  const inside = addresses.find((address) => !isPublicAddress(address));
  if (inside) throw refuse(url, `resolves to ${inside}, not a public address`);
}
