/**
 * The company's equipment (« Mes équipements »):
 * - GET /api/espace-client/equipements: each piece with its shop, contract, product page and documents;
 * - GET /api/espace-client/equipements/{id}: one piece.
 * Another company's piece answers 404, as one that does not exist.
 */
import type { Config } from '@netlify/functions';
import type { SpaceEquipment, SpaceEquipmentListAnswer } from '../../src/features/space/answers.ts';
import { endpoint } from '../lib/api/endpoint.ts';
import { apiError, json, routeParam } from '../lib/http/http.ts';
import { companyEquipment, companyEquipmentPiece } from '../lib/space/space-equipment.ts';

export default endpoint({
  name: 'space-equipment',
  methods: {
    GET: {
      permission: 'customer',
      handle: async ({ customer, context }) => {
        const id = routeParam(context, 'id');
        if (id === undefined) return json({ success: true, data: await companyEquipment(customer!.company) } satisfies SpaceEquipmentListAnswer);
        const found = await companyEquipmentPiece(customer!.company, id);
        return found ? json({ success: true, data: found } satisfies { success: true; data: SpaceEquipment }) : apiError('equipment_not_found');
      },
    },
  },
});

export const config: Config = { path: ['/api/espace-client/equipements', '/api/espace-client/equipements/:id'] };
