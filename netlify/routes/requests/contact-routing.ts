/**
 * PATCH /api/contact/{id}/attribution — { territory?, assignedTo? }: moves a request to another territory
 * (« Territoire ») and/or gives it to a person (« Assigné à »: an id from GET /api/admin/personnes, or null
 * for nobody). Each change is a history line naming who made it. Answers { success: true, data } with the
 * request as saved; 400 with `fields` for an unknown territory or person, 404 for an unknown id or a
 * request of a territory the person does not see, 409 when it keeps changing underneath.
 */
import { routingChangeError } from '../../../src/features/contact/request.ts';
import { endpoint } from '../../lib/api/endpoint.ts';
import { apiError, jsonError } from '../../lib/http/http.ts';
import { assignableStaff } from '../../lib/requests/assignees.ts';
import { changeRouting, type RoutingChange } from '../../lib/requests/requests.ts';
import { actorOf, changeAnswer, maySee } from '../../lib/requests/scope.ts';

export default endpoint({
  name: 'contact-routing',
  params: { id: 'request_not_found' },
  methods: {
    PATCH: {
      permission: 'requests.write',
      handle: async ({ params, body, staff }) => {
        const read = await body();
        if (!read.ok) return read.response;
        const checked = routingChangeError(read.body);
        if (!checked.ok) return jsonError(400, checked.error, { fields: { [checked.field]: checked.error } });
        const change: RoutingChange = {};
        if (checked.value.territory) change.territory = checked.value.territory;
        if (checked.value.assignedTo !== undefined) {
          const wanted = checked.value.assignedTo;
          const person = wanted === null ? null : (await assignableStaff()).find((candidate) => candidate.id === wanted);
          if (person === undefined) return apiError('assignee_invalid');
          change.assignedTo = person;
        }
        // The person must see the request before the change (its territory now), not only after it.
        return changeAnswer(await changeRouting(params.id, change, actorOf(staff), new Date(), (request) => maySee(staff, request)));
      },
    },
  },
});
