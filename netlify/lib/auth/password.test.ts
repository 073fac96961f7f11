import { describe, expect, it } from 'vitest';
import { hashPassword, safeEqual, verifyPassword } from './password';

describe('password hashes', () => {
  it('a scrypt hash verifies its password and no other', async () => {
    const hash = await hashPassword('Caraïbes-2026!');
    expect(hash).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(await verifyPassword('Caraïbes-2026!', hash)).toBe(true);
    expect(await verifyPassword('caraïbes-2026!', hash)).toBe(false);
  });

  it('two hashes of one password differ (random salt)', async () => {
    expect(await hashPassword('x')).not.toBe(await hashPassword('x'));
  });

  it('a malformed hash never matches', async () => {
    expect(await verifyPassword('x', 'x')).toBe(false);
    expect(await verifyPassword('x', 'scrypt$a$b$c$d$e')).toBe(false);
  });

  it('compares strings of any length', () => {
    expect(safeEqual('admin', 'admin')).toBe(true);
    expect(safeEqual('admin', 'admin2')).toBe(false);
    expect(safeEqual('', '')).toBe(true);
    expect(safeEqual('', 'a')).toBe(false);
  });
});
