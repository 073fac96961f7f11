/**
 * The company's public facts: name, offices, phones, e-mails and hours.
 * Every page, the footer, the structured data and the e-mails read them from here.
 */
import type { TerritoryId } from './territories.ts';

export interface Office {
  /** The territory the office serves (its tickets, its urgencies). */
  territory: TerritoryId;
  /** Short region name shown as the card title. */
  region: 'Martinique' | 'Guadeloupe' | 'Guyane';
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
  hours: 'Lun – Ven\u00a0: 8h – 17h',
  /** Business hours for structured data (schema.org OpeningHoursSpecification). */
  openingHours: { days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'], opens: '08:00', closes: '17:00' },
  /** How soon a request gets its answer, as the contact pages and the acknowledgement e-mail promise it. */
  answerDelay: 'sous 24 heures ouvrées',
  emergencyPromise: 'Prise en charge des urgences en moins de 2 heures',
  /** The footer's link to the back office, and the back office's description. */
  adminNotice: 'Espace de l’équipe, réservé aux personnes autorisées.',
} as const;

export const offices: readonly Office[] = [
  {
    territory: 'martinique',
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
    territory: 'guadeloupe',
    region: 'Guadeloupe',
    street: 'Zone industrielle de Jarry, 8 rue Henri Becquerel',
    postalCode: '97122',
    city: 'Baie-Mahault',
    phone: '05 90 26 45 67',
    phoneE164: '+590590264567',
    email: 'guadeloupe@vision-caraibes.fr',
    mapsQuery: '8 rue Henri Becquerel, 97122 Baie-Mahault, Guadeloupe',
  },
  {
    territory: 'guyane',
    region: 'Guyane',
    street: 'Zone d’activités de Collery, 5 rue des Palmistes',
    postalCode: '97300',
    city: 'Cayenne',
    phone: '05 94 29 18 40',
    phoneE164: '+594594291840',
    email: 'guyane@vision-caraibes.fr',
    mapsQuery: '5 rue des Palmistes, 97300 Cayenne, Guyane',
  },
];

/** The office of a territory: its phone is the one a customer of that territory calls for an urgency. */
export const officeOf = (territory: TerritoryId): Office => offices.find((office) => office.territory === territory)!;

/**
 * The company's legal facts (LCEN art. 1-1 and art. 19, shown on /mentions-legales and in the privacy
 * policy). Values marked « fictif » belong to this demonstration company: replace them with the real
 * registration (Kbis), VAT number and director before publishing.
 */
export const legal = {
  form: 'Société par actions simplifiée (SAS)',
  shareCapital: '50 000 €',
  /** Trade and companies register: city of the court and SIREN. */
  rcs: 'RCS Fort-de-France 000 000 000 (numéro fictif)',
  siret: '000 000 000 00011 (numéro fictif)',
  vatNumber: 'FR 00 000000000 (numéro fictif)',
  /** The person responsible for what the site publishes. */
  publicationDirector: 'Le président de Vision Caraïbes SAS (nom à compléter)',
  /** The office that is the registered head office (the first of `offices`). */
  headOfficeRegion: 'Martinique',
  /** Where personal-data requests go (RGPD): the controller's contact. */
  privacyEmail: 'donnees-personnelles@vision-caraibes.fr',
  /** The site's host (LCEN art. 1-1): checked against the host's own legal pages before publishing. */
  host: {
    name: 'Netlify, Inc.',
    address: '2325 3rd Street, Suite 296, San Francisco, CA 94107, États-Unis',
    phone: '+1 844 899 7312',
    website: 'https://www.netlify.com',
  },
  /** The e-mail processor. */
  mailer: {
    name: 'Postmark (ActiveCampaign, LLC)',
    address: '1 North Dearborn Street, 5th Floor, Chicago, IL 60602, États-Unis',
    website: 'https://postmarkapp.com',
  },
  /** The data-protection authority a visitor may complain to. */
  authority: { name: 'Commission nationale de l’informatique et des libertés (CNIL)', website: 'https://www.cnil.fr' },
} as const;

/**
 * Whether a legal value is still this demonstration company's placeholder (« (numéro fictif) », « (nom à
 * compléter) »): the printed documents leave such a line out rather than print a placeholder.
 */
export const isPlaceholder = (value: string): boolean => /\((?:numéro fictif|nom à compléter)\)/.test(value);

/** The registered head office. */
export const headOffice = (): Office => offices.find((office) => office.region === legal.headOfficeRegion)!;

/** A `tel:` link for a phone in E.164 form. */
export const telHref = (e164: string): string => `tel:${e164}`;

/** A navigation-app link (opens Google Maps, or the phone's default maps app) for an office. */
export const directionsHref = (office: Office): string =>
  `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(office.mapsQuery)}`;
