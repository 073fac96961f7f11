/**
 * The default conditions of a devis, in one place: the editor starts from them and the administrator may
 * change them for one devis.
 */
import { formatCents } from '../../lib/price.ts';
import { FREE_SHIPPING_OVER_CENTS, SHIPPING_CENTS } from '../../lib/constants.ts';

/** How long a devis holds, by default. */
export const DEFAULT_VALIDITY_DAYS = 30;

export const DEFAULT_PAYMENT_TERMS =
  'Acompte de 30 % à la commande, solde à la livraison. Règlement par virement ou chèque. ' +
  'En cas de retard de paiement\u00a0: pénalités au taux d’intérêt légal majoré de 10 points et indemnité forfaitaire de 40 € pour frais de recouvrement (art. L441-10 du Code de commerce). Pas d’escompte pour paiement anticipé.';

export const DEFAULT_DELIVERY_TERMS =
  `Livraison sous 10 à 15 jours ouvrés après réception de l’acompte, sous réserve de disponibilité. Frais de livraison offerts au-delà de ${formatCents(FREE_SHIPPING_OVER_CENTS)} HT d’achats, sinon ${formatCents(SHIPPING_CENTS)} HT. Installation et formation sur devis séparé.`;
