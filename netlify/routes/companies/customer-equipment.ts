/**
 * /api/clients/{id}/equipements (POST: add) and /api/clients/{id}/equipements/{equipmentId} (PUT: change,
 * DELETE: remove), equipment.write (technicians too) — a piece of equipment { productSlug (a catalogue
 * product, whose name becomes the model) or model (typed), serial, shopId (one of the company's shops, or
 * none), underContract }. Answers the whole company.
 */
import { equipmentInputSchema } from '../../../src/features/customers/admin-api.ts';
import { saveEquipment } from '../../lib/customers/company-admin.ts';
import { companyPartEndpoint } from '../../lib/api/company-part-endpoint.ts';

export default companyPartEndpoint({
  name: 'customer-equipment',
  list: 'equipment',
  itemParam: 'equipmentId',
  notFound: 'equipment_not_found',
  permission: 'equipment.write',
  schema: equipmentInputSchema,
  save: saveEquipment,
  done: { added: 'Équipement ajouté', changed: 'Équipement modifié', removed: 'Équipement retiré' },
});
