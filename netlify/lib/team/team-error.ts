/**
 * The refusals of the staff accounts' operations: a code the endpoints map to an HTTP status (the
 * suggested one is in TEAM_ERROR_STATUS) and one French sentence for the person.
 */
export const TEAM_ERROR_STATUS = {
  /** The data sent is not acceptable (400). */
  invalide: 400,
  /** No such account (404). */
  introuvable: 404,
  /** Another account already has that e-mail address (409). */
  adresse_prise: 409,
  /** The change would leave no active administrator (409). */
  dernier_administrateur: 409,
  /** The environment's owner account cannot be changed from the site (403). */
  proprietaire: 403,
  /** The account is not in a state that allows the operation (409). */
  etat: 409,
  /** A weak password, with its reason (400). */
  mot_de_passe_faible: 400,
  /** An invitation link that does not exist or was replaced (404). */
  invitation_inconnue: 404,
  /** An invitation link already used (410). */
  invitation_utilisee: 410,
  /** An invitation link older than 48 hours (410). */
  invitation_expiree: 410,
  /** A passkey answer that does not verify (400). */
  cle_refusee: 400,
  /** A wrong, expired or replayed TOTP code (400). */
  code_refuse: 400,
} as const;

export type TeamErrorCode = keyof typeof TEAM_ERROR_STATUS;

/** A refusal of a staff-account operation; nothing was changed. */
export class TeamError extends Error {
  readonly code: TeamErrorCode;

  // No parameter property: the scripts load this file with Node's type stripping (npm run inbox -- purge).
  constructor(code: TeamErrorCode, message: string) {
    super(message);
    this.code = code;
    this.name = 'TeamError';
  }

  /** The HTTP status this refusal suggests. */
  get status(): number {
    return TEAM_ERROR_STATUS[this.code];
  }
}
