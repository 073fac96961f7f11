/**
 * The admin workshop screens' calls to the API, with the session's token; every failure carrying the
 * server's French sentence (and each field's), a 401 telling the screen to end the session.
 */
import { authHeader, call, fetchFile, type Result } from '../../lib/api-client';
import { NETWORK_ERROR } from '../../lib/phrases';
import type { DevisDraft } from '../devis/devis';
import type { LoanDevice, RepairBoardAnswer, RepairChangeInput, RepairRow, StaffRepair } from './model';
import { repairApi } from '../../lib/repair-paths';
import type { RepairState } from './states';

export type { Result };

const dataOf = <T>(result: Result<Record<string, unknown>>): Result<T> => (result.ok ? { ok: true, value: result.value.data as T } : result);

/** The board: a state ('' for every open one), a search, a page. */
export async function loadBoard(token: string, query: { state: RepairState | ''; q: string; page: number }): Promise<Result<RepairBoardAnswer>> {
  const params = new URLSearchParams();
  if (query.state) params.set('etat', query.state);
  if (query.q.trim()) params.set('q', query.q.trim());
  if (query.page > 1) params.set('page', String(query.page));
  const result = await call(token, `${repairApi.board}${params.size ? `?${params}` : ''}`);
  return result.ok ? { ok: true, value: result.value as unknown as RepairBoardAnswer } : result;
}

export const openRepairCall = async (token: string, body: Record<string, unknown>): Promise<Result<StaffRepair>> =>
  dataOf(await call(token, repairApi.board, { method: 'POST', body: JSON.stringify(body) }));

export const loadRepair = async (token: string, id: string): Promise<Result<StaffRepair>> => dataOf(await call(token, repairApi.repair(id)));

export const changeRepairCall = async (token: string, id: string, change: RepairChangeInput): Promise<Result<StaffRepair>> =>
  dataOf(await call(token, repairApi.repair(id), { method: 'PATCH', body: JSON.stringify(change) }));

export const sendRepairDevisCall = async (token: string, id: string, draft: DevisDraft): Promise<Result<StaffRepair>> =>
  dataOf(await call(token, repairApi.devis(id), { method: 'POST', body: JSON.stringify({ draft }) }));

export const lendCall = async (token: string, id: string, deviceId: string): Promise<Result<StaffRepair>> =>
  dataOf(await call(token, repairApi.loan(id), { method: 'POST', body: JSON.stringify({ deviceId }) }));

export const returnCall = async (token: string, id: string): Promise<Result<StaffRepair>> => dataOf(await call(token, repairApi.loan(id), { method: 'DELETE' }));

export const loadCompanyWorkshop = async (token: string, companyId: string): Promise<Result<{ repairs: RepairRow[]; pool: LoanDevice[] }>> => dataOf(await call(token, repairApi.company(companyId)));

export const addLoanDeviceCall = async (token: string, companyId: string, body: { model: string; serial: string }): Promise<Result<{ pool: LoanDevice[] }>> =>
  dataOf(await call(token, repairApi.company(companyId), { method: 'POST', body: JSON.stringify(body) }));

/** The counter's reception, a multipart form (the browser sets its type). */
export async function receiveCall(token: string, id: string, form: FormData): Promise<Result<StaffRepair>> {
  let response: Response;
  try {
    response = await fetch(repairApi.reception(id), { method: 'POST', body: form, headers: authHeader(token), cache: 'no-store' });
  } catch {
    return { ok: false, unauthorized: false, status: 0, message: NETWORK_ERROR };
  }
  const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  if (response.ok && body?.success === true) return { ok: true, value: body.data as StaffRepair };
  const message = typeof body?.error === 'string' ? body.error : `Le serveur a répondu par une erreur (${response.status}).`;
  return { ok: false, unauthorized: response.status === 401, status: response.status, message, ...(body?.fields ? { fields: body.fields as Record<string, string> } : {}) };
}

/** Opens a kept PDF of the repair (the slip, the label, the report) in a new tab: the token is a header, so it comes as a blob. */
export async function openRepairFile(token: string, url: string): Promise<Result<true>> {
  const file = await fetchFile(token, url);
  if (!file.ok) return file;
  window.open(URL.createObjectURL(file.value), '_blank', 'noopener');
  return { ok: true, value: true };
}

