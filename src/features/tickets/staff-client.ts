/**
 * The admin ticket screens' calls to the API, with the session's token; every answer checked with its zod
 * schema, every failure carrying the server's French sentence.
 */
import { authHeader, call, checked, type Result } from '../../lib/api-client';
import { NETWORK_ERROR } from '../../lib/phrases';
import {
  staffTicketAnswerSchema,
  statisticsAnswerSchema,
  ticketListAnswerSchema,
  ticketQuery,
  type ResolutionBody,
  type StaffTicket,
  type TicketChangeBody,
  type TicketFilter,
  type TicketListAnswer,
  type WeekShare,
} from './staff';
import { ticketApi } from './ticket-paths';

export type { Result };

export const loadTickets = async (token: string, filter: TicketFilter, cursor?: string | null): Promise<Result<TicketListAnswer>> =>
  checked(await call(token, `${ticketApi.list}${ticketQuery(filter, { cursor })}`), ticketListAnswerSchema);

export async function loadStatistics(token: string): Promise<Result<WeekShare[]>> {
  const answer = checked(await call(token, ticketApi.statistics), statisticsAnswerSchema);
  return answer.ok ? { ok: true, value: answer.value.data.weeks } : answer;
}

const ticketOf = (result: Result<Record<string, unknown>>): Result<StaffTicket> => {
  const answer = checked(result, staffTicketAnswerSchema);
  return answer.ok ? { ok: true, value: answer.value.data } : answer;
};

export const loadTicket = async (token: string, id: string): Promise<Result<StaffTicket>> => ticketOf(await call(token, ticketApi.ticket(id)));

export const changeTicket = async (token: string, id: string, change: TicketChangeBody): Promise<Result<StaffTicket>> =>
  ticketOf(await call(token, ticketApi.ticket(id), { method: 'PATCH', body: JSON.stringify(change) }));

export const resolveTicket = async (token: string, id: string, body: ResolutionBody): Promise<Result<StaffTicket>> =>
  ticketOf(await call(token, ticketApi.resolution(id), { method: 'POST', body: JSON.stringify(body) }));

/** A reply to the customer or an internal note, with its photos: a multipart form (the browser sets its type). */
export async function sendMessage(token: string, id: string, form: FormData): Promise<Result<StaffTicket>> {
  let response: Response;
  try {
    response = await fetch(ticketApi.messages(id), { method: 'POST', body: form, headers: authHeader(token), cache: 'no-store' });
  } catch {
    return { ok: false, unauthorized: false, status: 0, message: NETWORK_ERROR };
  }
  const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  if (response.ok && body?.success === true) return ticketOf({ ok: true, value: body });
  const message = typeof body?.error === 'string' ? body.error : `Le serveur a répondu par une erreur (${response.status}).`;
  return { ok: false, unauthorized: response.status === 401, status: response.status, message };
}
