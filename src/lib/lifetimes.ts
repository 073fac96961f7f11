/**
 * How long every kind of record lives: one row per kind — how long, counted from when, what erases it.
 * The daily job (netlify/lib/retention/) erases by these rows, the code that writes a record dates its
 * expiry from them, and the privacy page (/confidentialite) prints every duration from them: change a row
 * here and all three follow. Which Blobs stores each row covers, and which function erases it, is the
 * server's half of the table (netlify/lib/retention/lifetimes.ts); a test fails when a store has no row.
 * Pure data, no server import: the browser and the pages read it too.
 */

/** A length of time in one unit. Years are calendar years (a leap day counts), the others fixed lengths. */
export interface Duration {
  amount: number;
  unit: 'minutes' | 'hours' | 'days' | 'years';
}

/** One kind of record's life. */
export interface Lifetime {
  /** How long it is kept; null: as long as what it belongs to, or until someone removes it. */
  keep: Duration | null;
  /** Counted from (French, for the privacy page and docs/reference/lifetimes.md). */
  from: string;
  /** What erases it (French). */
  erasedBy: string;
}

const minutes = (amount: number): Duration => ({ amount, unit: 'minutes' });
const hours = (amount: number): Duration => ({ amount, unit: 'hours' });
const days = (amount: number): Duration => ({ amount, unit: 'days' });
const years = (amount: number): Duration => ({ amount, unit: 'years' });

/** The table. Each row's key names the kind of record; the server maps it to its stores. */
export const LIFETIMES = {
  /** A contact or quote request, with its index entry, its e-mails, its devis and its place in the customers' space. CNIL reference period for prospects. */
  request: { keep: years(3), from: 'sa dernière modification', erasedBy: 'la tâche quotidienne, avec ses e-mails et ses devis' },
  /** A closed ticket, its photos, its reports and its e-mails (commercial prescription). */
  ticket: { keep: years(5), from: 'la fin du contrat de l’entreprise, ou la clôture du ticket si elle est plus tardive', erasedBy: 'la tâche quotidienne, avec ses photos, ses rapports et ses e-mails' },
  /** A workshop repair order, its deposit slip and label, its reception photos and its e-mails, kept as tickets are (the company's loan pool goes with the company). */
  repair: { keep: years(5), from: 'la fin du contrat de l’entreprise, ou la restitution de l’appareil si elle est plus tardive', erasedBy: 'la tâche quotidienne, avec son bon de dépôt, ses photos et ses e-mails' },
  /** A ticket « Résolu » is closed by the daily job after this grace, its customer having had the time to reopen it. */
  resolvedTicketGrace: { keep: days(7), from: 'le passage à «\u00a0Résolu\u00a0»', erasedBy: 'la tâche quotidienne, qui clôt le ticket' },
  /** A customer company: its shops, contract and equipment stay until staff remove it (with its people, tickets and request links). */
  customerCompany: { keep: null, from: 'sa création', erasedBy: 'notre équipe, avec ses personnes, ses tickets et ses demandes' },
  /** A person of a customer company: their account, sessions and passkeys (the company's records stay). */
  customerPerson: { keep: years(3), from: 'sa dernière connexion, ou son invitation sans connexion', erasedBy: 'la tâche quotidienne, ou notre équipe' },
  /** A session of the customers' space on one device. */
  customerSession: { keep: days(30), from: 'son ouverture', erasedBy: 'la déconnexion, ou la tâche quotidienne' },
  /** A sign-in link asked for on the space's sign-in page, and its e-mail. */
  customerSignInLink: { keep: minutes(15), from: 'son envoi', erasedBy: 'son usage unique, puis la tâche quotidienne' },
  /** A sign-in link sent by staff as an invitation, and its e-mail. */
  customerInvitationLink: { keep: hours(48), from: 'son envoi', erasedBy: 'son usage unique, puis la tâche quotidienne' },
  /** The counters of sign-in links sent per address and per sender network (their window). */
  customerSignInCaps: { keep: hours(1), from: 'le premier lien compté', erasedBy: 'la tâche quotidienne' },
  /** A passkey challenge (staff or customer), answered once. */
  passkeyChallenge: { keep: minutes(5), from: 'sa création', erasedBy: 'sa réponse, ou la tâche quotidienne' },
  /** A staff account: until an administrator removes it. */
  staffAccount: { keep: null, from: 'sa création', erasedBy: 'un administrateur' },
  /** A staff invitation link, and its e-mail. */
  staffInvitation: { keep: hours(48), from: 'son envoi', erasedBy: 'son usage unique, puis la tâche quotidienne' },
  /** A staff session (its token); a revoked token's id is kept until the token would have expired. */
  staffSession: { keep: hours(8), from: 'la connexion', erasedBy: 'la déconnexion, puis la tâche quotidienne' },
  /** The token between a password and its second factor. */
  secondFactorStep: { keep: minutes(5), from: 'le mot de passe accepté', erasedBy: 'son usage unique' },
  /** Failed sign-ins counted per address and name: the window, and the wait once the cap is reached. */
  loginThrottle: { keep: minutes(15), from: 'le dernier échec', erasedBy: 'la tâche quotidienne' },
  /** Failed sign-ins counted per account, from any address (the per-account slowdown): remembered this long after the last one. */
  accountFailures: { keep: hours(24), from: 'le dernier échec', erasedBy: 'la tâche quotidienne' },
  /** The counters of what strangers and customers make the site store or send (passkey challenges and failures per network, « Bloquant » tickets per company). */
  abuseCaps: { keep: hours(1), from: 'la première prise comptée', erasedBy: 'la tâche quotidienne' },
  /** A staff device's push subscription: until the person turns notifications off, their sessions are ended or their account disabled; one the push service says is gone (404/410) is removed at once. */
  pushSubscription: { keep: null, from: 'l’activation des notifications sur l’appareil', erasedBy: 'la personne, la fin de ses sessions ou de son compte, ou le service de notification' },
  /** The on-call rota of a territory (week → account): until changed; a disabled account is taken off it. */
  onCallRota: { keep: null, from: 'sa saisie', erasedBy: 'un administrateur, ou la désactivation du compte' },
  /** The team's journal (sign-ins, changes, erasures, exports). */
  journal: { keep: days(365), from: 'l’événement', erasedBy: 'la tâche quotidienne' },
  /** A form's idempotency key: a resent form within this time is the same request. */
  idempotencyKey: { keep: hours(24), from: 'l’envoi du formulaire', erasedBy: 'la tâche quotidienne' },
  /** The counters of acknowledgements sent per recipient and per sender (their window). */
  acknowledgementCaps: { keep: hours(24), from: 'le premier accusé compté', erasedBy: 'la tâche quotidienne' },
  /** A write being completed (a submission, a ticket's opening, a devis' send or answer): the repair pass completes it, or drops it past this age. */
  writeIntent: { keep: minutes(5), from: 'le début de l’écriture', erasedBy: 'la passe de réparation' },
  /** An e-mail still failing this long after its first attempt is failed for good (its entry stays with what it belongs to). */
  mailRetries: { keep: hours(24), from: 'la première tentative', erasedBy: 'rien\u00a0: l’e-mail reste avec ce à quoi il appartient' },
  /** Reference counters (one number per kind and year) and the health check's probe: no personal data. */
  counters: { keep: null, from: 'leur création', erasedBy: 'rien\u00a0: aucune donnée personnelle' },
} as const satisfies Record<string, Lifetime>;

