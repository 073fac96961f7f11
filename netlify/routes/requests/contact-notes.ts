/**
 * POST /api/contact/{id}/notes — { text }: adds an internal note to a request, signed by who wrote it, 201 { success: true, data }
 * with the whole request. 400 with `fields.text` for an empty, too long or unprintable text, 404 for an
 * unknown id or another territory's request.
 */
import { noteError, noteInputSchema } from '../../../src/features/contact/request.ts';
import { endpoint } from '../../lib/api/endpoint.ts';
import { apiError, jsonError } from '../../lib/http/http.ts';
import { addNote } from '../../lib/requests/requests.ts';
import { actorOf, changeAnswer, getVisibleRequest } from '../../lib/requests/scope.ts';

export default endpoint({
  name: 'contact-notes',
  params: { id: 'request_not_found' },
  methods: {
    POST: {
      permission: 'requests.write',
      input: noteInputSchema,
      handle: async ({ params, body, staff }) => {
        const read = await body();
        if (!read.ok) return read.response;
        const text = (read.body as { text?: unknown } | null)?.text;
        const error = noteError(text);
        if (error) return jsonError(400, error, { fields: { text: error } });
        if (!(await getVisibleRequest(staff, params.id))) return apiError('request_not_found');
        return changeAnswer(await addNote(params.id, text as string, new Date(), actorOf(staff)), { status: 201 });
      },
    },
  },
});
