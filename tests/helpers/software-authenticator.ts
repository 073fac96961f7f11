/**
 * A software WebAuthn authenticator for server tests, no browser needed: an ES256 key pair from
 * node:crypto, answering registration options with a 'none' attestation (CBOR: fmt, attStmt, authData
 * carrying the rpIdHash, flags UP|UV|AT, the counter, the credential id and its COSE public key) and
 * sign-in options with an assertion (authenticatorData || SHA-256(clientDataJSON) signed, DER).
 * Its origin and counter can be set to play a phishing page or a cloned key.
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';
import type { AuthenticationResponseJSON, PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON, RegistrationResponseJSON } from '@simplewebauthn/server';

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

const b64url = (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string): Buffer => createHash('sha256').update(data).digest();
const uint32 = (value: number): Buffer => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value);
  return bytes;
};

export class SoftwareAuthenticator {
  readonly credentialId = randomBytes(16);
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;
  /** The signature counter: incremented before each assertion (set it back to play a cloned key). */
  counter = 0;
  /** The user handle given at registration, returned with each assertion. */
  private userHandle = '';

  constructor(
    /** The origin the browser would put in clientDataJSON. */
    public origin: string,
    private readonly rpID: string,
  ) {
    ({ privateKey: this.privateKey, publicKey: this.publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' }));
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  private clientData(type: string, challenge: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin: this.origin, crossOrigin: false }));
  }

  /** The COSE_Key of the public key: kty EC2, alg ES256, crv P-256, x, y. */
  private cosePublicKey(): Uint8Array {
    const jwk = this.publicKey.export({ format: 'jwk' });
    return isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, isoBase64URL.toBuffer(jwk.x!)],
        [-3, isoBase64URL.toBuffer(jwk.y!)],
      ]),
    );
  }

  /** What navigator.credentials.create() would answer. */
  register(options: PublicKeyCredentialCreationOptionsJSON): RegistrationResponseJSON {
    this.userHandle = options.user.id;
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const authData = Buffer.concat([
      sha256(this.rpID),
      Buffer.from([FLAG_UP | FLAG_UV | FLAG_AT]),
      uint32(this.counter),
      Buffer.alloc(16), // AAGUID: zeros, as a 'none' attestation may send
      idLength,
      this.credentialId,
      this.cosePublicKey(),
    ]);
    const noStatement = new Map<string, string>();
    const attestationObject = isoCBOR.encode(new Map<string, string | Uint8Array | Map<string, string>>([['fmt', 'none'], ['attStmt', noStatement], ['authData', authData]]));
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: { clientDataJSON: b64url(this.clientData('webauthn.create', options.challenge)), attestationObject: b64url(attestationObject), transports: ['internal'] },
      clientExtensionResults: {},
    };
  }

  /** What navigator.credentials.get() would answer (the counter grows by one first). */
  authenticate(options: PublicKeyCredentialRequestOptionsJSON): AuthenticationResponseJSON {
    this.counter += 1;
    const authenticatorData = Buffer.concat([sha256(this.rpID), Buffer.from([FLAG_UP | FLAG_UV]), uint32(this.counter)]);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge);
    const signature = sign('sha256', Buffer.concat([authenticatorData, sha256(clientDataJSON)]), this.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: { clientDataJSON: b64url(clientDataJSON), authenticatorData: b64url(authenticatorData), signature: b64url(signature), userHandle: this.userHandle },
      clientExtensionResults: {},
    };
  }
}
