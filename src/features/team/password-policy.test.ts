import { describe, expect, it } from 'vitest';
import { PASSWORD_PERSONAL, PASSWORD_TOO_LONG, PASSWORD_TOO_SHORT, PASSWORD_WEAK, checkPassword, personalWords } from './password-policy.ts';

const marie = { name: 'Marie-Hélène Joseph', email: 'mh.joseph@vision-caraibes.fr' };

describe('the password rule of staff accounts', () => {
  it('a long, uncommon passphrase is accepted', async () => {
    expect(await checkPassword('gommier-vanille-tambour-lagon', marie)).toEqual({ ok: true });
    expect(await checkPassword('Zq8!vT3#pL0@wR', marie)).toEqual({ ok: true });
  });

  it('fewer than 12 characters is refused as too short, whatever its strength', async () => {
    expect(await checkPassword('Zq8!vT3#pL0', marie)).toEqual({ ok: false, reason: PASSWORD_TOO_SHORT });
  });

  it('12 characters counted as a person sees them (an emoji is one)', async () => {
    expect(await checkPassword('🌴🌴🌴🌴🌴🌴', marie)).toEqual({ ok: false, reason: PASSWORD_TOO_SHORT });
  });

  it('more than 200 characters is refused', async () => {
    expect(await checkPassword('x'.repeat(201), marie)).toEqual({ ok: false, reason: PASSWORD_TOO_LONG });
  });

  it("a password containing the person's name (accents and case ignored) is refused", async () => {
    expect(await checkPassword('helene-gommier-vanille-lagon', marie)).toEqual({ ok: false, reason: PASSWORD_PERSONAL });
    expect(await checkPassword('JOSEPH-tambour-vanille-lagon', marie)).toEqual({ ok: false, reason: PASSWORD_PERSONAL });
  });

  it("a password containing the e-mail's local part is refused", async () => {
    expect(await checkPassword('tambour-mh.joseph-vanille', { email: 'mh.joseph@vision-caraibes.fr' })).toEqual({ ok: false, reason: PASSWORD_PERSONAL });
  });

  it('the words of a person are the name parts and the address pieces of three letters or more', async () => {
    expect(personalWords({ name: 'Jean d’Arc Lé', email: 'j.arc+vc@exemple.fr' })).toEqual(['jean', 'arc', 'j.arc+vc']);
  });

  it('a common password is refused with the French reason zxcvbn gives', async () => {
    expect(await checkPassword('password1234', marie)).toEqual({ ok: false, reason: 'Ce mot de passe est similaire à un mot de passe couramment utilisé.' });
  });

  it('a keyboard row is refused as a keyboard pattern', async () => {
    const verdict = await checkPassword('azertyuiopqsdf', marie);
    expect(verdict).toEqual({ ok: false, reason: expect.stringMatching(/clavier/) });
  });

  it('a repeated character is refused as a repetition, the example in French quotation marks', async () => {
    const verdict = await checkPassword('aaaaaaaaaaaaaa', marie);
    expect(verdict).toEqual({ ok: false, reason: expect.stringMatching(/répétés.*«\u00a0aaa\u00a0»/) });
  });

  it('a weak password without a warning of zxcvbn gets the general reason', async () => {
    expect(await checkPassword('bonjour123456', marie)).toEqual({ ok: false, reason: PASSWORD_WEAK });
  });

  it('every refusal is one French sentence ending with a full stop', async () => {
    for (const password of ['password1234', 'azertyuiop12', '19901990199019', 'abcdefghijkl', 'bonjour123456']) {
      const verdict = await checkPassword(password, marie);
      expect(verdict.ok, password).toBe(false);
      if (!verdict.ok) expect(verdict.reason, password).toMatch(/^[A-ZÀ-Ý].*[.]$/);
    }
  });
});
