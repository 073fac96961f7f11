/**
 * /api/atelier/{id}/pret (repairs.write) — the loan device of a repair: POST { deviceId } lends one of the
 * company's « Disponible » devices against the repair (409 when it is not available, or the repair already
 * holds one); DELETE records its return (409 when nothing is out). Answers the staff's view of the repair.
 */
import { z } from '../../../src/records/zod.ts';
import { endpoint, withJsonBody, type StaffCall } from '../../lib/api/endpoint.ts';
import { lendDevice, returnDevice } from '../../lib/repairs/loans.ts';
import { onVisibleRepair, repairAnswer, withValidRepairBody } from '../../lib/repairs/repair-http.ts';
import { staffRepairAuthor } from '../../lib/repairs/staff-repairs.ts';

const lendSchema = z.object({ deviceId: z.string().trim().min(1, 'Appareil de prêt : choisissez un appareil.').max(64) });

export default endpoint({
  name: 'repair-loan',
  params: { id: 'repair_not_found' },
  methods: {
    POST: {
      permission: 'repairs.write',
      handle: onVisibleRepair(async (call, repair) =>
        withJsonBody<StaffCall<'id'>>(async ({ staff }, body) => withValidRepairBody(lendSchema, body, async ({ deviceId }) => repairAnswer(staff, await lendDevice(repair, deviceId, staffRepairAuthor(staff)))))(call),
      ),
    },
    DELETE: {
      permission: 'repairs.write',
      handle: onVisibleRepair(async ({ staff }, repair) => repairAnswer(staff, await returnDevice(repair, staffRepairAuthor(staff)))),
    },
  },
});

