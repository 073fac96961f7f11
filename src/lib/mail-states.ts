/**
 * Where an e-mail of a request stands, in one table read by the outbox (what it may still send), the
 * requests (the notification's state kept on the request) and the admin (label, tone, « Renvoyer »):
 * adding a state is one line here.
 */

/** One state: stored value, French label, badge tone, and what the outbox and the admin do with it. */
export interface MailStateDefinition {
  value: string;
  /** What the admin shows. */
  label: string;
  /** Colour of the admin's badge. */
  tone: 'amber' | 'green' | 'red' | 'grey';
  /** Nothing more will happen to it: the outbox job forgets it. */
  final: boolean;
  /** It left (or, on a developer's machine, reached the local outbox): counted as sent. */
  delivered: boolean;
  /** The admin offers « Renvoyer ». */
  resendable: boolean;
}

export const MAIL_STATES = [
  { value: 'en_attente', label: 'En attente d’envoi', tone: 'amber', final: false, delivered: false, resendable: false },
  { value: 'envoi', label: 'En cours d’envoi', tone: 'amber', final: false, delivered: false, resendable: false },
  { value: 'envoye', label: 'Envoyé', tone: 'green', final: true, delivered: true, resendable: false },
  { value: 'boite_locale', label: 'Déposé dans la boîte locale (développement)', tone: 'green', final: true, delivered: true, resendable: false },
  { value: 'echec', label: 'Échec de l’envoi', tone: 'red', final: true, delivered: false, resendable: true },
  { value: 'non_envoye', label: 'Non envoyé', tone: 'grey', final: true, delivered: false, resendable: false },
] as const satisfies readonly MailStateDefinition[];

export type MailState = (typeof MAIL_STATES)[number]['value'];

/** The state of a new e-mail. */
export const INITIAL_MAIL_STATE: MailState = 'en_attente';

/** Whether a value is a mail state. */
export const isMailState = (value: unknown): value is MailState => MAIL_STATES.some((state) => state.value === value);

/** The definition of a state (an unknown value reads as waiting). */
export const mailStateOf = (value: string): MailStateDefinition => MAIL_STATES.find((state) => state.value === value) ?? MAIL_STATES[0];
