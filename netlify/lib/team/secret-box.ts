/**
 * Secrets at rest (the TOTP secrets of staff accounts): AES-256-GCM under a key derived from AUTH_SECRET
 * with HKDF-SHA-256, a fresh 12-byte nonce per secret. Written `v1.<nonce>.<tag>.<ciphertext>` (base64url).
 * Changing AUTH_SECRET makes every stored secret unreadable: the people concerned enrol again.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

type Env = Record<string, string | undefined>;

/** The key of a purpose, derived from AUTH_SECRET (a secret of at least 32 bytes is required). */
function keyOf(purpose: string, env: Env): Buffer {
  const secret = env.AUTH_SECRET ?? '';
  if (Buffer.byteLength(secret) < 32) throw new Error('AUTH_SECRET is missing or shorter than 32 bytes: no secret can be encrypted');
  return Buffer.from(hkdfSync('sha256', secret, 'vision-caraibes-secret-box', purpose, 32));
}

/** A secret sealed for storage. */
export function sealSecret(plain: string, purpose: string, env: Env = process.env): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(purpose, env), nonce);
  const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', nonce, cipher.getAuthTag(), ciphertext].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
}

/** The secret a sealed text holds; undefined when it was altered or sealed under another AUTH_SECRET. */
export function openSecret(sealed: string, purpose: string, env: Env = process.env): string | undefined {
  const [version, nonce, tag, ciphertext] = sealed.split('.');
  if (version !== 'v1' || nonce === undefined || tag === undefined || ciphertext === undefined) return undefined;
  const key = keyOf(purpose, env);
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return undefined;
  }
}
