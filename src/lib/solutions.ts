/**
 * The eight solution areas: the header menu, the home cards and the solution pages all list them
 * from here, in this order.
 */

export interface SolutionArea {
  slug: string;
  /** Full title, used as the page title and card title. */
  title: string;
  /** One sentence summing up the offer (cards, menu, meta description). */
  summary: string;
}

export const solutionAreas = [
  {
    slug: 'encaissement-gestion',
    title: 'Encaissement & Gestion',
    summary: 'Caisses, logiciels de gestion commerciale et terminaux de vente pour les commerces de proximité comme pour la grande distribution.',
  },
  {
    slug: 'ingenierie',
    title: 'Ingénierie systèmes',
    summary: 'Conception, déploiement et supervision de vos serveurs, réseaux et postes de travail.',
  },
  {
    slug: 'etiquettes-electroniques',
    title: 'Étiquettes électroniques',
    summary: 'Des prix justes en rayon, mis à jour en quelques secondes depuis votre système de caisse.',
  },
  {
    slug: 'mobilite',
    title: 'Mobilité & chaîne logistique',
    summary: 'Terminaux mobiles, lecteurs codes-barres, RFID et impression d’étiquettes pour l’entrepôt et le magasin.',
  },
  {
    slug: 'monetique',
    title: 'Monétique',
    summary: 'Terminaux de paiement conformes PCI-DSS, sans contact et mobiles, installés et maintenus sur place.',
  },
  {
    slug: 'transformation-digitale',
    title: 'Transformation digitale',
    summary: 'Dématérialisation, outils collaboratifs et données\u00a0: nous accompagnons chaque étape de votre projet numérique.',
  },
  {
    slug: 'cash-management',
    title: 'Gestion des espèces',
    summary: 'Monnayeurs automatiques et coffres intelligents pour sécuriser et fiabiliser la gestion des espèces.',
  },
  {
    slug: 'maintenance-sav',
    title: 'Maintenance & SAV',
    summary: 'Contrats de maintenance, atelier de réparation et intervention d’urgence en moins de 2 heures.',
  },
] as const satisfies readonly SolutionArea[];

export type SolutionSlug = (typeof solutionAreas)[number]['slug'];
