/**
 * The API's errors, in one table: a code, its HTTP status and the French sentence the client shows. An
 * endpoint answers `apiError('request_not_found')` (http.ts); the sentence is written here once.
 */

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
  devis_send_key_invalid: { status: 400, message: 'Clé d’idempotence invalide : 8 à 100 lettres, chiffres ou tirets.' },
  devis_link_already_revoked: { status: 409, message: 'Le lien de ce devis est déjà révoqué.' },
  devis_not_accepted: { status: 409, message: 'Seul un devis accepté peut voir son acceptation annulée.' },
  devis_link_invalid: { status: 400, message: 'Ce lien de devis n’est pas valide. Vérifiez qu’il est complet, tel que vous l’avez reçu.' },
  product_not_found: { status: 404, message: 'Aucun produit du catalogue n’a cette référence.' },
  account_not_found: { status: 404, message: 'Ce compte est introuvable.' },
  invitation_not_found: { status: 404, message: 'Ce lien d’invitation n’est pas valable.' },
  passkey_not_found: { status: 404, message: 'Cette clé d’accès est introuvable.' },
  customer_signed_out: { status: 401, message: 'Votre session de l’espace client a pris fin. Reconnectez-vous avec un lien de connexion.' },
  origin_refused: { status: 403, message: 'Cette action doit être faite depuis le site de Vision Caraïbes.' },
  company_not_found: { status: 404, message: 'Cette société est introuvable.' },
  person_not_found: { status: 404, message: 'Cette personne est introuvable.' },
  equipment_not_found: { status: 404, message: 'Cet équipement est introuvable.' },
  shop_not_found: { status: 404, message: 'Cette boutique est introuvable.' },
  company_changed: { status: 409, message: 'Cette société a été modifiée entre-temps. Rechargez la page et refaites votre modification.' },
  client_code_taken: { status: 409, message: 'Ce code client est déjà celui d’une autre société.' },
  email_taken: { status: 409, message: 'Cette adresse e-mail est déjà celle d’une autre personne.' },
  document_not_found: { status: 404, message: 'Ce document est introuvable.' },
  ticket_not_found: { status: 404, message: 'Ce ticket est introuvable.' },
  photo_not_found: { status: 404, message: 'Cette photo est introuvable.' },
  report_not_found: { status: 404, message: 'Ce rapport d’intervention est introuvable.' },
  space_devis_replaced: { status: 410, message: 'Ce devis a été remplacé par une version plus récente : répondez à la dernière version, en tête de la liste de vos devis.' },
  space_devis_expired: { status: 410, message: 'Ce devis a expiré : sa durée de validité est passée. Demandez-nous un nouveau devis.' },
  space_devis_answered: { status: 409, message: 'Ce devis a déjà reçu une réponse : rechargez la liste de vos devis.' },
  invalid_cursor: { status: 400, message: 'La position dans la liste n’est pas valide. Rechargez la liste.' },
  server_error: { status: 500, message: 'Une erreur interne est survenue. Veuillez réessayer plus tard.' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ApiErrorCode = keyof typeof API_ERRORS;
