/**
 * The devis editor's and section's calls to the API (a request's devis, its draft, sending it, a catalogue
 * product by reference, a version's PDF), with the administrator's token.
 */
import { call, fetchFile, type Result } from '../../lib/api-client';
import { devisAdminActionPath, devisAdminApiPath, devisAdminPdfPath, devisProductApiPath } from '../../lib/paths';
import type { DevisDraft, DevisVersion } from './devis';

/** One sent version as the admin sees it: with its total and, while it stands, the customer's link. */
export interface AdminDevisVersion extends DevisVersion {
  totalTTCCents: number;
  link?: string;
}

/** A request's devis: the draft to edit, the sent versions, the events. */
export interface AdminDevis {
  draft: DevisDraft;
  draftSavedAt?: string;
  versions: AdminDevisVersion[];
  events: { at: string; text: string }[];
}

/** The devis of a request (the draft starts from the request's lines when nothing was saved). */
export async function fetchDevis(token: string, id: string): Promise<Result<AdminDevis>> {
  const result = await call(token, devisAdminApiPath(id));
  return result.ok ? { ok: true, value: result.value.data as AdminDevis } : result;
}

/** Saves the draft; a refusal carries a sentence per field (`lines.0.quantity`). */
export async function saveDevisDraft(token: string, id: string, draft: DevisDraft): Promise<Result<AdminDevis>> {
  const result = await call(token, devisAdminApiPath(id), { method: 'PUT', body: JSON.stringify({ draft }) });
  return result.ok ? { ok: true, value: result.value.data as AdminDevis } : result;
}

/** Sends the draft as a new version. */
export async function sendDevis(token: string, id: string, draft: DevisDraft): Promise<Result<AdminDevis>> {
  const result = await call(token, devisAdminApiPath(id, 'envoi'), { method: 'POST', body: JSON.stringify({ draft }) });
  return result.ok ? { ok: true, value: result.value.data as AdminDevis } : result;
}

/** « Révoquer le lien » of a sent version: its link opens nothing any more. */
export async function revokeDevisLink(token: string, id: string, version: number): Promise<Result<AdminDevis>> {
  const result = await call(token, devisAdminActionPath(id, version, 'revocation'), { method: 'POST', body: '{}' });
  return result.ok ? { ok: true, value: result.value.data as AdminDevis } : result;
}

/** « Annuler l'acceptation » of an accepted version, with the reason (required): a new version can then be sent. */
export async function voidDevisAcceptance(token: string, id: string, version: number, reason: string): Promise<Result<AdminDevis>> {
  const result = await call(token, devisAdminActionPath(id, version, 'annulation'), { method: 'POST', body: JSON.stringify({ reason }) });
  return result.ok ? { ok: true, value: result.value.data as AdminDevis } : result;
}

/** A catalogue product by reference, as a devis line. */
export async function fetchProductByReference(token: string, reference: string): Promise<Result<{ reference: string; designation: string; unitPriceHTCents: number }>> {
  const result = await call(token, devisProductApiPath(reference));
  return result.ok ? { ok: true, value: result.value.data as { reference: string; designation: string; unitPriceHTCents: number } } : result;
}

/** The PDF of a sent version (the admin's token is a header, so it comes as a file to save). */
export const fetchDevisPdf = (token: string, id: string, version: number): Promise<Result<Blob>> => fetchFile(token, devisAdminPdfPath(id, version));
