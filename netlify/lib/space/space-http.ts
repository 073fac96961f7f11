/** The answers of the customers' space's reads. */
import type { Company } from '../../../src/features/customers/model.ts';
import type { CustomerCall } from '../api/endpoint.ts';
import type { PlainErrorCode } from '../http/errors.ts';
import { apiError, json, routeParam } from '../http/http.ts';

/**
 * A GET of the space answering the company's list at its bare path, or one record at `…/{id}`: the record
 * must be the signed-in company's, otherwise `missing` (404), the same answer as for an id that does not exist.
 */
export const listOrOne =
  <T, U>(list: (company: Company) => Promise<T[]>, one: (company: Company, id: string) => Promise<U | undefined>, missing: PlainErrorCode) =>
  async ({ customer, context }: CustomerCall<never>): Promise<Response> => {
    const id = routeParam(context, 'id');
    if (id === undefined) return json({ success: true, data: await list(customer.company) });
    const found = await one(customer.company, id);
    return found ? json({ success: true, data: found }) : apiError(missing);
  };
