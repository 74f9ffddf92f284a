import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from "node:crypto";
import { isoCBOR } from "@simplewebauthn/server/helpers";

// A passkey authenticator in software, for the HTTP tests that need no browser: an ES256 key, the
// authenticator data WebAuthn defines (rpIdHash, flags, counter, attested credential data), "none"
// attestation, and assertions signed over authenticatorData ‖ SHA-256(clientDataJSON). It answers
// for whatever origin it is told, so a test can also answer as another site would.

const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

const b64url = (bytes: Buffer | Uint8Array) => Buffer.from(bytes).toString("base64url");
const sha256 = (data: Buffer | string) => createHash("sha256").update(data).digest();

export interface AnswerOptions {
  /** The origin the "browser" claims in clientDataJSON (default: the authenticator's own). */
  origin?: string;
  /** The user verified (PIN, fingerprint): true unless a test says otherwise. */
  userVerified?: boolean;
  /** Answer this challenge instead of the options'. */
  challenge?: string;
}

export class SoftAuthenticator {
  readonly credentialId = randomBytes(32);
  private readonly privateKey: KeyObject;
  private readonly cosePublicKey: Uint8Array;
  private counter = 0;
  /** The user handle the account's registration options gave (answered back on sign-in, as a resident key does). */
  userHandle: string | null = null;

  constructor(readonly origin: string) {
    const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
    this.privateKey = privateKey;
    const jwk = publicKey.export({ format: "jwk" });
    const cose = new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, new Uint8Array(Buffer.from(jwk.x!, "base64url"))],
      [-3, new Uint8Array(Buffer.from(jwk.y!, "base64url"))],
    ]);
    this.cosePublicKey = isoCBOR.encode(cose);
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  private authData(rpId: string, flags: number, attested: boolean): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(this.counter);
    const parts = [sha256(rpId), Buffer.from([flags]), count];
    if (attested) {
      const length = Buffer.alloc(2);
      length.writeUInt16BE(this.credentialId.length);
      parts.push(Buffer.alloc(16), length, this.credentialId, Buffer.from(this.cosePublicKey));
    }
    return Buffer.concat(parts);
  }

  private clientData(type: string, challenge: string, origin: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** navigator.credentials.create() for registration options, as @simplewebauthn/browser sends it back. */
  register(options: { challenge: string; rp: { id?: string }; user: { id: string } }, answer: AnswerOptions = {}) {
    const origin = answer.origin ?? this.origin;
    const rpId = options.rp.id ?? new URL(origin).hostname;
    this.userHandle = options.user.id;
    const authData = this.authData(rpId, UP | (answer.userVerified === false ? 0 : UV) | AT, true);
    const attestationObject = isoCBOR.encode(new Map<string, unknown>([["fmt", "none"], ["attStmt", new Map()], ["authData", new Uint8Array(authData)]]) as never);
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key" as const,
      clientExtensionResults: {},
      authenticatorAttachment: "platform" as const,
      response: {
        clientDataJSON: b64url(this.clientData("webauthn.create", answer.challenge ?? options.challenge, origin)),
        attestationObject: b64url(attestationObject),
        transports: ["internal"],
      },
    };
  }

  /** navigator.credentials.get() for authentication options: the counter moves on by one each time. */
  authenticate(options: { challenge: string; rpId?: string }, answer: AnswerOptions = {}) {
    const origin = answer.origin ?? this.origin;
    this.counter += 1;
    const authData = this.authData(options.rpId ?? new URL(origin).hostname, UP | (answer.userVerified === false ? 0 : UV), false);
    const clientDataJSON = this.clientData("webauthn.get", answer.challenge ?? options.challenge, origin);
    const signature = sign("sha256", Buffer.concat([authData, sha256(clientDataJSON)]), this.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key" as const,
      clientExtensionResults: {},
      authenticatorAttachment: "platform" as const,
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        ...(this.userHandle ? { userHandle: this.userHandle } : {}),
      },
    };
  }
}
