/**
 * Authenticator apps (TOTP, RFC 6238, with otpauth): 6 digits, 30-second steps, SHA-1 (what every app
 * reads from a QR code). The rules:
 * - Enrolment makes a 20-byte secret, sealed at rest (secret-box.ts) as the account's pending secret, and
 *   shows it as an otpauth:// URI and a QR code (SVG); it becomes the account's factor only once a code
 *   made from it is typed back.
 * - A code is accepted for the server's time step or one step before or after (clocks drift), and only
 *   once: the step of the last accepted code is stored, and a code of that step or an earlier one is
 *   refused (« Ce code a déjà été utilisé : attendez le suivant. »). The step is stored with the same
 *   conditional write that accepts the code, so two sign-ins racing with one code cannot both pass.
 */
import { Secret, TOTP } from 'otpauth';
import { TOTP_DIGITS, TOTP_PERIOD_S, TOTP_WINDOW_STEPS } from '../../../src/features/team/team-constants.ts';
import { company } from '../../../src/lib/site.ts';
import { refuseIfDisabled, refuseUnlessActive, updateAccount, type Actor, type StaffAccount } from './accounts.ts';
import { openSecret, sealSecret } from './secret-box.ts';
import { Refusal } from '../http/refusal.ts';

type Env = Record<string, string | undefined>;

const PURPOSE = 'totp-secret';

/** The TOTP generator of a secret, labelled with the person's address under the company's name. */
const totpOf = (secret: Secret, label = ''): TOTP =>
  new TOTP({ issuer: company.name, label, algorithm: 'SHA1', digits: TOTP_DIGITS, period: TOTP_PERIOD_S, secret });

/** The time step a code matches at `now` (±1 step), or null. Codes are 6 digits; spaces are ignored. */
export function matchingStep(secretBase32: string, code: string, now: Date): number | null {
  const token = code.replace(/\s+/g, '');
  if (!new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(token)) return null;
  const timestamp = now.getTime();
  const delta = totpOf(Secret.fromBase32(secretBase32)).validate({ token, timestamp, window: TOTP_WINDOW_STEPS });
  return delta === null ? null : TOTP.counter({ period: TOTP_PERIOD_S, timestamp }) + delta;
}

/** What the enrolment screen shows: the URI, the same as a QR code (SVG), and the secret to type by hand. */
export interface TotpEnrolment {
  uri: string;
  qrSvg: string;
  secret: string;
}

/** Starts enrolling an app: a new pending secret on the account (replacing any earlier pending one). */
export async function startTotpEnrolment(accountId: string, { now = new Date(), env = process.env }: { now?: Date; env?: Env } = {}): Promise<TotpEnrolment> {
  const secret = new Secret({ size: 20 });
  const sealedSecret = sealSecret(secret.base32, PURPOSE, env);
  const account = await updateAccount(accountId, (current) => {
    refuseIfDisabled(current);
    return { account: { ...current, pendingTotp: { sealedSecret, createdAt: now.toISOString() } } };
  });
  const uri = totpOf(secret, account.email).toString();
  // The QR code's library is loaded by the one call that draws it, not by the start of every staff call.
  const { default: QRCode } = await import('qrcode');
  const qrSvg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { uri, qrSvg, secret: secret.base32 };
}

/** Confirms the pending app with a code it shows: the app becomes the account's second factor. */
export async function confirmTotpEnrolment(accountId: string, code: string, { now = new Date(), env = process.env }: { now?: Date; env?: Env } = {}): Promise<StaffAccount> {
  return updateAccount(
    accountId,
    (account) => {
      const pending = account.pendingTotp;
      const secret = pending && openSecret(pending.sealedSecret, PURPOSE, env);
      if (!pending || !secret) throw new Refusal('totp_not_pending');
      const step = matchingStep(secret, code, now);
      if (step === null) throw new Refusal('totp_code_wrong');
      return {
        account: { ...account, pendingTotp: undefined, totp: { sealedSecret: pending.sealedSecret, lastStep: step, enrolledAt: now.toISOString() } },
        what: 'Application d’authentification enregistrée',
      };
    },
    { now },
  );
}

/** Checks a sign-in code of an active account's app: accepted once, within one step of `now`; a Refusal otherwise. */
export async function verifyTotpCode(accountId: string, code: string, { now = new Date(), env = process.env }: { now?: Date; env?: Env } = {}): Promise<void> {
  await updateAccount(accountId, (account) => {
    refuseUnlessActive(account);
    const secret = account.totp && openSecret(account.totp.sealedSecret, PURPOSE, env);
    if (!account.totp || !secret) throw new Refusal('totp_none_to_check');
    const step = matchingStep(secret, code, now);
    if (step === null) throw new Refusal('totp_code_wrong');
    if (step <= account.totp.lastStep) throw new Refusal('totp_code_replayed');
    return { account: { ...account, totp: { ...account.totp, lastStep: step } } };
  });
}

/** Removes the account's app (« Mon compte »); an active account keeps at least one second factor. */
export async function removeTotp(accountId: string, actor: Actor, { now }: { now?: Date } = {}): Promise<StaffAccount> {
  return updateAccount(
    accountId,
    (account) => {
      if (!account.totp) throw new Refusal('totp_not_found');
      if (account.state === 'actif' && account.passkeys.length === 0) {
        throw new Refusal('keep_one_factor');
      }
      return { account: { ...account, totp: undefined }, what: 'Application d’authentification supprimée' };
    },
    { actor, now },
  );
}
