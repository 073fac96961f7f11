/**
 * GET /api/admin/personnes — the people a request can be assigned to: { success: true, data: [{ id, name }] },
 * the owner first, then the active staff accounts by name. Anyone who reads requests may list them.
 */
import type { AssigneesAnswer } from '../../../src/features/contact/request.ts';
import { endpoint } from '../../lib/api/endpoint.ts';
import { json } from '../../lib/http/http.ts';
import { assignableStaff } from '../../lib/requests/assignees.ts';

export default endpoint({
  name: 'admin-assignees',
  methods: {
    GET: {
      permission: 'requests.read',
      handle: async () => json({ success: true, data: await assignableStaff() } satisfies AssigneesAnswer),
    },
  },
});
