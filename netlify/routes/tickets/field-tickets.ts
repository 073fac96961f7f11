/**
 * GET /api/terrain/tickets — the technicians' app's copy for reading offline, in one call: the open tickets
 * of the person's territories (theirs first) as the staff view with shop and equipment, and the catalogue's
 * references (netlify/lib/field/field-bundle.ts). Permission tickets.read; territory-scoped like the list.
 */
import type { z } from '../../../src/records/zod.ts';
import type { fieldBundleAnswerSchema } from '../../../src/features/tickets/offline/field-bundle.ts';
import { endpoint } from '../../lib/api/endpoint.ts';
import { fieldBundle } from '../../lib/field/field-bundle.ts';
import { json } from '../../lib/http/http.ts';

export default endpoint({
  name: 'field-tickets',
  methods: {
    GET: {
      permission: 'tickets.read',
      handle: async ({ staff }) => json({ success: true, data: await fieldBundle(staff) } satisfies z.infer<typeof fieldBundleAnswerSchema>),
    },
  },
});

