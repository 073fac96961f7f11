/**
 * The sizes of the staff accounts, and their durations (from the lifetimes table), for the server and the screens.
 */
import { lifetimeDays, lifetimeMs } from '../../lib/lifetimes.ts';

/** An invitation link opens the enrolment page for 48 hours after it is made. */
export const INVITATION_VALIDITY_MS = /* @__PURE__ */ lifetimeMs('staffInvitation');
/** A passkey challenge (registration or sign-in) must be answered within 5 minutes, and only once. */
export const PASSKEY_CHALLENGE_MS = /* @__PURE__ */ lifetimeMs('passkeyChallenge');
/** A password has at least 12 characters… */
export const PASSWORD_MIN_LENGTH = 12;
/** …at most this many (the strength estimate of a longer text costs too much time)… */
export const PASSWORD_MAX_LENGTH = 200;
/** …and a zxcvbn score (0 to 4) of at least 3. */
export const PASSWORD_MIN_SCORE = 3;
/** TOTP codes: 6 digits, a new one every 30 seconds; one step before or after the server's is accepted. */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_S = 30;
export const TOTP_WINDOW_STEPS = 1;
/** Journal entries are kept one year, then purged by the daily job. */
export const JOURNAL_RETENTION_DAYS = /* @__PURE__ */ lifetimeDays('journal');
/** Journal entries per page. */
export const JOURNAL_PAGE_SIZE = 50;
/** Changes kept in an account's own history (the journal keeps them all for a year). */
export const ACCOUNT_HISTORY_MAX = 100;
