/**
 * The on-call rota and the push subscriptions, their shapes shared by the functions and the screens.
 * - The rota (« Astreinte »): per territory, week by week (ISO week `2026-W48`, Monday to Sunday, in the
 *   territory's time), the staff account on call; set by administrators. A week without anyone wakes nobody
 *   out of business hours.
 * - A push subscription: one per staff account and device (the browser's subscription: its endpoint and
 *   keys), kept until the person turns it off on that device, the push service answers 404/410, or the
 *   account ends.
 * - A notification says the reference, the company and the impact, never the customer's text, and opens
 *   the ticket.
 */
import { API, apiPath } from '../../lib/api-routes.ts';
import { line } from '../../records/text.ts';
import { z } from '../../records/zod.ts';
import { territoryIdSchema } from '../customers/model.ts';

/** An ISO week: `2026-W48`. */
export const isoWeekSchema = z.string().regex(/^\d{4}-W(0[1-9]|[1-4]\d|5[0-3])$/, 'Semaine invalide (attendu\u00a0: 2026-W48).');

/** The ISO week (`2026-W48`) of a calendar day given as year, month (1–12) and day. */
export function isoWeekOf(year: number, month: number, day: number): string {
  const date = new Date(Date.UTC(year, month - 1, day));
  // The ISO week's year is the year of its Thursday.
  const weekday = date.getUTCDay() || 7;
  date.setUTCDate(date.getUTCDate() + 4 - weekday);
  const yearStart = Date.UTC(date.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((date.getTime() - yearStart) / 86_400_000 + 1) / 7);
  return `${date.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}

/** The Monday (YYYY-MM-DD) of an ISO week. */
export function mondayOf(week: string): string {
  const [year, number] = week.split('-W').map(Number) as [number, number];
  const jan4 = new Date(Date.UTC(year, 0, 4));
  const monday = new Date(jan4.getTime() - ((jan4.getUTCDay() || 7) - 1) * 86_400_000 + (number - 1) * 7 * 86_400_000);
  return monday.toISOString().slice(0, 10);
}

/** One territory's rota: week → the account on call (absent: nobody). */
export const rotaSchema = z.object({ territory: territoryIdSchema, weeks: z.record(isoWeekSchema, z.string()) });
export type Rota = z.infer<typeof rotaSchema>;

/** How far the rota reaches: from the start of last year to the end of the year after next. */
export const ROTA_YEARS = { before: 1, after: 2 } as const;

/** Whether an ISO year has a 53rd week: the years whose 28 December falls in it. */
export const hasWeek53 = (year: number): boolean => isoWeekOf(year, 12, 28) === `${year}-W53`;

/**
 * A week the rota may be set for: a real ISO week (the 53rd only in a year that has one), of a year from
 * ROTA_YEARS.before years ago to ROTA_YEARS.after years ahead of `now`'s.
 */
export const rotaWeekSchema = (now: () => Date = () => new Date()) =>
  line({ label: 'Semaine', max: 8, min: 1 })
    .pipe(isoWeekSchema)
    .superRefine((week, context) => {
      const year = Number(week.slice(0, 4));
      const thisYear = now().getUTCFullYear();
      const first = thisYear - ROTA_YEARS.before;
      const last = thisYear + ROTA_YEARS.after;
      if (year < first || year > last) context.addIssue({ code: 'custom', message: `Semaine ${week} hors de l’astreinte\u00a0: choisissez une semaine de ${first} à ${last}.` });
      else if (week.endsWith('-W53') && !hasWeek53(year)) context.addIssue({ code: 'custom', message: `La semaine ${week} n’existe pas\u00a0: ${year} compte 52 semaines.` });
    });

/** PUT /api/astreinte/:territoire: one week's person on call (null: nobody). */
export const rotaChangeBodySchema = z.object({ week: rotaWeekSchema(), accountId: line({ label: 'Personne d’astreinte', max: 64, min: 1 }).nullable() }).strict();

/** A push service's address: one line, an http(s) URL. */
export const subscriptionEndpointSchema = line({ label: 'Adresse d’abonnement', max: 1000, min: 1 }).pipe(z.url({ protocol: /^https?$/, error: 'Adresse d’abonnement invalide.' }));

/** A browser's push subscription as `PushSubscription.toJSON()` gives it, with the device's name. */
export const pushSubscriptionBodySchema = z.object({
  endpoint: subscriptionEndpointSchema,
  keys: z.object({ p256dh: line({ label: 'Clé p256dh', max: 200, min: 1 }), auth: line({ label: 'Clé auth', max: 100, min: 1 }) }),
  device: line({ label: 'Appareil', max: 80 }).optional(),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBodySchema>;

/** A subscription as kept (store `push-subscriptions`, keyed `<accountId>/<SHA-256 of the endpoint>`). */
export interface PushSubscriptionRecord {
  accountId: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
  device: string;
  createdAt: string;
}

/** What a notification carries (the payload, encrypted for the device): never the customer's text. */
export const pushNoticeSchema = z.object({ title: z.string(), body: z.string(), url: z.string(), tag: z.string() });
export type PushNotice = z.infer<typeof pushNoticeSchema>;

/** The staff's push subscriptions, their own account's (« Mon compte »). */
export const PUSH_API = apiPath(API.accountNotifications);

/** A territory's rota. */
export const rotaApi = (territory: string): string => apiPath(API.onCallRota, { territoire: territory });

/** The « Astreinte » screen. */
export const ROTA_PAGE = '/admin/astreinte';

/**
 * What « Astreinte » says of a territory's choices (`territory`: its name): why they hold nobody (no active
 * technician or administrator; or only invited ones, named, who have not activated their account yet), or
 * who is not choosable yet; empty when there is nothing to say.
 */
export function choosableNote(territory: string, people: readonly unknown[], invited: readonly { name: string }[]): string {
  const names = invited.map((person) => person.name).join(', ');
  if (people.length > 0) return invited.length > 0 ? `Pas encore choisissables (compte pas encore activé)\u00a0: ${names}.` : '';
  if (invited.length === 0) return `Personne ne peut être d’astreinte en ${territory}\u00a0: aucun technicien ni administrateur de ce territoire n’a de compte actif. Invitez-en un depuis «\u00a0Équipe\u00a0».`;
  return `Personne ne peut encore être d’astreinte en ${territory}\u00a0: les techniciens de ${territory} n’ont pas encore activé leur compte (${names}). Ils pourront être choisis dès qu’ils l’auront activé depuis le lien de leur invitation.`;
}
