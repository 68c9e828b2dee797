import { createHash, randomBytes } from 'node:crypto';

/**
 * A person's link (issue 37 item 3): 32 random bytes, base64url, sent only in their e-mail; the database
 * keeps its SHA-256 (as the trust center's grants do), so a copy of the database opens nothing.
 */
export const newAttestationToken = () => randomBytes(32).toString('base64url');
export const hashAttestationToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The public page a link opens (web route `/attest`). The token travels in the fragment: never in a server log. */
export function attestationLink(siteOrigin: string, token: string): string {
  const url = new URL('/attest', siteOrigin);
  url.hash = `token=${token}`;
  return url.toString();
}
