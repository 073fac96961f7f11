/**
 * The devis editor's and section's calls to the API (a request's devis, its draft, sending it, a catalogue
 * product by reference, a version's PDF), with the administrator's token.
 */
import { call, checked, fetchFile, type Result } from '../../lib/api-client';
import { devisAdminActionPath, devisAdminApiPath, devisAdminPdfPath, devisProductApiPath } from '../../lib/paths';
import { adminDevisAnswerSchema, devisProductAnswerSchema, devisSendAnswerSchema, type AdminDevis, type AdminDevisVersion } from './admin-answer';
import type { DevisDraft } from './devis';

export type { AdminDevis, AdminDevisVersion };

/** The devis of the answer, checked with its schema. */
const devisOf = (result: Result<Record<string, unknown>>): Result<AdminDevis> => {
  const answer = checked(result, adminDevisAnswerSchema);
  return answer.ok ? { ok: true, value: answer.value.data } : answer;
};

/** The devis of a request (the draft starts from the request's lines when nothing was saved). */
export async function fetchDevis(token: string, id: string): Promise<Result<AdminDevis>> {
  return devisOf(await call(token, devisAdminApiPath(id)));
}

/** Saves the draft; a refusal carries a sentence per field (`lines.0.quantity`). */
export async function saveDevisDraft(token: string, id: string, draft: DevisDraft): Promise<Result<AdminDevis>> {
  return devisOf(await call(token, devisAdminApiPath(id), { method: 'PUT', body: JSON.stringify({ draft }) }));
}

/** Sends the draft as a new version. */
export async function sendDevis(token: string, id: string, draft: DevisDraft): Promise<Result<AdminDevis>> {
  const result = checked(await call(token, devisAdminApiPath(id, 'envoi'), { method: 'POST', body: JSON.stringify({ draft }) }), devisSendAnswerSchema);
  return result.ok ? { ok: true, value: result.value.data } : result;
}

/** « Révoquer le lien » of a sent version: its link opens nothing any more. */
export async function revokeDevisLink(token: string, id: string, version: number): Promise<Result<AdminDevis>> {
  return devisOf(await call(token, devisAdminActionPath(id, version, 'revocation'), { method: 'POST', body: '{}' }));
}

/** « Annuler l'acceptation » of an accepted version, with the reason (required): a new version can then be sent. */
export async function voidDevisAcceptance(token: string, id: string, version: number, reason: string): Promise<Result<AdminDevis>> {
  return devisOf(await call(token, devisAdminActionPath(id, version, 'annulation'), { method: 'POST', body: JSON.stringify({ reason }) }));
}

/** A catalogue product by reference, as a devis line. */
export async function fetchProductByReference(token: string, reference: string): Promise<Result<{ reference: string; designation: string; unitPriceHTCents: number }>> {
  const result = checked(await call(token, devisProductApiPath(reference)), devisProductAnswerSchema);
  return result.ok ? { ok: true, value: result.value.data } : result;
}

/** The PDF of a sent version (the admin's token is a header, so it comes as a file to save). */
export const fetchDevisPdf = (token: string, id: string, version: number): Promise<Result<Blob>> => fetchFile(token, devisAdminPdfPath(id, version));
