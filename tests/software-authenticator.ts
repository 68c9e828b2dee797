import { createHash, createSign, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';

/**
 * A software WebAuthn authenticator (ES256, "none" attestation) for server tests, adapted from
 * supabase-js `packages/core/auth-js/test/lib/software-authenticator.ts` (MIT): it answers the
 * creation and request options a server sends with what navigator.credentials.create()/get() would
 * return, in the JSON form (credential.toJSON()) that auth-js posts.
 */

type CborValue = number | string | Uint8Array | Map<number, CborValue> | { [key: string]: CborValue };

function cborHead(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 0x100) return Buffer.from([(major << 5) | 24, length]);
  const head = Buffer.alloc(3);
  head[0] = (major << 5) | 25;
  head.writeUInt16BE(length, 1);
  return head;
}

/** Integers, byte and text strings and maps: all that attestation objects and COSE keys need. */
function cborEncode(value: CborValue): Buffer {
  if (typeof value === 'number') return value >= 0 ? cborHead(0, value) : cborHead(1, -value - 1);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([cborHead(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([cborHead(2, value.length), Buffer.from(value)]);
  const entries: [number | string, CborValue][] = value instanceof Map ? [...value.entries()] : Object.entries(value);
  return Buffer.concat([cborHead(5, entries.length), ...entries.flatMap(([key, entry]) => [cborEncode(key), cborEncode(entry)])]);
}

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const USER_PRESENT = 0x01;
const USER_VERIFIED = 0x04;
const BACKUP_ELIGIBLE = 0x08;
const BACKED_UP = 0x10;
const ATTESTED_CREDENTIAL_DATA = 0x40;

/**
 * `cross-platform`: a roaming security key (USB), which counts its signatures. `platform`: the device's
 * built-in authenticator (Touch ID, Windows Hello, a synced passkey): transport `internal`, the user
 * verified by biometrics or PIN, backed up, and a signature counter that stays 0 (synced passkeys never count).
 */
export type AuthenticatorAttachment = 'platform' | 'cross-platform';

export interface RegistrationJson {
  id: string;
  rawId: string;
  type: 'public-key';
  response: { attestationObject: string; clientDataJSON: string; transports: string[] };
  clientExtensionResults: Record<string, never>;
  authenticatorAttachment: AuthenticatorAttachment;
}

export interface AuthenticationJson {
  id: string;
  rawId: string;
  type: 'public-key';
  response: { authenticatorData: string; clientDataJSON: string; signature: string; userHandle?: string };
  clientExtensionResults: Record<string, never>;
  authenticatorAttachment: AuthenticatorAttachment;
}

export class SoftwareAuthenticator {
  readonly rpId: string;
  readonly origin: string;
  readonly attachment: AuthenticatorAttachment;
  private readonly credentialId = randomBytes(32);
  private readonly privateKey: KeyObject;
  private readonly cosePublicKey: Buffer;
  private signCount = 0;

  constructor({ rpId, origin, attachment = 'cross-platform' }: { rpId: string; origin: string; attachment?: AuthenticatorAttachment }) {
    this.rpId = rpId;
    this.origin = origin;
    this.attachment = attachment;
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = privateKey;
    const jwk = publicKey.export({ format: 'jwk' });
    this.cosePublicKey = cborEncode(
      new Map<number, CborValue>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x ?? '', 'base64url')],
        [-3, Buffer.from(jwk.y ?? '', 'base64url')],
      ]),
    );
  }

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin = this.origin): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }), 'utf8');
  }

  /** The authenticator data's flags beside user presence (and attested credential data on creation). */
  private flags(): number {
    return this.attachment === 'platform' ? USER_PRESENT | USER_VERIFIED | BACKUP_ELIGIBLE | BACKED_UP : USER_PRESENT;
  }

  private rpIdHash(): Buffer {
    return createHash('sha256').update(this.rpId, 'utf8').digest();
  }

  /** navigator.credentials.create() for the server's options (the challenge, base64url). */
  create(challenge: string): RegistrationJson {
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length, 0);
    const authData = Buffer.concat([
      this.rpIdHash(),
      Buffer.from([this.flags() | ATTESTED_CREDENTIAL_DATA]),
      Buffer.alloc(4),
      Buffer.alloc(16),
      idLength,
      this.credentialId,
      this.cosePublicKey,
    ]);
    const id = b64url(this.credentialId);
    return {
      id,
      rawId: id,
      type: 'public-key',
      response: {
        attestationObject: b64url(cborEncode({ fmt: 'none', attStmt: {}, authData })),
        clientDataJSON: b64url(this.clientData('webauthn.create', challenge)),
        transports: this.attachment === 'platform' ? ['internal'] : ['usb'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: this.attachment,
    };
  }

  /** navigator.credentials.get(); `origin` lets a test play a page of another site. */
  get(challenge: string, origin = this.origin): AuthenticationJson {
    if (this.attachment === 'cross-platform') this.signCount += 1;
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(this.signCount, 0);
    const authenticatorData = Buffer.concat([this.rpIdHash(), Buffer.from([this.flags()]), counter]);
    const clientData = this.clientData('webauthn.get', challenge, origin);
    const signature = createSign('SHA256')
      .update(Buffer.concat([authenticatorData, createHash('sha256').update(clientData).digest()]))
      .sign(this.privateKey);
    const id = b64url(this.credentialId);
    return {
      id,
      rawId: id,
      type: 'public-key',
      response: { authenticatorData: b64url(authenticatorData), clientDataJSON: b64url(clientData), signature: b64url(signature) },
      clientExtensionResults: {},
      authenticatorAttachment: this.attachment,
    };
  }
}
