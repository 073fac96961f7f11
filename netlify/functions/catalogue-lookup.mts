/**
 * GET /api/admin/catalogue?q=… (equipment.write) — the catalogue's products whose name, reference or code
 * hold the text, for a piece of equipment's model: { success, data: [{ id, name, reference, code }] }, at
 * most 8, the product whose reference or code is the text first; [] for an empty text.
 */
import type { Config } from '@netlify/functions';
import type { ProductChoice } from '../../src/features/customers/admin-api.ts';
import { endpoint } from '../lib/api/endpoint.ts';
import { searchProducts } from '../lib/catalogue/catalogue-search.ts';
import { json } from '../lib/http/http.ts';

export default endpoint({
  name: 'catalogue-lookup',
  methods: {
    GET: {
      permission: 'equipment.write',
      handle: async ({ request }) => {
        const text = (new URL(request.url).searchParams.get('q') ?? '').slice(0, 100);
        const data: ProductChoice[] = searchProducts(text).map(({ id, name, reference, code }) => ({ id, name, reference, ...(code ? { code } : {}) }));
        return json({ success: true, data });
      },
    },
  },
});

export const config: Config = {
  path: '/api/admin/catalogue',
};
