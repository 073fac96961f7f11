/**
 * The addresses of the workshop's pages and API, in one light module (no zod) for the functions, the
 * islands, the e-mails and the deposit slip's QR code.
 */
import { spacePaths } from '../../lib/paths';

const id = (value: string): string => encodeURIComponent(value);

/** The admin's pages of the workshop (a repair's page is one static page, the repair in `?id=`). */
export const repairPages = {
  board: '/admin/atelier',
  counter: '/admin/atelier/comptoir',
  view: (repairId: string): string => `/admin/atelier/reparation?id=${id(repairId)}`,
  /** The customers' « Mes réparations » and one repair there. */
  space: spacePaths.repairs,
  spaceView: (repairId: string): string => `${spacePaths.repairs}?id=${id(repairId)}`,
  /**
   * What the deposit slip's QR code opens: one address for everyone, whose page sends staff signed in to
   * the back office to the order and anyone else to the customers' space.
   */
  qr: (repairId: string): string => `${spacePaths.home}/reparation?id=${id(repairId)}`,
} as const;

/** The staff's API of the workshop. */
export const repairApi = {
  /** GET the board (?etat=, ?q=, ?page=); POST opens a repair. */
  board: '/api/atelier',
  repair: (repairId: string): string => `/api/atelier/${id(repairId)}`,
  reception: (repairId: string): string => `/api/atelier/${id(repairId)}/reception`,
  devis: (repairId: string): string => `/api/atelier/${id(repairId)}/devis`,
  loan: (repairId: string): string => `/api/atelier/${id(repairId)}/pret`,
  slip: (repairId: string): string => `/api/atelier/${id(repairId)}/bon-de-depot`,
  label: (repairId: string): string => `/api/atelier/${id(repairId)}/etiquette`,
  photo: (repairId: string, photoId: string): string => `/api/atelier/${id(repairId)}/photos/${id(photoId)}`,
  /** A company's repairs and loan pool (GET), a device added to the pool (POST). */
  company: (companyId: string): string => `/api/clients/${id(companyId)}/atelier`,
} as const;

/** The customers' space's API of their repairs. */
export const spaceRepairApi = {
  list: '/api/espace-client/reparations',
  repair: (repairId: string): string => `/api/espace-client/reparations/${id(repairId)}`,
  slip: (repairId: string): string => `/api/espace-client/reparations/${id(repairId)}/bon-de-depot`,
} as const;
