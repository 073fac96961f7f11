/**
 * The company's equipment (« Mes équipements »):
 * - GET /api/espace-client/equipements: each piece with its shop, contract, product page and documents (SpaceEquipment[]);
 * - GET /api/espace-client/equipements/{id}: one piece (SpaceEquipment).
 * Another company's piece answers 404, as one that does not exist.
 */
import { endpoint } from '../../lib/api/endpoint.ts';
import { companyEquipment, companyEquipmentPiece } from '../../lib/customers/equipment-view.ts';
import { listOrOne } from '../../lib/space/space-http.ts';

export default endpoint({
  name: 'space-equipment',
  methods: { GET: { permission: 'customer', handle: listOrOne(companyEquipment, companyEquipmentPiece, 'equipment_not_found') } },
});
