import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Secrets the server must read back (private signing keys, TOTP secrets) are sealed with
 * AES-256-GCM under a key derived from AUTH_SECRET. Without AUTH_SECRET they are stored marked
 * `plain:` so a deployment can add the secret later; values sealed under a secret need it to open.
 */
export interface Sealer {
  seal(plaintext: string): string;
  open(sealed: string): string;
}

export function createSealer(secret: string | undefined): Sealer {
  const key = secret ? createHash('sha256').update(`compliancecore-auth-seal:${secret}`).digest() : undefined;
  return {
    seal(plaintext) {
      if (!key) return `plain:${plaintext}`;
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return `v1:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
    },
    open(sealed) {
      if (sealed.startsWith('plain:')) return sealed.slice('plain:'.length);
      if (!sealed.startsWith('v1:')) throw new Error('Unknown sealed value format');
      if (!key) throw new Error('A sealed auth secret needs AUTH_SECRET to be opened');
      const raw = Buffer.from(sealed.slice(3), 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    },
  };
}
