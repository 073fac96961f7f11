/**
 * GET /api/admin/produits/{reference} — a catalogue product by manufacturer reference, for the devis
 * editor's « Ajouter » (bearer token): { success, data: { reference, designation, unitPriceHTCents } }, or
 * 404 « Aucun produit du catalogue n’a cette référence. ».
 */
import type { Config, Context } from '@netlify/functions';
import { toCents } from '../../src/lib/price.ts';
import { authenticate } from '../lib/auth/auth.ts';
import { findProductByReference } from '../lib/catalogue/catalogue-search.ts';
import { json, jsonError, methodNotAllowed, pathParam, serverError } from '../lib/http/http.ts';

export default async (request: Request, context?: Context): Promise<Response> => {
  if (request.method !== 'GET') return methodNotAllowed(['GET']);
  try {
    const auth = await authenticate(request, 'devis-product');
    if (!auth.ok) return auth.response;
    const product = findProductByReference(pathParam(request, context, 'reference', 1) ?? '');
    if (!product) return jsonError(404, 'Aucun produit du catalogue n’a cette référence.');
    return json({ success: true, data: { reference: product.reference, designation: product.name, unitPriceHTCents: toCents(product.priceHT) } });
  } catch (error) {
    return serverError('devis-product', error);
  }
};

export const config: Config = {
  path: '/api/admin/produits/:reference',
};
