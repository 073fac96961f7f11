/**
 * GET /api/tickets/statistiques — the chart of the staff's list: { success, data: { weeks } }, for each of
 * the last 12 weeks (Monday, oldest first) the tickets opened that week whose « prise en charge » is
 * decided and how many were taken in charge on time, over the person's territories. Read from the index's
 * month entries (a few blobs), never from the tickets themselves.
 */
import type { z } from '../../../src/records/zod.ts';
import type { statisticsAnswerSchema } from '../../../src/features/tickets/staff.ts';
import { endpoint } from '../../lib/api/endpoint.ts';
import { json } from '../../lib/http/http.ts';
import { visibleTerritories } from '../../lib/requests/scope.ts';
import { chartMonths, weeklyShares } from '../../lib/tickets/statistics.ts';
import { clockInputOf, monthEntries } from '../../lib/tickets/ticket-index.ts';

export default endpoint({
  name: 'tickets-statistics',
  methods: {
    GET: {
      permission: 'tickets.read',
      handle: async ({ staff }) => {
        const now = new Date();
        const visible = visibleTerritories(staff);
        const months = await Promise.all(chartMonths(now).map(monthEntries));
        const tickets = months
          .flat()
          .filter((entry) => visible.has(entry.territory))
          .map((entry) => ({ ...clockInputOf(entry), takenInChargeAt: entry.takenInChargeAt ? new Date(entry.takenInChargeAt) : null }));
        return json({ success: true, data: { weeks: weeklyShares(tickets, now) } } satisfies z.infer<typeof statisticsAnswerSchema>);
      },
    },
  },
});
