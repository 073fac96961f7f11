/**
 * The API's errors, in one table: a code, its HTTP status and the French sentence the client shows. An
 * endpoint answers `apiError('request_not_found')` (http.ts), and any library refuses an operation by
 * throwing `new Refusal('account_disabled')` (refusal.ts), which `endpoint()` answers: every French sentence
 * of a refusal is written here once, none in the libraries or the routes (a unit test holds it).
 *
 * A row may also carry:
 * - `{name}` placeholders, filled from the values the refusal gives (an address, a company's name);
 *   `{reason}` alone is the sentence of a rule kept elsewhere (a form's schema, the password rules);
 * - `code`: the code a thrown refusal's answer carries, where a family of refusals shares one the screens
 *   and tests group by (the team's `etat`, `introuvable`…); otherwise the row's own;
 * - `field`: the form field the refusal is about; its answer then holds `fields: { [field]: sentence }`.
 */

/** One row of the table. */
export interface ApiErrorEntry {
  status: number;
  message: string;
  code?: string;
  field?: string;
}

/** Said of an account without an authenticator app: when removing it (404) and when a code is checked against it (400). */
const NO_TOTP = 'Ce compte n’a pas d’application d’authentification.';

/** Every error an endpoint may answer with a fixed sentence. */
export const API_ERRORS = {
  method_not_allowed: { status: 405, message: 'Méthode non autorisée.' },
  api_not_found: { status: 404, message: 'Cette adresse de l’API n’existe pas.' },
  body_not_json: { status: 415, message: 'La requête doit être envoyée au format JSON.' },
  body_too_large: { status: 413, message: 'La requête est trop volumineuse.' },
  body_empty: { status: 400, message: 'La requête est vide.' },
  body_invalid_json: { status: 400, message: 'Le contenu de la requête n’est pas un JSON valide.' },
  unauthenticated: { status: 401, message: 'Session expirée ou invalide. Veuillez vous reconnecter.' },
  session_ended: { status: 401, message: 'Votre session a été fermée : compte désactivé ou sessions déconnectées. Veuillez vous reconnecter.' },
  forbidden: { status: 403, message: 'Votre compte ne permet pas cette action.' },
  auth_not_configured: { status: 503, message: 'L’authentification n’est pas configurée sur ce serveur.' },
  request_not_found: { status: 404, message: 'Demande introuvable.' },
  request_changed: { status: 409, message: 'La demande a été modifiée entre-temps. Rechargez-la et réessayez.' },
  request_changed_in_list: { status: 409, message: 'La demande a été modifiée entre-temps. Rechargez la liste et réessayez.' },
  mail_not_found: { status: 404, message: 'E-mail introuvable.' },
  mail_busy: { status: 409, message: 'Cet e-mail est en cours d’envoi. Réessayez dans quelques minutes.' },
  devis_not_found: { status: 404, message: 'Devis introuvable.' },
  devis_not_a_quote: { status: 409, message: 'Seule une demande de devis peut recevoir un devis.' },
  devis_no_email: { status: 409, message: 'Cette demande n’a pas d’adresse e-mail : le devis ne peut pas être envoyé.' },
  devis_send_key_other_draft: { status: 422, message: 'Cette clé d’envoi a déjà servi à l’envoi d’un autre devis : rien n’a été envoyé. Rechargez la page, puis envoyez à nouveau le devis.', code: 'idempotency_mismatch' },
  devis_send_key_invalid: { status: 400, message: 'Clé d’idempotence invalide : 8 à 100 lettres, chiffres ou tirets.' },
  devis_link_already_revoked: { status: 409, message: 'Le lien de ce devis est déjà révoqué.' },
  devis_not_accepted: { status: 409, message: 'Seul un devis accepté peut voir son acceptation annulée.' },
  devis_link_invalid: { status: 400, message: 'Ce lien de devis n’est pas valide. Vérifiez qu’il est complet, tel que vous l’avez reçu.' },
  // Why a devis link shows no devis to answer (devis/devis-links.ts), in the customer's words.
  devis_link_gone: { status: 404, message: 'Ce devis n’existe plus.' },
  devis_link_expired: { status: 410, message: 'Ce devis a expiré : sa durée de validité est passée.' },
  devis_link_replaced: { status: 410, message: 'Ce devis a été remplacé par une version plus récente, envoyée par e-mail : utilisez le lien de ce dernier e-mail.' },
  devis_link_revoked: { status: 410, message: 'Ce lien de devis a été désactivé par Vision Caraïbes. Demandez-nous un nouveau lien ou un nouveau devis.' },
  devis_link_answered: { status: 409, message: 'Vous avez déjà répondu à ce devis.' },
  product_not_found: { status: 404, message: 'Aucun produit du catalogue n’a cette référence.' },
  account_not_found: { status: 404, message: 'Ce compte est introuvable.', code: 'introuvable' },
  invitation_not_found: { status: 404, message: 'Ce lien d’invitation n’est pas valable.', code: 'invitation_inconnue' },
  reauthentication_required: { status: 403, message: 'Confirmez d’abord votre identité : saisissez votre mot de passe ou un code de votre application d’authentification.' },
  passkey_not_found: { status: 404, message: 'Cette clé d’accès est introuvable.', code: 'introuvable' },
  customer_signed_out: { status: 401, message: 'Votre session de l’espace client a pris fin. Reconnectez-vous avec un lien de connexion.' },
  origin_refused: { status: 403, message: 'Cette action doit être faite depuis le site de Vision Caraïbes.' },
  sign_in_link_used: { status: 410, message: 'Ce lien de connexion a déjà servi : chaque lien ne sert qu’une fois. Demandez-en un nouveau.' },
  sign_in_link_expired: { status: 410, message: 'Ce lien de connexion a expiré : demandez-en un nouveau.' },
  sign_in_link_unknown: { status: 400, message: 'Ce lien de connexion n’est pas valable. Vérifiez qu’il est complet, tel que vous l’avez reçu, ou demandez-en un nouveau.' },
  sign_in_throttled: { status: 429, message: 'Trop de liens de connexion ont été demandés depuis votre réseau. Réessayez dans une heure.' },
  passkey_options_throttled: { status: 429, message: 'Trop de connexions par clé d’accès ont été commencées depuis votre réseau. Réessayez dans une heure, ou connectez-vous autrement.' },
  customer_passkey_refused: { status: 401, message: 'La clé d’accès n’a pas pu être vérifiée. Connectez-vous avec un lien reçu par e-mail.' },
  customer_session_not_found: { status: 404, message: 'Cette session est introuvable : elle a peut-être déjà pris fin.' },
  company_not_found: { status: 404, message: 'Cette société est introuvable.' },
  person_not_found: { status: 404, message: 'Cette personne est introuvable.' },
  equipment_not_found: { status: 404, message: 'Cet équipement est introuvable.' },
  shop_not_found: { status: 404, message: 'Cette boutique est introuvable.' },
  company_changed: { status: 409, message: 'Cette société a été modifiée entre-temps. Rechargez la page et refaites votre modification.' },
  client_code_taken: { status: 409, message: 'Ce code client est déjà celui d’une autre société.' },
  email_taken: { status: 409, message: 'Cette adresse e-mail est déjà celle d’une autre personne.' },
  // No side door from staff to the space: one identity (one mailbox: sameMailbox) is staff or a customer, never both.
  email_is_staff: { status: 400, message: 'Cette adresse est celle d’un compte de l’équipe : un membre de l’équipe ne peut pas être une personne d’une société cliente.', field: 'email' },
  space_staff_mailbox: { status: 403, message: 'Cette adresse est celle d’un compte de l’équipe : elle n’ouvre pas l’espace client. Connectez-vous à l’administration du site.' },
  email_is_customer: { status: 409, message: 'Cette adresse est celle d’une personne d’une société cliente : utilisez l’adresse professionnelle de l’équipe de cette personne.', code: 'adresse_prise' },
  company_other_territory: { status: 403, message: 'Cette société est d’un territoire qui n’est pas le vôtre : seuls ses commerciaux et les administrateurs la créent ou la modifient.' },
  document_not_found: { status: 404, message: 'Ce document est introuvable.' },
  ticket_not_found: { status: 404, message: 'Ce ticket est introuvable.' },
  photo_not_found: { status: 404, message: 'Cette photo est introuvable.' },
  report_not_found: { status: 404, message: 'Ce rapport d’intervention est introuvable.' },
  ticket_assignee_invalid: { status: 400, message: 'Ce ticket ne peut être confié qu’à un technicien actif de son territoire.' },
  ticket_resolution_needs_report: { status: 409, message: 'Pour résoudre un ticket, utilisez « Résoudre » : le rapport d’intervention est demandé.' },
  ticket_request_not_contact: { status: 409, message: 'Seule une demande de contact peut devenir un ticket.' },
  ticket_request_already_ticket: { status: 409, message: 'Cette demande est déjà devenue un ticket.' },
  ticket_closed: { status: 409, message: 'Ce ticket est clos : il ne reçoit plus de message. Déclarez une nouvelle panne si le problème revient.' },
  ticket_transition_refused: { status: 409, message: 'Ce ticket ne peut pas passer à cet état maintenant.' },
  // The generic sentence; a refusal names the new holder (staff-tickets.ts, heldElsewhere).
  ticket_reassigned: { status: 409, message: 'Ce ticket a été confié à {holder} entre-temps : votre envoi n’a pas été appliqué. Copiez votre texte pour le lui transmettre, ou renvoyez-le si vous le maintenez.' },
  ticket_unassigned_since: { status: 409, message: 'Ce ticket n’est plus assigné à personne depuis que vous avez écrit : votre envoi n’a pas été appliqué. Copiez votre texte, ou renvoyez-le si vous le maintenez.', code: 'ticket_reassigned' },
  ticket_key_other_change: { status: 422, message: 'Cette clé d’envoi a déjà servi à une autre action sur ce ticket : rien n’a été appliqué. Écrivez l’action à nouveau.', code: 'idempotency_mismatch' },
  ticket_changed: { status: 409, message: 'Le ticket a été modifié entre-temps. Rechargez-le et réessayez.' },
  blocking_tickets_capped: { status: 429, message: 'Votre société a déjà déclaré 5 pannes « Bloquant » dans l’heure : pour une autre urgence, appelez-nous, ou déclarez-la dans un moment.' },
  ticket_form_invalid: { status: 415, message: 'La demande doit être envoyée par le formulaire du site, avec ses photos.' },
  ticket_form_too_large: { status: 413, message: 'L’envoi est trop volumineux : 5 photos de 10 Mo au plus, et un texte plus court.' },
  too_many_photos: { status: 400, message: 'Ajoutez 5 photos au plus par message.' },
  ticket_fields_invalid: { status: 400, message: 'Vérifiez les champs signalés.' },
  photo_type_refused: { status: 415, message: 'Cette photo est refusée : seules les photos JPEG, PNG ou WebP sont acceptées.' },
  photo_too_large: { status: 413, message: 'Cette photo dépasse 10 Mo : réduisez-la ou choisissez-en une autre.' },
  photo_unreadable: { status: 400, message: 'Cette photo est illisible : choisissez-en une autre.' },
  signature_invalid: { status: 400, message: 'La signature n’est pas une image lisible : effacez-la et signez à nouveau.' },
  repair_not_found: { status: 404, message: 'Cette réparation est introuvable.' },
  repair_transition_refused: { status: 409, message: 'Cette réparation ne peut pas passer à cet état maintenant.' },
  repair_report_needed: { status: 409, message: 'Pour passer à « Réparé », remplissez le rapport : travail effectué, pièces, tests.', code: 'repair_transition_refused' },
  repair_diagnosis_out_of_turn: { status: 409, message: 'Le diagnostic s’écrit une fois l’appareil reçu, avant le devis.', code: 'repair_transition_refused' },
  repair_technician_not_assignable: { status: 409, message: 'Cette réparation ne peut être confiée qu’à un technicien actif de son territoire.', code: 'repair_transition_refused' },
  repair_devis_accepted: { status: 409, message: 'Le devis {number} a été accepté : annulez d’abord son acceptation (avec un motif) pour envoyer une nouvelle version.', code: 'repair_transition_refused' },
  repair_no_contract: { status: 400, message: 'Cette société n’a pas de contrat de maintenance en cours : choisissez « Garantie constructeur » ou « Hors garantie » (la réparation attendra alors son devis accepté).', field: 'warranty' },
  repair_equipment_not_under_contract: { status: 400, message: 'Cet appareil n’est pas couvert par le contrat de maintenance de la société : choisissez « Garantie constructeur » ou « Hors garantie » (la réparation attendra alors son devis accepté).', field: 'warranty' },
  repair_already_received: { status: 409, message: 'Cet appareil a déjà été reçu à l’atelier : son bon de dépôt est fait.' },
  repair_devis_refused: { status: 409, message: 'Le devis de réparation s’envoie après le diagnostic.' },
  repair_no_contact: { status: 409, message: 'Cette société n’a personne avec une adresse e-mail : ajoutez une personne avant d’envoyer le devis.' },
  repair_company_changed: { status: 409, message: 'La réparation a été modifiée entre-temps. Rechargez-la et réessayez.' },
  slip_not_found: { status: 404, message: 'Le bon de dépôt de cette réparation n’est pas encore fait.' },
  repair_report_not_found: { status: 404, message: 'Le rapport de cette réparation n’est pas encore fait : il l’est quand l’appareil est réparé.' },
  loan_device_not_found: { status: 404, message: 'Cet appareil de prêt est introuvable.' },
  loan_device_unavailable: { status: 409, message: 'Cet appareil de prêt n’est pas disponible.' },
  loan_already_out: { status: 409, message: 'Un appareil est déjà prêté pour cette réparation.' },
  loan_not_out: { status: 409, message: 'Aucun appareil n’est prêté pour cette réparation.' },
  signature_missing: { status: 400, message: 'La signature du client est demandée : faites-le signer sur l’écran.' },
  space_devis_replaced: { status: 410, message: 'Ce devis a été remplacé par une version plus récente : répondez à la dernière version, en tête de la liste de vos devis.' },
  space_devis_expired: { status: 410, message: 'Ce devis a expiré : sa durée de validité est passée. Demandez-nous un nouveau devis.' },
  space_devis_answered: { status: 409, message: 'Ce devis a déjà reçu une réponse : rechargez la liste de vos devis.' },
  territory_not_found: { status: 404, message: 'Ce territoire n’existe pas, ou n’est pas l’un des vôtres.' },
  on_call_person_invalid: { status: 400, message: 'Choisissez un technicien ou un administrateur actif de ce territoire.' },
  push_not_configured: { status: 503, message: 'Les notifications ne sont pas configurées sur ce serveur (clés VAPID absentes).' },
  push_subscription_not_found: { status: 404, message: 'Cet appareil ne reçoit pas de notifications.' },
  push_endpoint_refused: { status: 400, message: 'Cette adresse d’abonnement est refusée : les notifications ne partent que vers le service de notification d’un navigateur (adresse https publique).', field: 'endpoint' },
  push_devices_capped: { status: 409, message: 'Ce compte reçoit déjà les notifications sur {max} appareils : retirez-en un dans « Mon compte » avant d’en ajouter un autre.' },
  invalid_cursor: { status: 400, message: 'La position dans la liste n’est pas valide. Rechargez la liste.' },
  // A submission's idempotency key sent again with something else (storage/idempotency.ts).
  idempotency_key_invalid: { status: 400, message: 'La clé d’envoi du formulaire est invalide. Rechargez la page et réessayez.', field: 'idempotencyKey' },
  signer_missing: { status: 400, message: 'Indiquez le nom de la personne qui a signé.', field: 'signedBy' },
  // What /api/health says of the storage when it fails (its answer's `error`).
  health_storage_unexpected: { status: 503, message: 'Le stockage a renvoyé une valeur inattendue.' },
  health_storage_unavailable: { status: 503, message: 'Le stockage des données est indisponible.' },
  idempotency_other_content: { status: 422, message: 'Cette demande porte la clé d’envoi d’une autre demande. Rechargez la page, puis envoyez à nouveau votre demande.', code: 'idempotency_mismatch' },
  idempotency_other_form: { status: 422, message: 'Cette demande porte la clé d’envoi d’un autre formulaire. Rechargez la page, puis envoyez à nouveau votre demande.', code: 'idempotency_mismatch' },
  // Signing in (the staff's password and second factor).
  wrong_credentials: { status: 401, message: 'Identifiant ou mot de passe incorrect' },
  credentials_missing: { status: 400, message: 'Identifiant et mot de passe requis.' },
  login_throttled: { status: 429, message: 'Trop de tentatives de connexion. Réessayez dans {wait}.' },
  sign_in_unavailable: { status: 503, message: 'La connexion est momentanément indisponible. Réessayez plus tard.' },
  sign_in_not_active: { status: 403, message: 'Ce compte n’est pas encore activé : terminez l’inscription avec le lien d’invitation.' },
  second_factor_expired: { status: 401, message: 'La connexion a expiré : saisissez de nouveau votre mot de passe.' },
  second_factor_missing: { status: 400, message: 'Saisissez le code à 6 chiffres ou utilisez votre clé d’accès.' },
  passkey_refused: { status: 400, message: 'La clé d’accès n’a pas pu être vérifiée.', code: 'cle_refusee' },
  passkey_response_missing: { status: 400, message: 'La réponse de la clé d’accès manque.', code: 'invalide' },
  totp_code_wrong: { status: 400, message: 'Code incorrect ou expiré.', code: 'code_refuse' },
  totp_code_replayed: { status: 400, message: 'Ce code a déjà été utilisé : attendez le suivant.', code: 'code_refuse' },
  // The team's accounts, their invitations and second factors.
  account_invalid: { status: 400, message: '{reason}', code: 'invalide' },
  account_disabled: { status: 409, message: 'Ce compte est désactivé.', code: 'etat' },
  account_not_active: { status: 409, message: 'Ce compte n’est pas encore activé.', code: 'etat' },
  account_already_active: { status: 409, message: 'Ce compte est déjà actif.', code: 'etat' },
  account_needs_password: { status: 409, message: 'Choisissez un mot de passe avant d’activer le compte.', code: 'etat' },
  account_needs_second_factor: { status: 409, message: 'Enregistrez une clé d’accès ou une application d’authentification avant d’activer le compte.', code: 'etat' },
  owner_untouchable: { status: 403, message: 'Le compte propriétaire se règle dans la configuration du site, pas ici.', code: 'proprietaire' },
  last_administrator: { status: 409, message: 'Impossible : ce compte est le dernier administrateur actif de l’équipe.', code: 'dernier_administrateur' },
  email_is_owner: { status: 409, message: 'Cette adresse est l’identifiant du compte propriétaire.', code: 'adresse_prise' },
  account_email_taken: { status: 409, message: 'Un compte existe déjà avec cette adresse e-mail.', code: 'adresse_prise' },
  password_weak: { status: 400, message: '{reason}', code: 'mot_de_passe_faible' },
  current_password_missing: { status: 400, message: 'Saisissez votre mot de passe actuel.' },
  new_password_missing: { status: 400, message: 'Saisissez le nouveau mot de passe.' },
  current_password_wrong: { status: 400, message: 'Le mot de passe actuel est incorrect.' },
  change_unavailable: { status: 503, message: 'Ce changement est momentanément indisponible. Réessayez plus tard.' },
  invitation_not_invited: { status: 409, message: 'Seul un compte invité peut recevoir un lien d’invitation.', code: 'etat' },
  invitation_used: { status: 410, message: 'Ce lien d’invitation a déjà été utilisé.', code: 'invitation_utilisee' },
  invitation_expired: { status: 410, message: 'Ce lien d’invitation a expiré.', code: 'invitation_expiree' },
  passkey_already_registered: { status: 400, message: 'Cette clé d’accès est déjà enregistrée.', code: 'cle_refusee' },
  device_name_missing: { status: 400, message: 'Donnez un nom à cet appareil (par exemple « Téléphone de Marie »).', code: 'invalide' },
  device_name_too_long: { status: 400, message: 'Le nom de l’appareil ne doit pas dépasser {max} caractères.', code: 'invalide' },
  keep_one_factor: { status: 409, message: 'Gardez au moins une clé d’accès ou une application d’authentification.', code: 'etat' },
  totp_not_pending: { status: 409, message: 'Aucune application d’authentification en cours d’enregistrement : recommencez.', code: 'etat' },
  totp_not_found: { status: 404, message: NO_TOTP, code: 'introuvable' },
  totp_none_to_check: { status: 400, message: NO_TOTP, code: 'code_refuse' },
  // The customers' companies, as the staff edit them.
  person_email_elsewhere: { status: 400, message: 'L’adresse {email} est déjà celle d’une personne d’une autre société ({company}).', code: 'email_taken', field: 'email' },
  person_email_in_company: { status: 400, message: 'L’adresse {email} est déjà celle de {name}, dans cette société.', code: 'email_taken', field: 'email' },
  client_code_taken_by: { status: 400, message: 'Le code client {clientCode} est déjà celui d’une autre société{company}.', code: 'client_code_taken', field: 'clientCode' },
  equipment_product_not_found: { status: 400, message: 'Ce produit n’est pas (ou plus) au catalogue.', code: 'product_not_found', field: 'productSlug' },
  equipment_shop_invalid: { status: 400, message: 'Cette boutique n’est pas (ou plus) une boutique de la société.', code: 'invalid', field: 'shopId' },
  // The staff's inbox and devis; the store's quote.
  quote_products_unknown: { status: 400, message: 'Certains produits du devis n’existent plus dans le catalogue.' },
  assignee_invalid: { status: 400, message: 'Cette personne ne peut pas recevoir de demandes : choisissez un compte actif de l’équipe.', field: 'assignedTo' },
  devis_accepted_cancel_first: { status: 409, message: 'Le devis {number} a été accepté : annulez d’abord son acceptation (avec un motif) pour envoyer une nouvelle version.' },
  server_error: { status: 500, message: 'Une erreur interne est survenue. Veuillez réessayer plus tard.' },
} as const satisfies Record<string, ApiErrorEntry>;

export type ApiErrorCode = keyof typeof API_ERRORS;

/**
 * The throttles' refusals (status 429): answered only with `throttled()` (http.ts) or a Refusal carrying
 * `retryAfterMs`, so every one says when to come back (Retry-After, from the throttle's window).
 */
export type ThrottleCode = { [K in ApiErrorCode]: (typeof API_ERRORS)[K]['status'] extends 429 ? K : never }[ApiErrorCode];

/** Every other refusal. */
export type PlainErrorCode = Exclude<ApiErrorCode, ThrottleCode>;

/** The values a row's placeholders are filled with. */
export type ApiErrorValues = Readonly<Record<string, string | number>>;

/** The row of a code, read as its common shape. */
export const apiErrorEntry = (code: ApiErrorCode): ApiErrorEntry => API_ERRORS[code];

/** The sentence of a code, its `{name}` placeholders filled from `values`. */
export function apiErrorMessage(code: ApiErrorCode, values: ApiErrorValues = {}): string {
  return API_ERRORS[code].message.replace(/\{(\w+)\}/g, (placeholder, name: string) => (name in values ? String(values[name]) : placeholder));
}
