/**
 * The content of the eight solution pages: four feature cards, four benefits with an
 * image, and the call to action. The slugs, titles and summaries stay in src/lib/solutions.ts (the
 * header and the home cards read them); this module adds what only the pages show, keyed by slug.
 */
import { solutionAreas, type SolutionArea, type SolutionSlug } from '../../lib/solutions';
import type { IconName } from '../../components/feature-icons';
import { spacePaths } from '../../lib/paths';
import { inTerritories } from '../../lib/territories';

/** A feature card or a benefit item (icon, title, description). */
export interface SolutionPoint {
  icon: IconName;
  title: string;
  description: string;
  /** A link under a feature card's text (the « Extranet client » card leads to the customers' space). */
  link?: { href: string; label: string };
}

export interface SolutionContent {
  /** A short paragraph under the hero, saying whom the offer is for. */
  intro: string;
  features: readonly [SolutionPoint, SolutionPoint, SolutionPoint, SolutionPoint];
  benefitsTitle: string;
  benefits: readonly [SolutionPoint, SolutionPoint, SolutionPoint, SolutionPoint];
  /** Text alternative of the page's illustration (public/images/solutions/{slug}.svg). */
  imageAlt: string;
  cta: { title: string; text: string; label: string };
}

const content = {
  'encaissement-gestion': {
    intro:
      'Boulangerie, boutique de prêt-à-porter, pharmacie ou supermarché : nous choisissons avec vous la caisse et le logiciel adaptés à votre métier, puis nous les installons, les paramétrons et formons vos équipes.',
    features: [
      { icon: 'register', title: 'Caisses tactiles', description: 'Des terminaux de caisse robustes et ergonomiques, pensés pour un usage intensif et la chaleur des Antilles.' },
      { icon: 'chart', title: 'Gestion commerciale', description: 'Stocks, achats, fidélité et statistiques de vente réunis dans un logiciel unique, consultable à distance.' },
      { icon: 'printer', title: 'Périphériques', description: 'Imprimantes de tickets, tiroirs-caisses, afficheurs clients et balances connectés et testés avant la mise en service.' },
      { icon: 'shield', title: 'Conformité NF525', description: 'Des logiciels certifiés, conformes à la loi anti-fraude à la TVA, avec archivage sécurisé des données.' },
    ],
    benefitsTitle: 'Un encaissement plus rapide, une gestion plus sereine',
    benefits: [
      { icon: 'clock', title: 'Des files d’attente réduites', description: 'Un passage en caisse fluide, même les jours d’affluence et de fêtes.' },
      { icon: 'chart', title: 'Des chiffres en temps réel', description: 'Suivez votre chiffre d’affaires et vos marges magasin par magasin, où que vous soyez.' },
      { icon: 'users', title: 'Des équipes formées', description: 'Nos formateurs accompagnent vos caissiers et vos responsables dès le premier jour.' },
      { icon: 'wrench', title: 'Un support local', description: `Une assistance téléphonique et des techniciens sur place ${inTerritories()}.` },
    ],
    imageAlt: 'Illustration d’un poste de caisse avec écran tactile, imprimante de tickets et tiroir-caisse',
    cta: { title: 'Un projet de caisse ?', text: 'Décrivez-nous votre point de vente : nous vous proposons une démonstration et un devis détaillé.', label: 'Demander une démonstration' },
  },
  ingenierie: {
    intro:
      'De l’audit à la supervision, nos ingénieurs conçoivent une informatique fiable et sécurisée pour vos magasins, vos entrepôts et vos bureaux, et en assurent le suivi au quotidien.',
    features: [
      { icon: 'server', title: 'Serveurs et virtualisation', description: 'Dimensionnement, installation et virtualisation de vos serveurs, sur site ou hébergés.' },
      { icon: 'wifi', title: 'Réseaux et wifi', description: 'Câblage, commutateurs et couverture wifi professionnelle de vos surfaces de vente et de stockage.' },
      { icon: 'shield', title: 'Sécurité', description: 'Pare-feu, antivirus managé et sauvegardes externalisées pour protéger vos données.' },
      { icon: 'chart', title: 'Supervision', description: 'Vos équipements surveillés en continu : nous détectons les incidents avant qu’ils ne vous gênent.' },
    ],
    benefitsTitle: 'Une infrastructure qui tient ses promesses',
    benefits: [
      { icon: 'check', title: 'Un audit sans engagement', description: 'Un état des lieux précis de votre parc et des priorités chiffrées.' },
      { icon: 'clock', title: 'Moins d’interruptions', description: 'Une architecture redondante qui garde vos caisses et vos entrepôts en activité.' },
      { icon: 'cloud', title: 'Des sauvegardes testées', description: 'Des restaurations vérifiées régulièrement, pour repartir vite après un incident.' },
      { icon: 'users', title: 'Un interlocuteur unique', description: 'Un ingénieur référent qui connaît votre installation et vos contraintes.' },
    ],
    imageAlt: 'Illustration d’une baie de serveurs reliée à des postes de travail',
    cta: { title: 'Faites auditer votre infrastructure', text: 'Nos ingénieurs viennent sur site, analysent votre installation et vous remettent un plan d’action.', label: 'Planifier un audit' },
  },
  'etiquettes-electroniques': {
    intro:
      'Les étiquettes électroniques de gondole affichent en rayon le prix exact de votre caisse. Fini les erreurs d’étiquetage et les heures passées à changer les prix à la main.',
    features: [
      { icon: 'tag', title: 'Étiquettes e-paper', description: 'Des écrans lisibles sous tous les angles, à très faible consommation, en noir, blanc, rouge ou jaune.' },
      { icon: 'sync', title: 'Synchronisation avec la caisse', description: 'Les prix sont mis à jour automatiquement depuis votre logiciel de caisse, en quelques secondes.' },
      { icon: 'wifi', title: 'Infrastructure radio', description: 'Des bornes installées et réglées pour couvrir l’ensemble de votre surface de vente.' },
      { icon: 'phone', title: 'Pilotage mobile', description: 'Associez un article à une étiquette en la scannant depuis un terminal ou un smartphone.' },
    ],
    benefitsTitle: 'Des prix justes, partout, tout le temps',
    benefits: [
      { icon: 'check', title: 'Zéro écart de prix', description: 'Le prix affiché est toujours celui encaissé : vos clients vous font confiance.' },
      { icon: 'clock', title: 'Du temps gagné', description: 'Vos équipes se consacrent au conseil et à la mise en rayon plutôt qu’au réétiquetage.' },
      { icon: 'leaf', title: 'Moins de papier', description: 'Plus d’impressions d’étiquettes à chaque promotion : un geste concret pour l’environnement.' },
      { icon: 'chart', title: 'Des promotions réactives', description: 'Lancez une opération dans tous vos magasins au même instant.' },
    ],
    imageAlt: 'Illustration de rayons équipés d’étiquettes électroniques affichant des prix',
    cta: { title: 'Voyez-les fonctionner dans votre magasin', text: 'Nous installons un rayon pilote pour vous montrer le gain de temps avant tout déploiement.', label: 'Demander un rayon pilote' },
  },
  mobilite: {
    intro:
      'Réception, préparation de commandes, inventaires, traçabilité : nous équipons vos entrepôts et vos magasins de terminaux mobiles, de lecteurs et d’imprimantes qui fiabilisent chaque mouvement de stock.',
    features: [
      { icon: 'phone', title: 'Terminaux mobiles', description: 'Des terminaux durcis Android avec lecteur intégré, conçus pour les chutes, la poussière et l’humidité.' },
      { icon: 'scan', title: 'Lecteurs codes-barres 1D/2D', description: 'Lecteurs filaires, sans fil ou industriels pour la caisse, l’entrepôt et la production.' },
      { icon: 'printer', title: 'Impression d’étiquettes', description: 'Imprimantes industrielles, étiquettes et rubans adaptés à vos produits et à vos normes logistiques.' },
      { icon: 'wifi', title: 'RFID et gestion de flotte', description: 'Identification RFID et gestion centralisée de vos appareils pour les déployer et les mettre à jour à distance.' },
    ],
    benefitsTitle: 'Un stock juste, des commandes prêtes à l’heure',
    benefits: [
      { icon: 'check', title: 'Moins d’erreurs de préparation', description: 'Chaque colis est contrôlé par lecture : le bon article, la bonne quantité.' },
      { icon: 'clock', title: 'Des inventaires plus courts', description: 'Comptez vos stocks en quelques heures au lieu de plusieurs jours.' },
      { icon: 'chart', title: 'Une traçabilité complète', description: 'Suivez vos lots et vos dates de péremption du quai de réception jusqu’au rayon.' },
      { icon: 'wrench', title: 'Un parc toujours disponible', description: 'Prêt de matériel et réparation en atelier pour ne jamais arrêter vos opérations.' },
    ],
    imageAlt: 'Illustration d’un terminal mobile lisant le code-barres d’un carton',
    cta: { title: 'Équipez vos équipes terrain', text: 'Nous testons avec vous les terminaux les mieux adaptés à vos flux avant de les déployer.', label: 'Parler de mon entrepôt' },
  },
  monetique: {
    intro:
      'Terminaux fixes, portables ou mobiles : nous installons et maintenons des solutions de paiement conformes PCI-DSS, qui acceptent la carte, le sans contact et le paiement mobile.',
    features: [
      { icon: 'card', title: 'Terminaux de paiement', description: 'TPE fixes, portables et mobiles, raccordés à votre caisse pour éviter toute ressaisie du montant.' },
      { icon: 'shield', title: 'Conformité PCI-DSS', description: 'Des équipements et des procédures conformes aux exigences de sécurité des cartes bancaires.' },
      { icon: 'wifi', title: 'Sans contact et mobile', description: 'Cartes sans contact, smartphones et montres acceptés en toute sécurité.' },
      { icon: 'sync', title: 'Location et maintenance', description: 'Des formules de location avec échange standard du terminal en cas de panne.' },
    ],
    benefitsTitle: 'Des paiements sûrs, sans attente',
    benefits: [
      { icon: 'clock', title: 'Un encaissement plus rapide', description: 'Le montant part directement de la caisse vers le terminal : moins d’erreurs, moins d’attente.' },
      { icon: 'shield', title: 'Des données protégées', description: 'Les données des cartes de vos clients ne transitent jamais en clair.' },
      { icon: 'wrench', title: 'Un terminal de remplacement', description: 'En cas de panne, un appareil de prêt configuré pour ne perdre aucune vente.' },
      { icon: 'users', title: 'Un accompagnement bancaire', description: 'Nous faisons le lien avec votre banque pour le paramétrage de votre contrat.' },
    ],
    imageAlt: 'Illustration d’un terminal de paiement et d’une carte bancaire sans contact',
    cta: { title: 'Modernisez vos moyens de paiement', text: 'Indiquez-nous votre activité et vos volumes : nous vous conseillons le terminal adapté.', label: 'Obtenir un conseil' },
  },
  'transformation-digitale': {
    intro:
      'Dématérialiser vos documents, connecter vos équipes, exploiter vos données : nous vous accompagnons pas à pas, avec des outils éprouvés et une formation de vos collaborateurs.',
    features: [
      { icon: 'cloud', title: 'Outils collaboratifs', description: 'Messagerie, partage de documents et visioconférence déployés et sécurisés pour vos équipes.' },
      { icon: 'file', title: 'Dématérialisation', description: 'Factures, bons de livraison et archives numérisés, classés et retrouvés en un instant.' },
      { icon: 'chart', title: 'Tableaux de bord', description: 'Vos indicateurs de vente, de stock et de service réunis sur un même écran.' },
      { icon: 'users', title: 'Conduite du changement', description: 'Formation et accompagnement de vos collaborateurs pour une adoption réussie.' },
    ],
    benefitsTitle: 'Le numérique au service de votre activité',
    benefits: [
      { icon: 'clock', title: 'Des tâches automatisées', description: 'Moins de saisies répétitives, plus de temps pour vos clients.' },
      { icon: 'cloud', title: 'Un accès partout', description: 'Vos documents et vos applications accessibles en magasin, au bureau ou en déplacement.' },
      { icon: 'shield', title: 'Des données sécurisées', description: 'Droits d’accès, sauvegardes et conformité au RGPD pris en charge.' },
      { icon: 'check', title: 'Une feuille de route claire', description: 'Des étapes chiffrées et priorisées, adaptées à votre budget.' },
    ],
    imageAlt: 'Illustration d’un écran de tableau de bord relié à un espace de stockage en ligne',
    cta: { title: 'Construisons votre feuille de route', text: 'Un premier entretien pour identifier les gains rapides et les projets prioritaires.', label: 'Prendre rendez-vous' },
  },
  'cash-management': {
    intro:
      'Les monnayeurs automatiques et les coffres intelligents encaissent et rendent la monnaie à la place de vos caissiers : moins d’erreurs, plus d’hygiène et des fonds en sécurité.',
    features: [
      { icon: 'coins', title: 'Monnayeurs automatiques', description: 'Pièces et billets acceptés, contrôlés et rendus automatiquement, directement reliés à la caisse.' },
      { icon: 'shield', title: 'Coffres intelligents', description: 'Dépôts sécurisés et comptés en temps réel, avec moins de manipulations d’espèces.' },
      { icon: 'chart', title: 'Suivi des fonds', description: 'Le contenu de chaque appareil consultable à distance pour organiser vos remises en banque.' },
      { icon: 'wrench', title: 'Maintenance préventive', description: 'Nettoyage et contrôle réguliers pour un fonctionnement sans interruption.' },
    ],
    benefitsTitle: 'Des espèces maîtrisées de bout en bout',
    benefits: [
      { icon: 'check', title: 'Zéro écart de caisse', description: 'Fini les erreurs de rendu et les longs comptages de fin de journée.' },
      { icon: 'shield', title: 'Moins de risques', description: 'Les espèces restent enfermées dans l’appareil : vol et démarque réduits.' },
      { icon: 'leaf', title: 'Plus d’hygiène', description: 'Vos équipes ne touchent plus la monnaie en servant des produits frais.' },
      { icon: 'clock', title: 'Des clôtures rapides', description: 'La caisse est comptée automatiquement : vos équipes terminent à l’heure.' },
    ],
    imageAlt: 'Illustration d’un monnayeur automatique rendant la monnaie, avec billets et coffre sécurisé',
    cta: { title: 'Sécurisez vos espèces', text: 'Nous étudions vos volumes d’espèces et vous proposons la solution la plus adaptée.', label: 'Étudier mon projet' },
  },
  'maintenance-sav': {
    intro:
      'Caisses, terminaux, imprimantes, réseaux : nos techniciens entretiennent et réparent vos équipements dans notre atelier ou sur site, avec une prise en charge des urgences en moins de 2 heures.',
    features: [
      { icon: 'file', title: 'Contrats de maintenance', description: 'Des contrats sur mesure avec délais d’intervention garantis et maintenance préventive.' },
      { icon: 'wrench', title: 'Atelier de réparation', description: 'Plus de 700 réparations par an dans notre atelier, avec pièces d’origine constructeur.' },
      { icon: 'clock', title: 'Urgences en moins de 2 heures', description: 'Une caisse bloquée ? Un technicien prend en charge votre urgence en moins de 2 heures.' },
      {
        icon: 'cloud',
        title: 'Extranet client',
        description: 'Votre extranet pour ouvrir et suivre vos tickets d’incident et consulter la documentation de vos équipements.',
        link: { href: spacePaths.home, label: 'Accéder à l’espace client' },
      },
    ],
    benefitsTitle: 'Vos équipements disponibles, votre activité continue',
    benefits: [
      { icon: 'users', title: 'Des techniciens certifiés', description: `Des équipes formées par les constructeurs, présentes ${inTerritories()}.` },
      { icon: 'sync', title: 'Du matériel de prêt', description: 'Un appareil de remplacement pendant la réparation du vôtre.' },
      { icon: 'file', title: 'Un suivi transparent', description: 'Chaque intervention est tracée dans votre extranet, avec son rapport et sa documentation.' },
      { icon: 'chart', title: 'Plus de 1 000 interventions par an', description: 'Une expérience du terrain au service de la disponibilité de vos points de vente.' },
    ],
    imageAlt: 'Illustration d’un poste de travail en réparation, avec une clé et un chronomètre indiquant moins de 2 heures',
    cta: { title: 'Besoin d’un contrat de maintenance ?', text: 'Faites le point avec nous sur votre parc et choisissez le niveau de service qui vous convient.', label: 'Demander un devis de maintenance' },
  },
} as const satisfies Record<SolutionSlug, SolutionContent>;

/** A solution page's full data: the area of src/lib/solutions.ts plus its page content. */
export type SolutionPage = SolutionArea & SolutionContent & { slug: SolutionSlug; image: string };

/** Where a solution's illustration is served from (480 × 360 SVG drawn for the project). */
export const solutionImage = (slug: SolutionSlug): string => `/images/solutions/${slug}.svg`;

/** The eight solution pages, in the order of the header menu. */
export const solutionPages: readonly SolutionPage[] = solutionAreas.map((area) => ({
  ...area,
  ...content[area.slug],
  image: solutionImage(area.slug),
}));
