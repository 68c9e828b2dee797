import { randomUUID } from 'node:crypto';
import { and, eq, gt, inArray, or, sql } from 'drizzle-orm';
import { type JWK, type JWTPayload, SignJWT, exportJWK, generateKeyPair, importJWK, jwtVerify, errors as joseErrors } from 'jose';
import type { Db, DbTransaction } from '../../../db/client.ts';
import { authSigningKeys } from '../../../db/schema/auth.ts';
import type { Sealer } from './sealing.ts';

type CryptoKeyLike = Awaited<ReturnType<typeof importJWK>>;
/** Checked tokens remembered per process (a few MB at most). */
const VERIFIED_TOKENS_KEPT = 10_000;

export interface SigningKeysOptions {
  db: Db;
  sealer: Sealer;
  issuer: string;
  /** Access-token lifetime: a retired key stays published at least this long. */
  tokenLifetimeSeconds: number;
  /** 0 = never rotate automatically. */
  rotationDays: number;
}

const ALG = 'ES256';
/** auth-js caches the key set for 10 minutes; publish a successor longer than that before it signs. */
const PUBLISH_AHEAD_MS = 60 * 60_000;
const JWKS_CACHE_MS = 10 * 60_000;
/** The anon and service-role keys are minted for ten years; retiring their signing key ends them. */
const API_KEY_LIFETIME_SECONDS = 10 * 365 * 86_400;
const RELOAD_INTERVAL_MS = 5 * 60_000;

interface LoadedKey {
  kid: string;
  status: 'next' | 'current' | 'retired';
  publicJwk: JWK;
  publicKey: CryptoKeyLike;
}

/**
 * ES256 signing keys kept in `auth.signing_keys`: created on first start, published at
 * /.well-known/jwks.json, rotated without signing anyone out (a successor is published an hour
 * before it signs; a retired key stays published until its last token has expired).
 */
export class SigningKeys {
  private readonly options: SigningKeysOptions;
  private published = new Map<string, LoadedKey>();
  private signer: { kid: string; privateKey: CryptoKeyLike; activatedAt: Date } | undefined;
  private apiKeys = { anon: '', serviceRole: '' };
  private lastReload = 0;
  private timer: NodeJS.Timeout | undefined;
  /**
   * Tokens whose signature and issuer this process has checked, with their claims and key id. An
   * ES256 check through WebCrypto cost ~0.8 ms of CPU per request (10 % of a dashboard read, issue
   * 34); the same token string always checks the same way, so it is checked once. A hit still needs
   * an unexpired `exp` and its key still published (a withdrawn key refuses its tokens at once).
   */
  private readonly verified = new Map<string, { payload: JWTPayload; kid: string; expiresAt: number }>();

  constructor(options: SigningKeysOptions) {
    this.options = options;
  }

  get issuer(): string {
    return this.options.issuer;
  }

  /** Creates the first key when there is none, runs due rotation, loads the published keys. */
  async init(): Promise<void> {
    await this.maintain();
  }

  startMaintenance(): void {
    this.timer = setInterval(() => {
      this.maintain().catch(() => undefined); // the next tick retries; tokens keep verifying meanwhile
    }, RELOAD_INTERVAL_MS);
    this.timer.unref();
  }

  stopMaintenance(): void {
    clearInterval(this.timer);
  }

  /** The public key set (current, next, and retired keys still inside their grace period). */
  jwks(): { keys: JWK[] } {
    return { keys: [...this.published.values()].map((key) => key.publicJwk) };
  }

  get anonKey(): string {
    return this.apiKeys.anon;
  }

  get serviceRoleKey(): string {
    return this.apiKeys.serviceRole;
  }

  async sign(payload: JWTPayload, expiresAt: number, issuedAt = Math.floor(Date.now() / 1000)): Promise<string> {
    if (!this.signer) throw new Error('Signing keys are not loaded');
    return new SignJWT(payload)
      .setProtectedHeader({ alg: ALG, typ: 'JWT', kid: this.signer.kid })
      .setIssuer(this.options.issuer)
      .setIssuedAt(issuedAt)
      .setExpirationTime(expiresAt)
      .sign(this.signer.privateKey);
  }

  /** Verifies signature (any published kid), `exp` (required: a token without one never ends) and `iss`; throws jose errors otherwise. */
  async verify(token: string): Promise<JWTPayload> {
    const known = this.verified.get(token);
    if (known && known.expiresAt > Date.now() && this.published.has(known.kid)) return structuredClone(known.payload);
    if (known) this.verified.delete(token);
    const { payload, protectedHeader } = await jwtVerify(token, async (header) => this.keyFor(header.kid), {
      algorithms: [ALG],
      issuer: this.options.issuer,
      requiredClaims: ['exp'],
    });
    if (protectedHeader.kid && payload.exp) {
      // Oldest first out: a Map keeps insertion order.
      if (this.verified.size >= VERIFIED_TOKENS_KEPT) this.verified.delete(this.verified.keys().next().value ?? '');
      this.verified.set(token, { payload: structuredClone(payload), kid: protectedHeader.kid, expiresAt: payload.exp * 1000 });
    }
    return payload;
  }

