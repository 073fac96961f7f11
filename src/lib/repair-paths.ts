/**
 * The addresses of the workshop's pages and API calls, in one light module (no zod) for the functions, the
 * islands, the e-mails and the deposit slip's QR code.
 */
import { API, apiPath } from './api-routes.ts';
import { spacePaths } from './paths.ts';

const id = (value: string): string => encodeURIComponent(value);

/** The admin's pages of the workshop (a repair's page is one static page, the repair in `?id=`). */
export const repairPages = {
  board: '/admin/atelier',
  counter: '/admin/atelier/comptoir',
  view: (repairId: string): string => `/admin/atelier/reparation?id=${id(repairId)}`,
  /** The counter receiving a repair opened « Attendu » (its slip signed then). */
  receive: (repairId: string): string => `/admin/atelier/comptoir?reparation=${id(repairId)}`,
  /** The customers' « Mes réparations » and one repair there. */
  space: spacePaths.repairs,
  spaceView: (repairId: string): string => `${spacePaths.repairs}?id=${id(repairId)}`,
  /**
   * What the deposit slip's QR code opens: one address for everyone, whose page sends staff signed in to
   * the back office to the order and anyone else to the customers' space.
   */
  qr: (repairId: string): string => `${spacePaths.home}/reparation?id=${id(repairId)}`,
} as const;

/** The staff's API of the workshop (its paths: src/lib/api-routes.ts). */
export const repairApi = {
  /** GET the board (?etat=, ?q=, ?page=); POST opens a repair. */
  board: apiPath(API.repairs),
  repair: (repairId: string): string => apiPath(API.repair, { id: repairId }),
  reception: (repairId: string): string => apiPath(API.repairReception, { id: repairId }),
  devis: (repairId: string): string => apiPath(API.repairDevis, { id: repairId }),
  loan: (repairId: string): string => apiPath(API.repairLoan, { id: repairId }),
  slip: (repairId: string): string => apiPath(API.repairSlip, { id: repairId }),
  label: (repairId: string): string => apiPath(API.repairLabel, { id: repairId }),
  report: (repairId: string): string => apiPath(API.repairReport, { id: repairId }),
  photo: (repairId: string, photoId: string): string => apiPath(API.repairPhoto, { id: repairId, photoId }),
  /** A company's repairs and loan pool (GET), a device added to the pool (POST). */
  company: (companyId: string): string => apiPath(API.companyWorkshop, { id: companyId }),
} as const;

/** The customers' space's API of their repairs. */
export const spaceRepairApi = {
  list: apiPath(API.spaceRepairs),
  repair: (repairId: string): string => apiPath(API.spaceRepair, { id: repairId }),
  slip: (repairId: string): string => apiPath(API.spaceRepairSlip, { id: repairId }),
  report: (repairId: string): string => apiPath(API.spaceRepairReport, { id: repairId }),
} as const;
