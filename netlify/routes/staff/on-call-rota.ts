/**
 * The on-call rota (« Astreinte ») of a territory:
 * - GET /api/astreinte/{territoire} — { success, data: { rota, weeks, people, invited } }: the weeks from this
 *   one on (8), who is on call each week, who may be (the territory's active technicians and
 *   administrators) and who may once their account is activated (the invited ones). Permission
 *   tickets.read, for the person's territories.
 * - PUT — { week, accountId | null }: sets one week (administrators: rota.manage). 400 for a bad body, a
 *   week that does not exist or lies outside the rota's years (rotaWeekSchema), or a person who is not an
 *   active technician or administrator of the territory; 404 for a territory that is not the person's.
 */
import { rotaChangeBodySchema } from '../../../src/features/field/on-call.ts';
import { isTerritoryId } from '../../../src/lib/territories.ts';
import { endpoint, withJsonBody, type StaffCall } from '../../lib/api/endpoint.ts';
import { apiError, json } from '../../lib/http/http.ts';
import { onCallCandidates, rotaView } from '../../lib/team/on-call.ts';
import { setOnCall } from '../../lib/push/rota.ts';
import { maySee } from '../../lib/requests/scope.ts';
import { invalidBody } from '../../lib/tickets/staff-tickets.ts';

export default endpoint<'territoire'>({
  name: 'on-call-rota',
  params: { territoire: 'territory_not_found' },
  methods: {
    GET: {
      permission: 'tickets.read',
      handle: async ({ params, staff }) => {
        const territory = params.territoire;
        if (!isTerritoryId(territory) || !maySee(staff, { territory })) return apiError('territory_not_found');
        return json({ success: true, data: await rotaView(territory) });
      },
    },
    PUT: {
      permission: 'rota.manage',
      input: rotaChangeBodySchema,
      handle: withJsonBody<StaffCall<'territoire'>>(async ({ params, staff }, body) => {
        const territory = params.territoire;
        if (!isTerritoryId(territory) || !maySee(staff, { territory })) return apiError('territory_not_found');
        const parsed = rotaChangeBodySchema.safeParse(body);
        if (!parsed.success) return invalidBody(parsed.error);
        const { week, accountId } = parsed.data;
        if (accountId && !(await onCallCandidates(territory)).some((person) => person.id === accountId)) return apiError('on_call_person_invalid');
        await setOnCall(territory, week, accountId);
        return json({ success: true, data: await rotaView(territory) });
      }),
    },
  },
});

