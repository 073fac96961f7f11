import { describe, expect, it } from 'vitest';
import { Secret, TOTP } from 'otpauth';
import { activateAccount, disableAccount, getAccount, setPassword } from '../../netlify/lib/team/accounts.ts';
import { openSecret, sealSecret } from '../../netlify/lib/team/secret-box.ts';
import { confirmTotpEnrolment, matchingStep, removeTotp, startTotpEnrolment, verifyTotpCode } from '../../netlify/lib/team/totp.ts';
import { STRONG_PASSWORD, TEAM_ENV as env, TEAM_OWNER, activeAccount, invitedAccount, refusal, useTeamBlobs } from '../helpers/team.ts';
import { API_ERRORS } from '../../netlify/lib/http/errors.ts';

const KEEP_ONE_FACTOR = API_ERRORS.keep_one_factor.message;
const TOTP_CODE_REPLAYED = API_ERRORS.totp_code_replayed.message;
const TOTP_CODE_WRONG = API_ERRORS.totp_code_wrong.message;

useTeamBlobs();

const at = new Date('2026-05-21T12:00:10Z');
const seconds = (n: number) => new Date(at.getTime() + n * 1000);
/** The code an authenticator app shows for a secret at an instant. */
const codeAt = (secret: string, instant: Date) => new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: instant.getTime() });

describe('TOTP codes', () => {
  it('a code is accepted for its own step and one step before or after, not two', () => {
    const secret = new Secret({ size: 20 }).base32;
    const step = Math.floor(at.getTime() / 30_000);
    expect(matchingStep(secret, codeAt(secret, at), at)).toBe(step);
    expect(matchingStep(secret, codeAt(secret, seconds(-30)), at)).toBe(step - 1);
    expect(matchingStep(secret, codeAt(secret, seconds(30)), at)).toBe(step + 1);
    expect(matchingStep(secret, codeAt(secret, seconds(-60)), at)).toBeNull();
    expect(matchingStep(secret, codeAt(secret, seconds(60)), at)).toBeNull();
  });

  it('spaces are ignored; anything but 6 digits never matches', () => {
    const secret = new Secret({ size: 20 }).base32;
    const code = codeAt(secret, at);
    expect(matchingStep(secret, `${code.slice(0, 3)} ${code.slice(3)}`, at)).not.toBeNull();
    expect(matchingStep(secret, code.slice(0, 5), at)).toBeNull();
    expect(matchingStep(secret, 'abcdef', at)).toBeNull();
  });
});

