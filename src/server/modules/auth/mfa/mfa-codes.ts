import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

/** pquerna/otp's parameters, as GoTrue uses them: SHA-1, 6 digits, 30 s, ±1 step (auth-wire.md §2.10). */
function totpFor(secretBase32: string, issuer: string, account: string): TOTP {
  return new TOTP({ issuer, label: account, algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secretBase32) });
}

export async function newTotpSecret(issuer: string, account: string): Promise<{ secret: string; uri: string; qrCode: string }> {
  const secret = new Secret({ size: 20 }).base32;
  const uri = totpFor(secret, issuer, account).toString();
  // Raw SVG markup: auth-js itself prefixes `data:image/svg+xml;utf-8,` (auth-wire.md §7 trap 7).
  // qrcode and its PNG encoder (57 modules) load at the first enrolment, not with the server.
  const { default: QRCode } = await import('qrcode');
  const qrCode = await QRCode.toString(uri, { type: 'svg', margin: 1 });
  return { secret, uri, qrCode };
}

export function checkTotp(secretBase32: string, code: string): boolean {
  if (!/^\d{6}$/.test(code)) return false;
  return totpFor(secretBase32, 'x', 'x').validate({ token: code, window: 1 }) !== null;
}

export function newSmsCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

export function hashSmsCode(challengeId: string, code: string): string {
  return createHash('sha256').update(`${challengeId}:${code}`).digest('hex');
}

export function checkSmsCode(challengeId: string, storedHash: string, code: string): boolean {
  const a = Buffer.from(hashSmsCode(challengeId, code.trim()));
  const b = Buffer.from(storedHash);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** E.164 with or without `+`; returned without it, as GoTrue stores phones. */
export function normalizePhone(phone: string): string | undefined {
  const digits = phone.replaceAll(/[\s()-]/g, '').replace(/^\+/, '');
  return /^[1-9]\d{6,14}$/.test(digits) ? digits : undefined;
}
