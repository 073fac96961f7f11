/** The part of http_ece (Encrypted Content-Encoding for HTTP, RFC 8188) the push tests use: decrypting a push as the device would. */
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';
  const ece: {
    decrypt(buffer: Buffer, params: { version: 'aes128gcm'; privateKey: ECDH; authSecret: Buffer }): Buffer;
  };
  export default ece;
}
