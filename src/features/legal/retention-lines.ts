/**
 * What the privacy page (/confidentialite) says of how long records are kept: every duration comes from
 * the lifetimes table (src/lib/lifetimes.ts), so the page cannot promise what the daily job does not do.
 * Pure: tests give it a changed table and read the sentences change.
 */
import { LIFETIMES, lifetimeText, type Lifetime, type RecordKind } from '../../lib/lifetimes';

type Table = Record<RecordKind, Lifetime>;

/** The durations the page names inline (« une session dure 30 jours »…). */
export function privacyDurations(table: Table = LIFETIMES) {
  return {
    request: lifetimeText('request', table),
    ticket: lifetimeText('ticket', table),
    repair: lifetimeText('repair', table),
    customerPerson: lifetimeText('customerPerson', table),
    customerSession: lifetimeText('customerSession', table),
    customerSignInLink: lifetimeText('customerSignInLink', table),
    customerInvitationLink: lifetimeText('customerInvitationLink', table),
    journal: lifetimeText('journal', table),
  };
}

/** The « Durée de conservation » list: one line per kind of record a person may ask about. */
export function retentionLines(table: Table = LIFETIMES): Array<{ label: string; text: string }> {
  const d = privacyDurations(table);
  return [
    { label: 'Tickets et rapports d’intervention', text: `pendant toute la durée du contrat, puis ${d.ticket} après sa fin (prescription commerciale).` },
    { label: 'Réparations à l’atelier (ordre de réparation, bon de dépôt, photos)', text: `pendant toute la durée du contrat, puis ${d.repair} après sa fin ou après la restitution de l’appareil si elle est plus tardive.` },
    {
      label: 'Compte d’une personne de l’espace client',
      text: `jusqu’à sa suppression par notre équipe, ou ${d.customerPerson} sans connexion (comptés depuis son invitation si elle ne s’est jamais connectée) : son compte, ses sessions et ses clés d’accès sont alors effacés automatiquement. Supprimer une personne efface son compte et ses sessions, pas les dossiers de son entreprise ; supprimer une entreprise efface aussi ses personnes, ses tickets et leurs rapports, ses réparations et ses appareils de prêt.`,
    },
    { label: 'Lien de connexion', text: `${d.customerSignInLink}, et un seul usage (${d.customerInvitationLink} pour une invitation) ; l’e-mail qui le porte est effacé une fois le lien expiré.` },
    { label: 'Session de l’espace client', text: `${d.customerSession}, ou jusqu’à la déconnexion.` },
    { label: 'Journal de l’équipe', text: `${d.journal}, puis supprimé automatiquement.` },
    {
      label: 'Abonnement aux notifications d’un appareil de l’équipe',
      text: 'jusqu’à ce que la personne coupe les notifications, qu’un administrateur déconnecte ses sessions ou que son compte soit désactivé ; un abonnement déclaré expiré par le service de notification est retiré aussitôt.',
    },
    { label: 'Tableau d’astreinte', text: 'chaque semaine jusqu’à sa modification ; le nom d’un compte désactivé en est retiré.' },
  ];
}
