/**
 * The tickets in the customers' space: the words a customer reads about a ticket (what is expected next
 * in each state), the addresses of the space's tickets API and the limits of what they type, shared by
 * the space's functions and its pages. No schema library here: the pages load this file.
 */
import { API, apiPath } from '../../lib/api-routes.ts';
import { RESOLVED_GRACE_MS, type TicketState } from './states.ts';

/** What happens next, as the customer reads it in « Mes tickets » and on the ticket's page. */
export const NEXT_STEP: Record<TicketState, string> = {
  nouveau: 'Un technicien va prendre en charge votre demande.',
  pris_en_charge: 'Un technicien s’occupe de votre demande.',
  en_intervention: 'Intervention en cours.',
  en_attente_client: 'En attente de votre réponse.',
  resolu: 'Résolu\u00a0: si le problème revient, vous pouvez rouvrir ce ticket pendant 7\u00a0jours.',
  clos: 'Ticket clos.',
};

/** The limits of a declaration's and a message's fields (characters). */
export const TICKET_LIMITS = { description: 4000, message: 4000, model: 120, serial: 60, phone: 30, descriptionMin: 10 } as const;

/** Until when a resolved ticket may be reopened (ISO), or null when it is not « Résolu ». */
export function reopenUntil(ticket: { state: TicketState; resolvedAt: string | null }): string | null {
  if (ticket.state !== 'resolu' || !ticket.resolvedAt) return null;
  return new Date(Date.parse(ticket.resolvedAt) + RESOLVED_GRACE_MS).toISOString();
}

/** Whether the customer may reopen it at `now`. */
export const canReopen = (ticket: { state: TicketState; resolvedAt: string | null }, now: Date): boolean => {
  const until = reopenUntil(ticket);
  return until !== null && now.getTime() < Date.parse(until);
};

/** The space's tickets API (the session cookie; the paths declared in src/lib/api-routes.ts). */
export const spaceTicketApi = {
  list: API.spaceTickets,
  ticket: (id: string): string => apiPath(API.spaceTicket, { id }),
  messages: (id: string): string => apiPath(API.spaceTicketMessages, { id }),
  reopen: (id: string): string => apiPath(API.spaceTicketReopen, { id }),
  photo: (id: string, photoId: string): string => apiPath(API.spaceTicketPhoto, { id, photoId }),
  report: (id: string): string => apiPath(API.spaceTicketReport, { id }),
} as const;

/** A ticket's page in the space. */
export const spaceTicketPage = (id: string): string => `/espace-client/tickets/ticket?id=${encodeURIComponent(id)}`;
