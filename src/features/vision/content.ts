/**
 * The content of /notre-vision: the quote, the history and its statistics (values and
 * counter durations), the six competences, the hardware solutions and the commitments.
 */
import type { IconName } from '../../components/feature-icons';
import { company } from '../../lib/site';
import { solutionPath } from '../../lib/paths';
import { solutionImage } from '../solutions/content';

export const quote = {
  text: 'Être le spécialiste local du point de vente : un partenaire proche, réactif et engagé dans la durée aux côtés de chaque commerçant des Antilles et de la Guyane.',
  author: 'La direction de Vision Caraïbes',
} as const;

export const history = [
  `Fondée en ${company.foundedYear} en Martinique, ${company.name} est née d’un constat simple : les commerçants des Antilles méritent le même niveau de service que ceux de l’Hexagone, sans attendre une pièce ou un technicien pendant des semaines.`,
  'Depuis près de vingt ans, nous avons ouvert une agence en Guadeloupe, étendu nos interventions à la Guyane et constitué une équipe de techniciens et d’ingénieurs formés par les plus grands constructeurs. Notre atelier répare chaque année des centaines d’équipements, et nos stocks locaux permettent de remplacer un matériel défaillant dans la journée.',
  'Aujourd’hui, supérettes, grandes surfaces, pharmacies, enseignes spécialisées et plateformes logistiques nous confient leurs caisses, leurs terminaux de paiement et leur informatique.',
] as const;

/** A statistic shown as an animated counter. */
export interface Stat {
  value: number;
  /** Counter animation duration, in milliseconds. */
  durationMs: number;
  /** Shown before the number (« + » for « more than »). */
  prefix: string;
  label: string;
  /** What a screen reader reads instead of the animated number. */
  spoken: string;
}

export const stats: readonly Stat[] = [
  { value: 20, durationMs: 1800, prefix: '', label: 'ans d’expérience', spoken: 'Environ 20 ans d’expérience' },
  { value: 120, durationMs: 2000, prefix: '+', label: 'clients', spoken: 'Plus de 120 clients' },
  { value: 1000, durationMs: 2500, prefix: '+', label: 'caisses installées', spoken: 'Plus de 1 000 caisses installées' },
  { value: 700, durationMs: 2200, prefix: '+', label: 'réparations par an', spoken: 'Plus de 700 réparations par an' },
  { value: 1000, durationMs: 2800, prefix: '+', label: 'interventions par an', spoken: 'Plus de 1 000 interventions par an' },
];

/** A competence bar (nom, niveau; every level is 100). */
export interface Competence {
  nom: string;
  niveau: number;
}

export const competences: readonly Competence[] = [
  { nom: 'Encaissement & gestion', niveau: 100 },
  { nom: 'Transformation digitale', niveau: 100 },
  { nom: 'Monétique', niveau: 100 },
  { nom: 'Étiquettes électroniques', niveau: 100 },
  { nom: 'Mobilité & chaîne logistique', niveau: 100 },
  { nom: 'Maintenance & SAV', niveau: 100 },
];

/** A hardware solution card (image, title, description). */
export interface HardwareSolution {
  image: string;
  title: string;
  description: string;
  href: string;
}

export const hardware: readonly HardwareSolution[] = [
  {
    image: solutionImage('encaissement-gestion'),
    title: 'Terminaux de caisse',
    description: 'Caisses tactiles, imprimantes de tickets et tiroirs-caisses robustes, prêts pour un usage intensif.',
    href: solutionPath('encaissement-gestion'),
  },
  {
    image: solutionImage('mobilite'),
    title: 'Terminaux mobiles et lecteurs',
    description: 'Terminaux durcis, lecteurs codes-barres 1D/2D et RFID pour l’entrepôt comme pour le magasin.',
    href: solutionPath('mobilite'),
  },
  {
    image: solutionImage('monetique'),
    title: 'Terminaux de paiement',
    description: 'TPE fixes, portables et mobiles conformes PCI-DSS, avec remplacement rapide en cas de panne.',
    href: solutionPath('monetique'),
  },
  {
    image: solutionImage('etiquettes-electroniques'),
    title: 'Étiquettes électroniques',
    description: 'Des prix justes en rayon, synchronisés avec votre caisse en quelques secondes.',
    href: solutionPath('etiquettes-electroniques'),
  },
];

export interface Commitment {
  icon: IconName;
  title: string;
  description: string;
}

export const commitments: readonly Commitment[] = [
  { icon: 'clock', title: 'Réactivité', description: 'Une prise en charge des urgences en moins de 2 heures, du lundi au vendredi.' },
  { icon: 'map', title: 'Proximité', description: 'Des agences et des techniciens en Martinique et en Guadeloupe, qui interviennent aussi en Guyane.' },
  { icon: 'shield', title: 'Fiabilité', description: 'Du matériel de marques reconnues, des installations testées et des paiements conformes PCI-DSS.' },
  { icon: 'handshake', title: 'Accompagnement', description: 'Un interlocuteur qui vous conseille, vous forme et suit votre équipement dans la durée.' },
];