/** A kind of record of the table. */
export type RecordKind = keyof typeof LIFETIMES;

const UNIT_MS = { minutes: 60_000, hours: 3_600_000, days: 86_400_000 } as const;

/** A duration of fixed length in milliseconds; years have none (use `addDuration`). */
export function durationMs(duration: Duration): number {
  if (duration.unit === 'years') throw new Error('a duration in years has no fixed length: use addDuration');
  return duration.amount * UNIT_MS[duration.unit];
}

/** The instant `duration` after `from` (`sign` -1: before), years as calendar years. */
export function addDuration(from: Date, duration: Duration, sign: 1 | -1 = 1): Date {
  if (duration.unit !== 'years') return new Date(from.getTime() + sign * durationMs(duration));
  const date = new Date(from);
  date.setUTCFullYear(date.getUTCFullYear() + sign * duration.amount);
  return date;
}

/** How long a kind of record lives, in milliseconds (for the rows of fixed length). */
export function lifetimeMs(kind: RecordKind): number {
  const { keep } = LIFETIMES[kind] as Lifetime;
  if (!keep) throw new Error(`${kind} has no fixed lifetime`);
  return durationMs(keep);
}

/** How long a kind of record lives, in years (for the rows counted in calendar years). */
export function lifetimeYears(kind: RecordKind): number {
  const { keep } = LIFETIMES[kind] as Lifetime;
  if (keep?.unit !== 'years') throw new Error(`${kind} is not kept a number of years`);
  return keep.amount;
}

/** How long a kind of record lives, in days (for the rows counted in days). */
export function lifetimeDays(kind: RecordKind): number {
  const { keep } = LIFETIMES[kind] as Lifetime;
  if (keep?.unit !== 'days') throw new Error(`${kind} is not kept a number of days`);
  return keep.amount;
}

const UNIT_WORDS = {
  minutes: ['une minute', 'minutes'],
  hours: ['une heure', 'heures'],
  days: ['un jour', 'jours'],
  years: ['un an', 'ans'],
} as const;

/** A duration as the privacy page says it: « 15 minutes », « 3 ans », « un an ». */
export function durationText(duration: Duration): string {
  const [one, many] = UNIT_WORDS[duration.unit];
  return duration.amount === 1 ? one : `${duration.amount} ${many}`;
}

/** How long a kind of record is kept, as the privacy page says it. */
export function lifetimeText(kind: RecordKind, table: Record<RecordKind, Lifetime> = LIFETIMES): string {
  const { keep } = table[kind];
  if (!keep) throw new Error(`${kind} has no fixed lifetime to print`);
  return durationText(keep);
}

// The lengths the sign-in code reads, named once here (server code only: the site's shared constants, which
// every public page loads, carry no lifetime).
/** Admin session lifetime (`staffSession`). */
export const ADMIN_SESSION_MS = /* @__PURE__ */ lifetimeMs('staffSession');
/** Window in which failed logins are counted, and how long the address is then held off (`loginThrottle`). */
export const LOGIN_LOCK_MS = /* @__PURE__ */ lifetimeMs('loginThrottle');
/** How long an account's failures are remembered after its last one, longer than the longest delay, so waiting it out never resets the count (`accountFailures`). */
export const LOGIN_USERNAME_MEMORY_MS = /* @__PURE__ */ lifetimeMs('accountFailures');
/** How long a customer's session lives on its device, in days (`customerSession`). */
export const CUSTOMER_SESSION_DAYS = /* @__PURE__ */ lifetimeDays('customerSession');
