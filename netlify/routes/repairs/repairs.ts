/**
 * /api/atelier — the workshop's board and the opening of a repair.
 * GET (repairs.read) ?etat=&q=&page=: the open repairs of the person's territories — counts per state, how
 * many are overdue, one page of rows (days in the workshop, « En retard ») — or, with `q`, a search by
 * reference, serial or company, whatever the state.
 * POST (repairs.write) { companyId, equipmentId | model + serial, accessories, fault, warranty, origin,
 * ticketId?, contactPersonId?, idempotencyKey? }: opens a repair « Attendu » (RP-2026-00001); 201 with the
 * staff's view. A company of another territory is « not found ». A retried opening answers the same repair.
 */
import { openRepairInputSchema } from '../../../src/features/repairs/model.ts';
import { isRepairState } from '../../../src/features/repairs/states.ts';
import { endpoint, withJsonBody, withValid, type StaffCall } from '../../lib/api/endpoint.ts';
import { apiError, json } from '../../lib/http/http.ts';
import { readIdempotencyKey } from '../../lib/storage/idempotency.ts';
import { repairAnswer } from '../../lib/repairs/repair-http.ts';
import { openRepair } from '../../lib/repairs/repairs.ts';
import { repairBoard, staffRepairAuthor, visibleCompany } from '../../lib/repairs/staff-repairs.ts';

export default endpoint({
  name: 'repairs',
  methods: {
    GET: {
      permission: 'repairs.read',
      handle: async ({ request, staff }) => {
        const url = new URL(request.url);
        const state = url.searchParams.get('etat') ?? '';
        const page = Number(url.searchParams.get('page') ?? '1');
        return json(await repairBoard(staff, { state: isRepairState(state) ? state : '', query: (url.searchParams.get('q') ?? '').slice(0, 100), page: Number.isInteger(page) ? page : 1 }));
      },
    },
    POST: {
      permission: 'repairs.write',
      input: openRepairInputSchema,
      handle: withJsonBody<StaffCall<never>>(async ({ staff, context }, body) => {
        const key = readIdempotencyKey(body);
        if (!key.ok) return json(key.failure, 400);
        return withValid(openRepairInputSchema, body, async (input) => {
          const company = await visibleCompany(staff, input.companyId);
          if (!company) return apiError('company_not_found');
          const { repair, created } = await openRepair({ company, openedBy: staffRepairAuthor(staff), input }, { idempotencyKey: key.key, waitUntil: context?.waitUntil?.bind(context) });
          return repairAnswer(staff, { ok: true, repair }, created ? 201 : 200);
        });
      }),
    },
  },
});