  /** Makes the pre-published successor (or a fresh key) the signing key now. */
  async rotate(): Promise<string> {
    const kid = await this.changeKeys(async (tx) => {
      const [next] = await tx.select().from(authSigningKeys).where(eq(authSigningKeys.status, 'next'));
      const promoted = next?.kid ?? (await this.createKey(tx, 'next'));
      await this.promote(tx, promoted);
      return promoted;
    });
    await this.reload();
    return kid;
  }

  /**
   * Every change of the keys' statuses, here and in any other process on the database, runs one at a
   * time under one lock, each seeing what the one before it committed. Unlocked, two rotations at once
   * could each retire the key the other had not yet made current and promote a different successor:
   * the second broke the one-current-key index and answered 500.
   */
  private async changeKeys<T>(work: (tx: DbTransaction) => Promise<T>): Promise<T> {
    return this.options.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('auth.signing_keys', 0))`);
      return work(tx);
    });
  }

  private async keyFor(kid: string | undefined): Promise<CryptoKeyLike> {
    if (!kid) throw new joseErrors.JWSInvalid('Token has no key id');
    let key = this.published.get(kid);
    // Another process may have rotated: look in the database at most every few seconds.
    if (!key && Date.now() - this.lastReload > 5_000) {
      await this.reload();
      key = this.published.get(kid);
    }
    if (!key) throw new joseErrors.JWKSNoMatchingKey();
    return key.publicKey;
  }

  private async maintain(): Promise<void> {
    const { rotationDays } = this.options;
    await this.changeKeys(async (tx) => {
      const keys = await tx
        .select()
        .from(authSigningKeys)
        .where(inArray(authSigningKeys.status, ['current', 'next']));
      const current = keys.find((key) => key.status === 'current');
      const next = keys.find((key) => key.status === 'next');
      if (!current) {
        await this.promote(tx, next?.kid ?? (await this.createKey(tx, 'next')));
      } else if (rotationDays > 0) {
        const rotateAt = (current.activatedAt ?? current.createdAt).getTime() + rotationDays * 86_400_000;
        if (!next && Date.now() >= rotateAt - PUBLISH_AHEAD_MS) await this.createKey(tx, 'next');
        else if (next && Date.now() >= rotateAt && Date.now() - next.createdAt.getTime() >= PUBLISH_AHEAD_MS) {
          await this.promote(tx, next.kid);
        }
      }
    });
    await this.reload();
  }

  /** Called under changeKeys' lock, which found no `next` key. */
  private async createKey(tx: DbTransaction, status: 'next'): Promise<string> {
    const { privateKey, publicKey } = await generateKeyPair(ALG, { extractable: true });
    const kid = randomUUID();
    const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: ALG, use: 'sig', key_ops: ['verify'] };
    const privateJwk = await exportJWK(privateKey);
    await tx.insert(authSigningKeys).values({ kid, status, publicJwk, privateJwk: this.options.sealer.seal(JSON.stringify(privateJwk)) });
    return kid;
  }

  private async promote(tx: DbTransaction, kid: string): Promise<void> {
    const now = new Date();
    await tx.update(authSigningKeys).set({ status: 'retired', retiredAt: now }).where(eq(authSigningKeys.status, 'current'));
    await tx.update(authSigningKeys).set({ status: 'current', activatedAt: now }).where(eq(authSigningKeys.kid, kid));
  }

  private async reload(): Promise<void> {
    const { db, sealer, tokenLifetimeSeconds } = this.options;
    const graceMs = Math.max(tokenLifetimeSeconds * 1000, 86_400_000) + JWKS_CACHE_MS;
    const rows = await db
      .select()
      .from(authSigningKeys)
      .where(
        or(
          inArray(authSigningKeys.status, ['current', 'next']),
          and(eq(authSigningKeys.status, 'retired'), gt(authSigningKeys.retiredAt, new Date(Date.now() - graceMs))),
        ),
      );
    const published = new Map<string, LoadedKey>();
    for (const row of rows) {
      const publicJwk = row.publicJwk as JWK;
      published.set(row.kid, { kid: row.kid, status: row.status, publicJwk, publicKey: await importJWK(publicJwk, ALG) });
    }
    const current = rows.find((row) => row.status === 'current');
    if (!current) throw new Error('No current signing key');
    if (this.signer?.kid !== current.kid) {
      const privateJwk = JSON.parse(sealer.open(current.privateJwk)) as JWK;
      const activatedAt = current.activatedAt ?? current.createdAt;
      this.signer = { kid: current.kid, privateKey: await importJWK(privateJwk, ALG), activatedAt };
      // Minted at activation so the keys stay the same across restarts of one signing key.
      const iat = Math.floor(activatedAt.getTime() / 1000);
      this.apiKeys = {
        anon: await this.sign({ role: 'anon' }, iat + API_KEY_LIFETIME_SECONDS, iat),
        serviceRole: await this.sign({ role: 'service_role' }, iat + API_KEY_LIFETIME_SECONDS, iat),
      };
    }
    this.published = published;
    this.lastReload = Date.now();
  }
}
