/**
 * The company's public facts: name, offices, phones, e-mails and hours.
 * Every page, the footer, the structured data and the e-mails read them from here.
 */

export interface Office {
  /** Short region name shown as the card title. */
  region: 'Martinique' | 'Guadeloupe';
  street: string;
  postalCode: string;
  city: string;
  /** Phone as displayed (French format). */
  phone: string;
  /** Phone in E.164 form, for `tel:` links and structured data. */
  phoneE164: string;
  email: string;
  /** Query for a navigation app (Google Maps / Waze accept it). */
  mapsQuery: string;
}

export const company = {
  name: 'Vision Caraïbes',
  legalName: 'Vision Caraïbes SAS',
  storeName: 'VisionStore',
  tagline: 'Informatique & point de vente aux Antilles-Guyane',
  foundedYear: 2005,
  /** Territories the company serves. */
  areaServed: ['Martinique', 'Guadeloupe', 'Guyane'],
  email: 'contact@vision-caraibes.fr',
  /** Business hours, as shown to visitors. */
  hours: 'Lun – Ven : 8h – 17h',
  /** Business hours for structured data (schema.org OpeningHoursSpecification). */
  openingHours: { days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'], opens: '08:00', closes: '17:00' },
  /** How soon a request gets its answer, as the contact pages and the acknowledgement e-mail promise it. */
  answerDelay: 'sous 24 heures ouvrées',
  emergencyPromise: 'Prise en charge des urgences en moins de 2 heures',
  adminNotice: 'Espace d’administration réservé aux administrateurs autorisés.',
} as const;

export const offices: readonly Office[] = [
  {
    region: 'Martinique',
    street: 'Centre d’affaires La Lézarde, 12 rue Léon Gontran Damas',
    postalCode: '97232',
    city: 'Le Lamentin',
    phone: '05 96 50 12 34',
    phoneE164: '+596596501234',
    email: 'martinique@vision-caraibes.fr',
    mapsQuery: '12 rue Léon Gontran Damas, 97232 Le Lamentin, Martinique',
  },
  {
    region: 'Guadeloupe',
    street: 'Zone industrielle de Jarry, 8 rue Henri Becquerel',
    postalCode: '97122',
    city: 'Baie-Mahault',
    phone: '05 90 26 45 67',
    phoneE164: '+590590264567',
    email: 'guadeloupe@vision-caraibes.fr',
    mapsQuery: '8 rue Henri Becquerel, 97122 Baie-Mahault, Guadeloupe',
  },
];

/** A `tel:` link for a phone in E.164 form. */
export const telHref = (e164: string): string => `tel:${e164}`;

/** A navigation-app link (opens Google Maps, or the phone's default maps app) for an office. */
export const directionsHref = (office: Office): string =>
  `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(office.mapsQuery)}`;
