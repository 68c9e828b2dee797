/**
 * Host names reserved for documentation and testing (RFC 2606, RFC 6761): they never name a real
 * publication, so a link to one is a placeholder that leads nowhere.
 */

const RESERVED_DOMAINS = ['example.com', 'example.net', 'example.org'];
const RESERVED_TOP_LEVEL = new Set(['example', 'test', 'invalid', 'localhost']);

export function isReservedExampleHost(host: string): boolean {
  const name = host.trim().toLowerCase().replace(/\.$/, '');
  const topLevel = name.split('.').at(-1) ?? '';
  if (RESERVED_TOP_LEVEL.has(topLevel)) return true;
  return RESERVED_DOMAINS.some((domain) => name === domain || name.endsWith(`.${domain}`));
}

/** Whether an absolute URL points at a reserved host; anything that does not parse as a URL is not. */
export function isReservedExampleUrl(url: string): boolean {
  if (!URL.canParse(url)) return false;
  return isReservedExampleHost(new URL(url).hostname);
}
