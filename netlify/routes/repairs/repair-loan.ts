/**
 * /api/atelier/{id}/pret (repairs.write) — the loan device of a repair: POST { deviceId } lends one of the
 * company's « Disponible » devices against the repair (409 when it is not available, or the repair already
 * holds one); DELETE records its return (409 when nothing is out). Answers the staff's view of the repair.
 */
import { line } from '../../../src/records/text.ts';
import { z } from '../../../src/records/zod.ts';
import { endpoint, withValidBody, type StaffCall } from '../../lib/api/endpoint.ts';
import { lendDevice, returnDevice } from '../../lib/repairs/loans.ts';
import { onVisibleRepair, repairAnswer } from '../../lib/repairs/repair-http.ts';
import { staffRepairAuthor } from '../../lib/repairs/staff-repairs.ts';

const lendSchema = z.object({ deviceId: line({ label: 'Appareil de prêt', max: 64, min: 1, messages: { missing: 'Appareil de prêt\u00a0: choisissez un appareil.' } }) });

export default endpoint({
  name: 'repair-loan',
  params: { id: 'repair_not_found' },
  methods: {
    POST: {
      permission: 'repairs.write',
      input: lendSchema,
      handle: onVisibleRepair(async (call, repair) =>
        withValidBody(lendSchema, async ({ staff }: StaffCall<'id'>, { deviceId }) => repairAnswer(staff, await lendDevice(repair, deviceId, staffRepairAuthor(staff))))(call),
      ),
    },
    DELETE: {
      permission: 'repairs.write',
      handle: onVisibleRepair(async ({ staff }, repair) => repairAnswer(staff, await returnDevice(repair, staffRepairAuthor(staff)))),
    },
  },
});

