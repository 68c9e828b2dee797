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

/** IPv6 global unicast (RFC 4291 §2.4); every other IPv6 block is special-purpose or unassigned. */
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');

/**
 * Only global unicast: not loopback, private (RFC 1918), link-local (169.254/16, cloud metadata), CGNAT
 * (100.64/10), 0.0.0.0/8, multicast, broadcast or reserved. An IPv4-mapped IPv6 address
 * (::ffff:a.b.c.d) is judged as its IPv4 address. Any other IPv6 address must lie in 2000::/3 and in
 * none of its special blocks: that refuses ::1, ::, fc00::/7, fe80::/10, multicast, and every form
 * that carries an IPv4 address to a gateway or a host stack that may unwrap it to a private or
 * loopback one (issue 31): IPv4-compatible ::/96 (`::7f00:1`), SIIT ::ffff:0:0:0/96, NAT64
 * 64:ff9b::/96 and 64:ff9b:1::/48, 6to4 2002::/16, Teredo 2001::/32.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.process(address); // ::ffff:10.0.0.1 → 10.0.0.1
  if (parsed.range() !== 'unicast') return false;
  // ipaddr.js calls every IPv6 address outside its named blocks unicast, ::/96 (IPv4-compatible) included.
  return parsed.kind() === 'ipv4' || ipaddr.IPv6.parse(parsed.toString()).match(GLOBAL_UNICAST_V6);
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
