/**
 * The addresses of the staff's ticket pages and API, and the roles that read tickets, in one light module
 * (no zod) that the admin header's script may load on every page.
 */
import { API, apiPath } from '../../lib/api-routes.ts';

/** The admin's pages of the tickets (a ticket's view is one static page, the ticket in `?id=`). */
export const ticketPages = {
  list: '/admin/tickets',
  view: (id: string): string => `/admin/tickets/ticket?id=${encodeURIComponent(id)}`,
} as const;

/** The staff's API of the tickets. */
export const ticketApi = {
  list: API.tickets,
  statistics: API.ticketStatistics,
  ticket: (id: string): string => apiPath(API.ticket, { id }),
  messages: (id: string): string => apiPath(API.ticketMessages, { id }),
  photo: (id: string, photoId: string): string => apiPath(API.ticketPhoto, { id, photoId }),
  resolution: (id: string): string => apiPath(API.ticketResolution, { id }),
  fromRequest: (requestId: string): string => apiPath(API.contactTicket, { id: requestId }),
} as const;

