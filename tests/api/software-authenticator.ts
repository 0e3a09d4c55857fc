import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from "node:crypto";

/**
 * A passkey authenticator in software, for testing the /api without a browser: it makes
 * an ES256 key pair, answers registration options with a 'none' attestation and sign-in
 * options with an assertion, built byte by byte as the WebAuthn spec lays them out.
 */

/** The few CBOR types WebAuthn needs: maps, byte and text strings, small integers. */
type Cbor = number | string | Uint8Array | Map<Cbor, Cbor>;

function head(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 256) return Buffer.from([(major << 5) | 24, length]);
  const out = Buffer.alloc(3);
  out[0] = (major << 5) | 25;
  out.writeUInt16BE(length, 1);
  return out;
}

export function cbor(value: Cbor): Buffer {
  if (typeof value === "number") return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === "string") return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  const parts = [head(5, value.size)];
  for (const [key, item] of value) parts.push(cbor(key), cbor(item));
  return Buffer.concat(parts);
}

const sha256 = (data: Buffer | string) => createHash("sha256").update(data).digest();
const b64url = (data: Buffer | Uint8Array) => Buffer.from(data).toString("base64url");

/** Flags of authenticator data: user present, user verified, attested credential data. */
const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

export interface SoftwareAuthenticatorOptions {
  origin?: string;
  rpId?: string;
  /** Whether it tells the site it checked who holds it (a PIN, a fingerprint). */
  verifiesUser?: boolean;
}

export class SoftwareAuthenticator {
  readonly credentialId = randomBytes(16);
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;
  counter = 0;
  userHandle: string | undefined;

  constructor(private readonly settings: SoftwareAuthenticatorOptions = {}) {
    const pair = generateKeyPairSync("ec", { namedCurve: "P-256" });
    this.privateKey = pair.privateKey;
    this.publicKey = pair.publicKey;
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  private get origin() {
    return this.settings.origin ?? "http://localhost";
  }

  private authData(flags: number, extra: Buffer = Buffer.alloc(0)): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(this.counter);
    const uv = this.settings.verifiesUser === false ? 0 : UV;
    return Buffer.concat([sha256(this.settings.rpId ?? "localhost"), Buffer.from([flags | uv]), count, extra]);
  }

  private clientData(type: string, challenge: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin: this.origin, crossOrigin: false }));
  }

  /** The PublicKeyCredential both ceremonies answer with, around the `response` each makes. */
  private credential<Response>(response: Response) {
    return { id: this.id, rawId: this.id, type: "public-key", clientExtensionResults: {}, response };
  }

  /** What navigator.credentials.create() answers, as @simplewebauthn/browser sends it on. */
  register(options: { challenge: string; user: { id: string } }) {
    this.userHandle = options.user.id;
    const jwk = this.publicKey.export({ format: "jwk" });
    const coseKey = new Map<Cbor, Cbor>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(jwk.x ?? "", "base64url")],
      [-3, Buffer.from(jwk.y ?? "", "base64url")],
    ]);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, this.credentialId, cbor(coseKey)]);
    const attestation = new Map<Cbor, Cbor>([
      ["fmt", "none"],
      ["attStmt", new Map()],
      ["authData", this.authData(UP | AT, attested)],
    ]);
    return this.credential({
      clientDataJSON: b64url(this.clientData("webauthn.create", options.challenge)),
      attestationObject: b64url(cbor(attestation)),
      transports: ["internal"],
    });
  }

  /** What navigator.credentials.get() answers; each signature counts one up. */
  authenticate(options: { challenge: string }, { counter = this.counter + 1 } = {}) {
    this.counter = counter;
    const authenticatorData = this.authData(UP);
    const clientDataJSON = this.clientData("webauthn.get", options.challenge);
    const signature = sign("sha256", Buffer.concat([authenticatorData, sha256(clientDataJSON)]), this.privateKey);
    return this.credential({
      clientDataJSON: b64url(clientDataJSON),
      authenticatorData: b64url(authenticatorData),
      signature: b64url(signature),
      userHandle: this.userHandle,
    });
  }
}
