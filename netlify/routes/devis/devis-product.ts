/**
 * GET /api/admin/produits/{reference} — a catalogue product by manufacturer reference, for the devis
 * editor's « Ajouter »: { success, data: { reference, designation, unitPriceHTCents } }, or 404 « Aucun
 * produit du catalogue n’a cette référence. ».
 */
import type { DevisProductAnswer } from '../../../src/features/devis/admin-answer.ts';
import { toCents } from '../../../src/lib/price.ts';
import { endpoint } from '../../lib/api/endpoint.ts';
import { findProductByReference } from '../../lib/catalogue/catalogue-search.ts';
import { apiError, json } from '../../lib/http/http.ts';

export default endpoint({
  name: 'devis-product',
  params: { reference: 'product_not_found' },
  methods: {
    GET: {
      // Only the devis editor looks products up; it reads the catalogue and changes nothing.
      permission: 'devis.read',
      handle: async ({ params }) => {
        const product = findProductByReference(params.reference);
        if (!product) return apiError('product_not_found');
        return json({ success: true, data: { reference: product.reference, designation: product.name, unitPriceHTCents: toCents(product.priceHT) } } satisfies DevisProductAnswer);
      },
    },
  },
});