describe('enrolling an authenticator app', () => {
  it('shows an otpauth URI and its QR code, keeps the secret sealed, and confirms with a code', async () => {
    const account = await invitedAccount('technicien', 'tech@exemple.fr');
    const enrolment = await startTotpEnrolment(account.id, { now: at, env });
    expect(enrolment.uri).toMatch(/^otpauth:\/\/totp\/Vision%20Cara%C3%AFbes:tech%40exemple\.fr\?/);
    expect(enrolment.uri).toContain(`secret=${enrolment.secret}`);
    expect(enrolment.qrSvg).toMatch(/^<svg[^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    const stored = (await getAccount(account.id))!;
    expect(JSON.stringify(stored)).not.toContain(enrolment.secret);
    expect(openSecret(stored.pendingTotp!.sealedSecret, 'totp-secret', env)).toBe(enrolment.secret);

    expect(await refusal(confirmTotpEnrolment(account.id, '000000', { now: at, env }))).toEqual({ code: 'code_refuse', message: TOTP_CODE_WRONG });
    const confirmed = await confirmTotpEnrolment(account.id, codeAt(enrolment.secret, at), { now: at, env });
    expect(confirmed.totp).toBeDefined();
    expect(confirmed.pendingTotp).toBeUndefined();
    expect(confirmed.history.at(-1)?.what).toBe('Application d’authentification enregistrée');
  });

  it('confirming without a pending secret is refused', async () => {
    const account = await invitedAccount('technicien', 'tech@exemple.fr');
    expect((await refusal(confirmTotpEnrolment(account.id, '123456', { now: at, env }))).code).toBe('etat');
  });
});

describe('signing in with a code', () => {
  /** An account enrolled with an app (and a password), active unless asked otherwise. */
  async function withApp({ activate = true } = {}) {
    const account = await invitedAccount('technicien', 'tech@exemple.fr');
    const { secret } = await startTotpEnrolment(account.id, { now: seconds(-120), env });
    await confirmTotpEnrolment(account.id, codeAt(secret, seconds(-120)), { now: seconds(-120), env });
    await setPassword(account.id, STRONG_PASSWORD);
    if (activate) await activateAccount(account.id);
    return { account, secret };
  }

  it('an account still enrolling, or disabled, cannot sign in with a code', async () => {
    const { account, secret } = await withApp({ activate: false });
    expect(await refusal(verifyTotpCode(account.id, codeAt(secret, at), { now: at, env }))).toEqual({ code: 'etat', message: 'Ce compte n’est pas encore activé.' });
    await activateAccount(account.id);
    await disableAccount(account.id, TEAM_OWNER);
    expect((await refusal(verifyTotpCode(account.id, codeAt(secret, at), { now: at, env }))).message).toBe('Ce compte est désactivé.');
  });

  it('a code is accepted once; its replay is refused', async () => {
    const { account, secret } = await withApp();
    const code = codeAt(secret, at);
    await verifyTotpCode(account.id, code, { now: at, env });
    expect(await refusal(verifyTotpCode(account.id, code, { now: seconds(5), env }))).toEqual({ code: 'code_refuse', message: TOTP_CODE_REPLAYED });
  });

  it('the same code sent twice at once passes once', async () => {
    const { account, secret } = await withApp();
    const code = codeAt(secret, at);
    const results = await Promise.allSettled([verifyTotpCode(account.id, code, { now: at, env }), verifyTotpCode(account.id, code, { now: at, env })]);
    expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
  });

  it('after a code is accepted, an earlier step is refused even within the window', async () => {
    const { account, secret } = await withApp();
    await verifyTotpCode(account.id, codeAt(secret, at), { now: at, env });
    expect((await refusal(verifyTotpCode(account.id, codeAt(secret, seconds(-30)), { now: at, env }))).message).toBe(TOTP_CODE_REPLAYED);
    await verifyTotpCode(account.id, codeAt(secret, seconds(30)), { now: seconds(30), env });
  });

  it('a wrong code, or an account without an app, is refused', async () => {
    const { account } = await withApp();
    expect((await refusal(verifyTotpCode(account.id, '000000', { now: at, env }))).message).toBe(TOTP_CODE_WRONG);
    const other = await activeAccount('commercial', 'c@exemple.fr');
    expect((await refusal(verifyTotpCode(other.id, '123456', { now: at, env }))).code).toBe('code_refuse');
  });

  it('a secret sealed under another AUTH_SECRET does not open', () => {
    const sealed = sealSecret('JBSWY3DPEHPK3PXP', 'totp-secret', env);
    expect(openSecret(sealed, 'totp-secret', env)).toBe('JBSWY3DPEHPK3PXP');
    expect(openSecret(sealed, 'totp-secret', { AUTH_SECRET: 'another-secret-of-more-than-32-bytes!!' })).toBeUndefined();
    // Altered: one bit of the ciphertext flipped (not its last base64 character, whose low bits are padding).
    const parts = sealed.split('.');
    const bytes = Buffer.from(parts[3]!, 'base64url');
    bytes[0] = bytes[0]! ^ 1;
    expect(openSecret([...parts.slice(0, 3), bytes.toString('base64url')].join('.'), 'totp-secret', env)).toBeUndefined();
    expect(() => sealSecret('x', 'totp-secret', { AUTH_SECRET: 'court' })).toThrow(/AUTH_SECRET/);
  });

  it('an account activated with an app keeps it while it has no passkey', async () => {
    const { account } = await withApp();
    const self = { id: account.id, name: account.name };
    expect(await refusal(removeTotp(account.id, self))).toEqual({ code: 'etat', message: KEEP_ONE_FACTOR });
    expect((await getAccount(account.id))?.totp).toBeDefined();
  });
});
