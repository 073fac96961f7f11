/**
 * /api/atelier/{id} — one repair, for the staff of its territory (another territory's is « not found »).
 * GET (repairs.read): the repair, its devis' state, the moves allowed now, the company's loan devices.
 * PATCH (repairs.write) { action: 'etat', to } | { action: 'repare', work, parts, tests } |
 * { action: 'diagnostic', diagnosis } | { action: 'technicien', technicianId } | { action: 'note', text }:
 * one change, checked against the states table (409 with its French sentence when refused — out of warranty,
 * « En réparation » needs an accepted devis); the customer's e-mails of the new state follow.
 */
import { repairChangeInputSchema } from '../../../src/features/repairs/model.ts';
import { endpoint, withValid } from '../../lib/api/endpoint.ts';
import { onVisibleRepair, repairAnswer } from '../../lib/repairs/repair-http.ts';
import { changeRepairAs } from '../../lib/repairs/staff-repairs.ts';

export default endpoint({
  name: 'repair',
  params: { id: 'repair_not_found' },
  methods: {
    GET: {
      permission: 'repairs.read',
      handle: onVisibleRepair(async ({ staff }, repair) => repairAnswer(staff, { ok: true, repair })),
    },
    PATCH: {
      permission: 'repairs.write',
      input: repairChangeInputSchema,
      handle: onVisibleRepair(async ({ staff, context, body }, repair) => {
        const read = await body();
        if (!read.ok) return read.response;
        return withValid(repairChangeInputSchema, read.body, async (input) =>
          repairAnswer(staff, await changeRepairAs(staff, repair, input, { waitUntil: context?.waitUntil?.bind(context) })),
        );
      }),
    },
  },
});

