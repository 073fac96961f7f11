/**
 * The four slides of the home hero slider.
 */
import { paths, solutionPath } from '../../lib/paths';
import { solutionImage } from '../solutions/content';

export interface Slide {
  eyebrow: string;
  title: string;
  text: string;
  /** The slide's call to action. */
  link: { href: string; label: string };
  /** Illustration drawn for the project (480 × 360 SVG); decorative, the text says it all. */
  image: string;
}

export const slides: readonly Slide[] = [
  {
    eyebrow: 'Encaissement & gestion',
    title: 'Des caisses fiables pour un commerce qui avance',
    text: 'Caisses tactiles, logiciels certifiés et périphériques installés par nos techniciens : plus de 1 000 caisses équipées aux Antilles-Guyane.',
    link: { href: solutionPath('encaissement-gestion'), label: 'Découvrir nos solutions de caisse' },
    image: solutionImage('encaissement-gestion'),
  },
  {
    eyebrow: 'Mobilité & chaîne logistique',
    title: 'Votre stock en temps réel, du quai au rayon',
    text: 'Terminaux mobiles, lecteurs codes-barres, RFID et imprimantes d’étiquettes pour fiabiliser chaque mouvement de marchandise.',
    link: { href: solutionPath('mobilite'), label: 'Équiper mon entrepôt' },
    image: solutionImage('mobilite'),
  },
  {
    eyebrow: 'Monétique',
    title: 'Des paiements rapides et sécurisés',
    text: 'Terminaux de paiement conformes PCI-DSS, sans contact et mobiles, reliés à votre caisse et remplacés en cas de panne.',
    link: { href: solutionPath('monetique'), label: 'Voir nos terminaux de paiement' },
    image: solutionImage('monetique'),
  },
  {
    eyebrow: 'Maintenance & SAV',
    title: 'Une panne ? Un technicien en moins de 2 heures',
    text: 'Plus de 700 réparations et 1 000 interventions par an : nos équipes de Martinique, de Guadeloupe et de Guyane veillent sur vos équipements.',
    link: { href: paths.contact, label: 'Contacter le support' },
    image: solutionImage('maintenance-sav'),
  },
];
