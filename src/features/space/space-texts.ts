/** The French words of the customers' space that several of its pages say, each written once. */
import { spacePaths } from '../../lib/paths';

/** The space's name: its navigation's label, its pages' section. */
export const SPACE_NAME = 'Espace client';

/** The space's navigation, in order (« Se déconnecter » follows, a button). */
export const SPACE_LINKS = [
  { href: spacePaths.home, label: 'Accueil' },
  { href: spacePaths.tickets, label: 'Mes tickets' },
  { href: spacePaths.repairs, label: 'Mes réparations' },
  { href: spacePaths.devis, label: 'Mes devis' },
  { href: spacePaths.requests, label: 'Mes demandes' },
  { href: spacePaths.equipment, label: 'Mes équipements' },
  { href: spacePaths.account, label: 'Mon compte' },
] as const;
