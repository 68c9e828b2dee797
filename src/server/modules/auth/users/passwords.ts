import fs from 'node:fs';
import path from 'node:path';
import { type Algorithm, hash, verify } from '@node-rs/argon2';
import bcrypt from 'bcryptjs';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../../../shared/schemas/auth.ts';
import { GoTrueError, errors } from '../gotrue-errors.ts';

/** OWASP's argon2id recommendation (19 MiB, 2 iterations, 1 lane). `Algorithm` is an ambient const enum: 2 = Argon2id. */
const ARGON2_OPTIONS = { algorithm: 2 as Algorithm, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** Verifies argon2id hashes and bcrypt hashes imported from Supabase (`$2a$`/`$2b$`/`$2y$`). */
export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  if (!stored) {
    await hash(password, ARGON2_OPTIONS); // same work as a real check: no timing hint that the user has no password
    return false;
  }
  if (stored.startsWith('$argon2')) return verify(stored, password);
  if (/^\$2[aby]\$/.test(stored)) return bcrypt.compare(password, stored);
  return false;
}

/** True when a stored hash should be replaced by a fresh argon2id one after a successful sign-in. */
export function needsRehash(stored: string): boolean {
  return !stored.startsWith('$argon2id$');
}

let common: Set<string> | undefined;
/** The most common passwords from commonly published lists (common-passwords.txt, one per line). */
function commonPasswords(): Set<string> {
  common ??= new Set(
    fs
      .readFileSync(path.join(import.meta.dirname, 'common-passwords.txt'), 'utf8')
      .split('\n')
      .map((line) => line.trim().toLowerCase())
      .filter((line) => line !== '' && !line.startsWith('#')),
  );
  return common;
}

export interface PasswordProblem {
  reasons: ('length' | 'characters' | 'pwned')[];
  message: string;
}

/** The policy, reported in GoTrue's `weak_password` shape (auth-wire.md §1.6). */
export function checkPasswordPolicy(password: string): PasswordProblem | undefined {
  const reasons: PasswordProblem['reasons'] = [];
  const messages: string[] = [];
  if ([...password].length < PASSWORD_MIN_LENGTH) {
    reasons.push('length');
    messages.push(`Password should be at least ${PASSWORD_MIN_LENGTH} characters.`);
  }
  if (commonPasswords().has(password.toLowerCase())) {
    reasons.push('pwned');
    messages.push('Password is known to be weak and easy to guess, please choose a different one.');
  }
  return reasons.length > 0 ? { reasons, message: messages.join(' ') } : undefined;
}

/** No 72-byte cap as with bcrypt: argon2id has none; PASSWORD_MAX_LENGTH only bounds the hashing work. */
export async function checkedPasswordHash(password: string): Promise<string> {
  if ([...password].length > PASSWORD_MAX_LENGTH)
    throw errors.validation(`Password cannot be longer than ${PASSWORD_MAX_LENGTH} characters`);
  const weak = checkPasswordPolicy(password);
  if (weak) throw new GoTrueError(422, 'weak_password', weak.message, { weak_password: { reasons: weak.reasons } });
  return hashPassword(password);
}
