/**
 * The addresses of the staff's ticket pages and API, and the roles that read tickets, in one light module
 * (no zod) that the admin header's script may load on every page.
 */

/** The admin's pages of the tickets (a ticket's view is one static page, the ticket in `?id=`). */
export const ticketPages = {
  list: '/admin/tickets',
  view: (id: string): string => `/admin/tickets/ticket?id=${encodeURIComponent(id)}`,
} as const;

/** The staff's API of the tickets. */
export const ticketApi = {
  list: '/api/tickets',
  statistics: '/api/tickets/statistiques',
  ticket: (id: string): string => `/api/tickets/${encodeURIComponent(id)}`,
  messages: (id: string): string => `/api/tickets/${encodeURIComponent(id)}/messages`,
  resolution: (id: string): string => `/api/tickets/${encodeURIComponent(id)}/resolution`,
  fromRequest: (requestId: string): string => `/api/contact/${encodeURIComponent(requestId)}/ticket`,
} as const;

