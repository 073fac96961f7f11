/**
 * The « Clients » screens' calls to the staff API (with the session's token), each answer checked with
 * the schema the function answers with; a failure carries the server's French sentence and its `fields`.
 */
import { z } from '../../records/zod.ts';
import { call, checked, type Result } from '../../lib/api-client';
import {
  companyAnswerSchema,
  companyListAnswerSchema,
  customersApi,
  productChoicesAnswerSchema,
  type CompanyAnswer,
  type CompanyListAnswer,
  type CompanyPart,
  type ProductChoice,
} from '../customers/admin-api';

export type { Result };

const send = (method: string, body?: unknown): RequestInit => ({ method, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });

/** One page of the list. */
export const loadCompanies = async (token: string, filter: { q: string; territoire: string; page: number }): Promise<Result<CompanyListAnswer>> =>
  checked(await call(token, `${customersApi.list}?${new URLSearchParams({ q: filter.q, territoire: filter.territoire, page: String(filter.page) })}`), companyListAnswerSchema);

export const loadCompany = async (token: string, id: string): Promise<Result<CompanyAnswer>> => checked(await call(token, customersApi.company(id)), companyAnswerSchema);

/** « Nouvelle société ». */
export const createCompany = async (token: string, input: unknown): Promise<Result<CompanyAnswer>> => checked(await call(token, customersApi.list, send('POST', input)), companyAnswerSchema);

/** The company's own fields, from the version shown (`updatedAt`). */
export const changeCompany = async (token: string, id: string, input: unknown): Promise<Result<CompanyAnswer>> =>
  checked(await call(token, customersApi.company(id), send('PUT', input)), companyAnswerSchema);

export const deleteCompany = async (token: string, id: string): Promise<Result<unknown>> => call(token, customersApi.company(id), send('DELETE'));

/** Adds (no item id) or changes an item of a company's list. */
export const savePart = async (token: string, id: string, part: CompanyPart, itemId: string | undefined, input: unknown): Promise<Result<CompanyAnswer>> =>
  checked(await call(token, customersApi.part(id, part, itemId), send(itemId ? 'PUT' : 'POST', input)), companyAnswerSchema);

export const removePart = async (token: string, id: string, part: CompanyPart, itemId: string): Promise<Result<CompanyAnswer>> =>
  checked(await call(token, customersApi.part(id, part, itemId), send('DELETE')), companyAnswerSchema);

/** « Inviter »: the person gets the sign-in link e-mail. */
export const invitePerson = async (token: string, id: string, personId: string): Promise<Result<unknown>> =>
  checked(await call(token, customersApi.invitation(id, personId), send('POST', {})), z.object({}).loose());

/** The catalogue's products a text names (reference, code or words of the name). */
export const findProducts = async (token: string, query: string): Promise<Result<ProductChoice[]>> => {
  const answer = checked(await call(token, customersApi.products(query)), productChoicesAnswerSchema);
  return answer.ok ? { ok: true, value: answer.value.data } : answer;
};
